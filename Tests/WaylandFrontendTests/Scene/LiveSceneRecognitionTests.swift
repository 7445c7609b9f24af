import Replay
import Testing
import TouchTrace
@testable import TouchstoneCLI

/// The adapter that runs a live session through a replay scene with the replay driver.
@Suite("Live scene recognition")
struct LiveSceneRecognitionTests {
    private let device = DeviceDescription(
        index: 0, name: "Wayland touch (seat0)", kind: .touchscreen, source: .wayland,
        x: AxisRange(minimum: 0, maximum: 400 * 256), y: AxisRange(minimum: 0, maximum: 300 * 256),
        slots: 32, unitsPerPoint: 256)

    private func touch(_ time: Microseconds, _ phase: TouchPhase) -> TraceEvent {
        .touch(TouchSample(time: time, phase: phase, touch: 0, x: 100 * 256, y: 100 * 256))
    }

    private func makeRecognition() throws -> LiveSceneRecognition {
        LiveSceneRecognition(scene: try #require(BuiltinScenes.named("map")), devices: [device], log: nil)
    }

    @Test("asks to be woken a frame grace after touch samples that no frame mark ended")
    func unframedSamplesWaitForTheGrace() throws {
        let recognition = try makeRecognition()
        recognition.receive(touch(5_000_000, .down))
        #expect(recognition.nextDeadline == 5_000_000 + LiveSceneRecognition.frameGrace)
    }

    @Test("after a frame mark, wakes only for the scene's timers, in trace time")
    func framedSamplesLeaveTheTimers() throws {
        let recognition = try makeRecognition()
        recognition.receive(touch(5_000_000, .down))
        recognition.receive(.frame(FrameMark(time: 5_000_000, device: 0)))
        let longPress: Microseconds = 5_000_000 + 500_000
        #expect(recognition.nextDeadline == longPress)
    }

    @Test("delivers a lift that no frame mark ended once its grace has passed")
    func liftWithoutFrameIsDelivered() throws {
        let recognition = try makeRecognition()
        recognition.receive(touch(5_000_000, .down))
        recognition.receive(.frame(FrameMark(time: 5_000_000, device: 0)))
        recognition.receive(touch(5_050_000, .up))
        var guardCount = 0
        while let deadline = recognition.nextDeadline, guardCount < 10 {
            recognition.advance(to: deadline)
            guardCount += 1
        }
        let singleTap = recognition.overlay.recognizers.first { $0.name == "singleTap" }
        #expect(singleTap?.lastAction.hasPrefix("recognized") == true)
    }

    @Test("shows every view of the scene and each of its recognizers in the overlay")
    func overlayListsTheScene() throws {
        let scene = try #require(BuiltinScenes.named("map"))
        let overlay = try makeRecognition().overlay
        #expect(overlay.views.map(\.name).contains("map"))
        #expect(Set(overlay.recognizers.map(\.name)) == Set(scene.allRecognizers.map(\.id)))
        #expect(overlay.recognizers.count == scene.allRecognizers.count)
    }
}
