import Testing
import TouchTrace
@testable import WaylandFrontend

@Suite("Live input overlay")
struct InputOverlayTests {
    private func touch(_ phase: TouchPhase, slot: UInt16, x: Int32) -> TraceEvent {
        .touch(TouchSample(time: 0, phase: phase, touch: 0, slot: slot, x: x * 256, y: 0))
    }

    @Test("starts a slot's trail afresh on its next touch-down and stops it at the lift")
    func trailsPerSlot() {
        var overlay = InputOverlay(unitsPerPoint: 256)
        overlay.apply(touch(.down, slot: 0, x: 1))
        overlay.apply(touch(.motion, slot: 0, x: 2))
        overlay.apply(touch(.up, slot: 0, x: 2))
        overlay.apply(touch(.motion, slot: 0, x: 9))
        #expect(overlay.trails.first?.points.map(\.x) == [1, 2, 2])
        overlay.apply(touch(.down, slot: 0, x: 5))
        #expect(overlay.trails.count == 1)
        #expect(overlay.trails.first?.points.map(\.x) == [5])
        #expect(overlay.trails.first?.isDown == true)
    }

    @Test("accumulates a pinch's rotation and shows its latest scale")
    func pinchAccumulates() {
        var overlay = InputOverlay(unitsPerPoint: 256)
        overlay.apply(.gesture(GestureSample(time: 0, kind: .pinch, phase: .begin, fingers: 2)))
        overlay.apply(.gesture(GestureSample(time: 1, kind: .pinch, phase: .update, fingers: 2, scale: 1.5, angleDelta: 10)))
        overlay.apply(.gesture(GestureSample(time: 2, kind: .pinch, phase: .update, fingers: 2, scale: 1.25, angleDelta: 5)))
        #expect(overlay.gesture?.text == "pinch 2 fingers update scale 1.25 angle 15")
    }
}
