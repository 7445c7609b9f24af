import AllocationCounter
import Testing
import TouchTrace
@testable import WaylandFrontend

/// Feeds every event into the live overlay, as the session does, and counts them.
private final class OverlaySink: TraceEventSink {
    var overlay = InputOverlay(unitsPerPoint: 256)
    var events = 0
    func append(_ event: TraceEvent) {
        events += 1
        overlay.apply(event)
    }
}

@Suite("Wayland translation allocations")
struct TranslationAllocationTests {
    private func session(_ translator: WaylandEventTranslator, stamp: inout UInt32) {
        translator.touchDown(time: stamp, id: 3, x: 256, y: 256)
        translator.touchDown(time: stamp, id: 4, x: 256, y: 256)
        translator.touchFrame()
        for step in 0..<100 {
            stamp += 8
            translator.touchMotion(time: stamp, id: 3, x: Int32(step) * 256, y: 512)
            translator.touchMotion(time: stamp, id: 4, x: 512, y: Int32(step) * 256)
            translator.touchFrame()
        }
        translator.touchUp(time: stamp, id: 3)
        translator.touchUp(time: stamp, id: 4)
        translator.touchFrame()
        translator.pinchBegin(time: stamp, fingers: 2)
        translator.pinchUpdate(time: stamp + 1, dx: 1, dy: 1, scale: 1.1, rotation: 2)
        translator.pinchEnd(time: stamp + 2, cancelled: false)
    }

    @Test("translating touches and gestures into the overlay allocates nothing per event once warm")
    func noAllocationsPerEvent() {
        let sink = OverlaySink()
        let translator = WaylandEventTranslator(touchDevice: 0, gestureDevice: 1, sink: sink)
        var stamp: UInt32 = 1000
        session(translator, stamp: &stamp)
        let warmEvents = sink.events
        allocation_counter_start()
        for _ in 0..<10 { session(translator, stamp: &stamp) }
        let allocations = allocation_counter_stop()
        #expect(sink.events - warmEvents == 10 * 309)
        #expect(allocations == 0)
    }
}
