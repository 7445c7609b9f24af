import Testing
import TouchTrace
@testable import WaylandFrontend

/// Collects what the translator emits.
final class CollectingSink: TraceEventSink {
    var events: [TraceEvent] = []
    func append(_ event: TraceEvent) { events.append(event) }
}

@Suite("Wayland event translation")
struct WaylandEventTranslatorTests {
    private func makeTranslator() -> (WaylandEventTranslator, CollectingSink) {
        let sink = CollectingSink()
        return (WaylandEventTranslator(touchDevice: 0, gestureDevice: 1, sink: sink), sink)
    }

    @Test("numbers touch sequences in start order even when the compositor reuses a wl_touch id")
    func sequencesAreNumberedInOrder() {
        let (translator, sink) = makeTranslator()
        translator.touchDown(time: 10, id: 5, x: 256, y: 512)
        translator.touchUp(time: 20, id: 5)
        translator.touchDown(time: 30, id: 5, x: 0, y: 0)
        #expect(sink.events.compactMap { if case .touch(let s) = $0 { s.touch } else { nil } } == [TouchID(0), 0, 1])
    }

    @Test("gives each new touch the lowest free slot")
    func lowestFreeSlot() {
        let (translator, sink) = makeTranslator()
        translator.touchDown(time: 10, id: 40, x: 0, y: 0)
        translator.touchDown(time: 10, id: 41, x: 0, y: 0)
        translator.touchUp(time: 20, id: 40)
        translator.touchDown(time: 30, id: 42, x: 0, y: 0)
        #expect(sink.events.compactMap { if case .touch(let s) = $0 { s.slot } else { nil } } == [UInt16(0), 1, 0, 0])
    }

    @Test("keeps positions as wl_fixed_t units and repeats the last position on up")
    func positionsAreFixedUnits() {
        let (translator, sink) = makeTranslator()
        translator.touchDown(time: 10, id: 1, x: 300, y: 301)
        translator.touchMotion(time: 11, id: 1, x: 302, y: 303)
        translator.touchUp(time: 12, id: 1)
        #expect(sink.events == [
            .touch(TouchSample(time: 10_000, phase: .down, touch: 0, x: 300, y: 301)),
            .touch(TouchSample(time: 11_000, phase: .motion, touch: 0, x: 302, y: 303)),
            .touch(TouchSample(time: 12_000, phase: .up, touch: 0, x: 302, y: 303)),
        ])
    }

    @Test("turns wl_touch.cancel into a cancel per touch in slot order and one frame at the last stamp")
    func cancelEndsEveryTouch() {
        let (translator, sink) = makeTranslator()
        translator.touchDown(time: 10, id: 9, x: 1, y: 1)
        translator.touchDown(time: 15, id: 3, x: 2, y: 2)
        sink.events.removeAll()
        translator.touchCancel()
        #expect(sink.events == [
            .touch(TouchSample(time: 15_000, phase: .cancel, touch: 0, slot: 0, x: 1, y: 1)),
            .touch(TouchSample(time: 15_000, phase: .cancel, touch: 1, slot: 1, x: 2, y: 2)),
            .frame(FrameMark(time: 15_000, device: 0)),
        ])
        #expect(translator.activeTouchCount == 0)
    }

    @Test("ignores motion and up of a touch that is not down")
    func unknownTouchesAreIgnored() {
        let (translator, sink) = makeTranslator()
        translator.touchMotion(time: 10, id: 2, x: 0, y: 0)
        translator.touchUp(time: 11, id: 2)
        #expect(sink.events.isEmpty)
    }

    @Test("repeats the pinch's last scale on its end and keeps the finger count of its begin")
    func pinchEndRepeatsScale() {
        let (translator, sink) = makeTranslator()
        translator.pinchBegin(time: 1, fingers: 2)
        translator.pinchUpdate(time: 2, dx: 0.5, dy: -0.5, scale: 1.75, rotation: 3)
        translator.pinchEnd(time: 3, cancelled: true)
        #expect(sink.events.last == .gesture(GestureSample(
            time: 3000, device: 1, kind: .pinch, phase: .end, fingers: 2, cancelled: true, scale: 1.75)))
    }

    @Test("turns finger scrolling into a scroll gesture: begin with the first movement, updates, end at the axis stop")
    func fingerScrollIsAScrollGesture() {
        let (translator, sink) = makeTranslator()
        let finger = WaylandEventTranslator.axisSourceFinger, vertical = WaylandEventTranslator.verticalScroll
        translator.pointerAxisSource(finger)
        translator.pointerAxis(time: 10, axis: vertical, value: 4.5)
        translator.pointerFrame()
        translator.pointerAxisSource(finger)
        translator.pointerAxis(time: 20, axis: vertical, value: 6)
        translator.pointerAxis(time: 20, axis: WaylandEventTranslator.horizontalScroll, value: -1)
        translator.pointerFrame()
        translator.pointerAxisSource(finger)
        translator.pointerAxisStop(time: 30, axis: vertical)
        translator.pointerAxisStop(time: 30, axis: WaylandEventTranslator.horizontalScroll)
        translator.pointerFrame()
        #expect(sink.events == [
            .gesture(GestureSample(time: 10_000, device: 1, kind: .scroll, phase: .begin, fingers: 0)),
            .gesture(GestureSample(time: 10_000, device: 1, kind: .scroll, phase: .update, fingers: 0,
                                   dx: 0, dy: 4.5, dxUnaccelerated: 0, dyUnaccelerated: 4.5)),
            .gesture(GestureSample(time: 20_000, device: 1, kind: .scroll, phase: .update, fingers: 0,
                                   dx: -1, dy: 6, dxUnaccelerated: -1, dyUnaccelerated: 6)),
            .gesture(GestureSample(time: 30_000, device: 1, kind: .scroll, phase: .end, fingers: 0)),
        ])
    }

    @Test("records no scrolling from a wheel")
    func wheelScrollingIsNotRecorded() {
        let (translator, sink) = makeTranslator()
        translator.pointerAxisSource(0)
        translator.pointerAxis(time: 10, axis: WaylandEventTranslator.verticalScroll, value: 15)
        translator.pointerFrame()
        #expect(sink.events.isEmpty)
    }

    @Test("continues the time line across the 32-bit millisecond wrap")
    func timelineWraps() {
        var timeline = WaylandTimeline()
        let before = timeline.place(UInt32.max - 4)
        let after = timeline.place(5)
        #expect(after - before == 10_000)
    }

    @Test("never moves the time line backwards for a stale stamp")
    func timelineIsMonotonic() {
        var timeline = WaylandTimeline()
        _ = timeline.place(100)
        #expect(timeline.place(90) == 100_000)
        #expect(timeline.place(101) == 101_000)
    }
}
