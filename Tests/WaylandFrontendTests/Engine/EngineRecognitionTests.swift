import GestureEngine
import Testing
import TouchTrace
@testable import WaylandFrontend

@Suite("Engine-backed live recognition")
struct EngineRecognitionTests {
    private func makeRecognition() throws -> EngineRecognition {
        EngineRecognition(
            window: DefaultLiveScene.makeWindow(width: 400, height: 300), log: try ObservationLog(path: nil),
            unitsPerPoint: 256)
    }

    private func touch(_ time: Microseconds, _ phase: TouchPhase) -> TraceEvent {
        .touch(TouchSample(time: time, phase: phase, touch: 0, x: 100 * 256, y: 100 * 256))
    }

    @Test("holds touch samples until their frame and asks to be woken when the frame never comes")
    func unframedSamplesWaitForTheGrace() throws {
        let recognition = try makeRecognition()
        recognition.receive(touch(1_000_000, .down))
        #expect(recognition.nextDeadline == 1_000_000 + EngineRecognition.frameGrace)
        recognition.receive(.frame(FrameMark(time: 1_000_000, device: 0)))
        // Delivered: only the long press timer is pending now.
        let longPressDeadline: Microseconds = 1_000_000 + 500_000
        #expect(recognition.nextDeadline == longPressDeadline)
    }

    @Test("delivers a lift without a frame once its grace has passed, so a tap is recognized")
    func liftWithoutFrameIsDelivered() throws {
        let recognition = try makeRecognition()
        recognition.receive(touch(1_000_000, .down))
        recognition.receive(.frame(FrameMark(time: 1_000_000, device: 0)))
        recognition.advance(to: 1_050_000)
        recognition.receive(touch(1_050_000, .up))
        let due = try #require(recognition.nextDeadline)
        recognition.advance(to: due)
        let tap = recognition.overlay.recognizers.first { $0.name == "tap" }
        #expect(tap?.lastAction.hasPrefix("ended") == true)
    }

    @Test("shows the scene's view frames and every recognizer in the overlay")
    func overlayListsTheScene() throws {
        let overlay = try makeRecognition().overlay
        #expect(overlay.views.map(\.name) == ["window", "canvas"])
        #expect(overlay.recognizers.map(\.name) == ["tap", "double tap", "long press", "pan", "pinch", "rotation"])
        #expect(overlay.recognizers.allSatisfy { $0.state == "possible" && $0.lastAction == "-" })
    }
}
