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
        #expect(points(overlay.trails.first) == [1, 2, 2])
        overlay.apply(touch(.down, slot: 0, x: 5))
        #expect(overlay.trails.count == 1)
        #expect(points(overlay.trails.first) == [5])
        #expect(overlay.trails.first?.isDown == true)
    }

    private func points(_ trail: InputOverlay.Trail?) -> [Double] {
        guard let trail else { return [] }
        return (0..<trail.count).map { trail[$0].x }
    }

    @Test("keeps only the last points of a long trail, oldest first")
    func trailIsBounded() {
        var overlay = InputOverlay(unitsPerPoint: 256)
        overlay.apply(touch(.down, slot: 0, x: 0))
        for x in 1...Int32(InputOverlay.trailLength + 9) { overlay.apply(touch(.motion, slot: 0, x: x)) }
        let kept = points(overlay.trails.first)
        #expect(kept.count == InputOverlay.trailLength)
        #expect(kept.first == 10)
        #expect(kept.last == Double(InputOverlay.trailLength + 9))
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
