import GestureEngine
import Replay
import TestSupport
import Testing
import TouchTrace
@testable import TouchstoneCommands

/// The overlay a live session's window draws from its scene (the timing rule is `LiveReplay`'s).
@Suite("Live scene recognition")
struct LiveSceneRecognitionTests {
    private let device = TestDevices.waylandTouchscreen()

    private func makeRecognition() throws -> LiveSceneRecognition {
        LiveSceneRecognition(scene: try #require(BuiltinScenes.named("map")), devices: [device], log: nil)
    }

    @Test("shows every view of the scene and each of its recognizers in the overlay")
    func overlayListsTheScene() throws {
        let scene = try #require(BuiltinScenes.named("map"))
        let overlay = try makeRecognition().overlay(at: nil)
        #expect(overlay.views.map(\.name).contains("map"))
        #expect(Set(overlay.recognizers.map(\.name)) == Set(scene.allRecognizers.map(\.id)))
        #expect(overlay.recognizers.count == scene.allRecognizers.count)
    }

    private func move(_ time: Microseconds, _ phase: TouchPhase, x: Int32) -> [TraceEvent] {
        [.touch(TouchSample(time: time, phase: phase, touch: 0, x: x * 256, y: 100 * 256)),
         .frame(FrameMark(time: time, device: 0))]
    }

    /// A one-finger drag that stops and is held still, as the overlay sees it.
    private func heldPan() throws -> (LiveSceneRecognition, lastMove: Microseconds) {
        let recognition = try makeRecognition()
        var time: Microseconds = 1_000_000
        var events = move(time, .down, x: 100)
        for step in 1...10 {
            time += 16_000
            events += move(time, .motion, x: 100 + Int32(step) * 20)
        }
        for event in events {
            recognition.advance(to: event.time)
            recognition.receive(event)
        }
        return (recognition, time)
    }

    @Test("shows a pan's velocity as it is now: the last one while the fingers move, zero once they are still")
    func velocityFallsToZeroWhenStill() throws {
        let (recognition, lastMove) = try heldPan()
        let pan = { (now: Microseconds) in recognition.overlay(at: now).recognizers.first { $0.name == "pan" }?.lastAction ?? "" }
        #expect(pan(lastMove).hasPrefix("changed"))
        #expect(!pan(lastMove).contains("velocity=(0.00,0.00)"))
        #expect(pan(lastMove + GestureDefaults.velocityWindow + 1).contains("velocity=(0.00,0.00)"))
        #expect(pan(lastMove + GestureDefaults.velocityWindow + 1).contains("translation=(200.00,0.00)"))
    }

    @Test("tells the session when the overlay will change with time alone")
    func overlayNamesItsNextChange() throws {
        let (recognition, lastMove) = try heldPan()
        #expect(recognition.overlay(at: lastMove).changesAt == lastMove + GestureDefaults.velocityWindow + 1)
        #expect(recognition.overlay(at: lastMove + GestureDefaults.velocityWindow + 1).changesAt == nil)
    }
}
