import GestureEngine
import Replay
import TestSupport
import Testing
import TouchTrace

/// The live timing rule: the replay driver on a live session's clock.
@Suite("Live replay timing")
struct LiveReplayTests {
    private let device = TestDevices.waylandTouchscreen()

    private func touch(_ time: Microseconds, _ phase: TouchPhase) -> TraceEvent {
        .touch(TouchSample(time: time, phase: phase, touch: 0, x: 100 * 256, y: 100 * 256))
    }

    private func makeReplay() throws -> LiveReplay {
        LiveReplay(scene: try #require(BuiltinScenes.named("map")), devices: [device], log: nil)
    }

    @Test("asks to be woken a frame grace after touch samples that no frame mark ended")
    func unframedSamplesWaitForTheGrace() throws {
        let replay = try makeReplay()
        replay.receive(touch(5_000_000, .down))
        #expect(replay.nextDeadline == 5_000_000 + LiveReplay.frameGrace)
    }

    @Test("after a frame mark, wakes only for the scene's timers, in trace time")
    func framedSamplesLeaveTheTimers() throws {
        let replay = try makeReplay()
        replay.receive(touch(5_000_000, .down))
        replay.receive(.frame(FrameMark(time: 5_000_000, device: 0)))
        let longPress: Microseconds = 5_000_000 + 500_000
        #expect(replay.nextDeadline == longPress)
    }

    @Test("delivers a lift that no frame mark ended once its grace has passed")
    func liftWithoutFrameIsDelivered() throws {
        let replay = try makeReplay()
        replay.receive(touch(5_000_000, .down))
        replay.receive(.frame(FrameMark(time: 5_000_000, device: 0)))
        replay.receive(touch(5_050_000, .up))
        var guardCount = 0
        while let deadline = replay.nextDeadline, guardCount < 10 {
            replay.advance(to: deadline)
            guardCount += 1
        }
        #expect(replay.lastAction(of: "singleTap")?.values.hasPrefix("recognized") == true)
    }
}
