import TouchTrace

/// Translates `wl_touch`, `zwp_pointer_gesture_*_v1` and finger-scrolling `wl_pointer` events
/// into Touchstone trace events.
///
/// Positions stay in the compositor's own unit, `wl_fixed_t` surface-local logical points (256 units
/// per point), so nothing is rounded: the touch device's description says `unitsPerPoint = 256`.
/// `wl_touch` ids, which compositors reuse, become trace `TouchID`s numbered 0, 1, 2… in the order
/// their sequences start, and each occupies the lowest free slot, like a seat slot in libinput.
///
/// Framing follows the compositor: a `wl_touch.frame` becomes a `FrameMark`. `wl_touch.cancel`
/// ends every touch at once; it becomes one cancel sample per touch followed by a frame mark, since
/// the cancellation is a single, atomic compositor event. Gesture deltas are in surface points.
public final class WaylandEventTranslator {
    private struct ActiveTouch {
        var waylandID: Int32
        var touch: TouchID
        var slot: UInt16
        var x: Int32
        var y: Int32
    }

    /// Device indices in the trace; the session sets them once it knows which devices the seat has.
    public var touchDevice: DeviceIndex
    public var gestureDevice: DeviceIndex
    private var sink: any TraceEventSink
    /// The first error the sink threw; the translator drops the events after it. (The live
    /// session's sink never throws.)
    public private(set) var sinkError: (any Error)?
    private var timeline = WaylandTimeline()
    private var active: [ActiveTouch] = []
    private var nextTouch: TouchID = 0
    private var swipeFingers: UInt8 = 0
    private var pinchFingers: UInt8 = 0
    private var holdFingers: UInt8 = 0
    /// The pinch's last scale: its `end` repeats it, as libinput's does.
    private var pinchScale: Double = 1
    /// The `wl_pointer` frame being gathered: its axis source, movements and stops.
    private var frameSource: UInt32?
    private var frameScroll = (dx: 0.0, dy: 0.0, moved: false, stamp: UInt32(0))
    private var frameStops = (horizontal: false, vertical: false)
    /// The axes a finger scroll is moving on; the scroll ends when both have stopped.
    private var scrolling = (horizontal: false, vertical: false)

    public init(touchDevice: DeviceIndex, gestureDevice: DeviceIndex, sink: any TraceEventSink) {
        self.touchDevice = touchDevice
        self.gestureDevice = gestureDevice
        self.sink = sink
        active.reserveCapacity(16)
    }

    /// The instant of the last event, on the trace's time line.
    public var now: Microseconds { timeline.now }

    /// How many touches are down.
    public var activeTouchCount: Int { active.count }

    // MARK: - wl_touch

    public func touchDown(time stamp: UInt32, id: Int32, x: Int32, y: Int32) {
        let time = timeline.place(stamp)
        if let stale = index(of: id) {
            // A compositor reused an id without ending it: the old sequence cannot continue.
            emitTouch(active[stale], phase: .cancel, time: time)
            active.remove(at: stale)
        }
        let touch = ActiveTouch(waylandID: id, touch: nextTouch, slot: lowestFreeSlot(), x: x, y: y)
        nextTouch &+= 1
        active.append(touch)
        emitTouch(touch, phase: .down, time: time)
    }

    public func touchMotion(time stamp: UInt32, id: Int32, x: Int32, y: Int32) {
        let time = timeline.place(stamp)
        guard let index = index(of: id) else { return }
        active[index].x = x
        active[index].y = y
        emitTouch(active[index], phase: .motion, time: time)
    }

    public func touchUp(time stamp: UInt32, id: Int32) {
        let time = timeline.place(stamp)
        guard let index = index(of: id) else { return }
        emitTouch(active[index], phase: .up, time: time)
        active.remove(at: index)
    }

    public func touchFrame() {
        emit(.frame(FrameMark(time: timeline.now, device: touchDevice)))
    }

    public func touchCancel() {
        guard !active.isEmpty else { return }
        let time = timeline.now
        for touch in active.sorted(by: { $0.slot < $1.slot }) {
            emitTouch(touch, phase: .cancel, time: time)
        }
        active.removeAll(keepingCapacity: true)
        emit(.frame(FrameMark(time: time, device: touchDevice)))
    }

    /// Ends every touch still down, as `cancel`: the compositor or the seat's touch went away.
    public func cancelAllTouches() {
        touchCancel()
    }

    // MARK: - zwp_pointer_gesture_*_v1

    public func swipeBegin(time stamp: UInt32, fingers: UInt32) {
        swipeFingers = UInt8(clamping: fingers)
        emitGesture(.swipe, .begin, stamp: stamp, fingers: swipeFingers)
    }

    public func swipeUpdate(time stamp: UInt32, dx: Double, dy: Double) {
        emitGesture(.swipe, .update, stamp: stamp, fingers: swipeFingers, dx: dx, dy: dy)
    }

    public func swipeEnd(time stamp: UInt32, cancelled: Bool) {
        emitGesture(.swipe, .end, stamp: stamp, fingers: swipeFingers, cancelled: cancelled)
    }

    public func pinchBegin(time stamp: UInt32, fingers: UInt32) {
        pinchFingers = UInt8(clamping: fingers)
        pinchScale = 1
        emitGesture(.pinch, .begin, stamp: stamp, fingers: pinchFingers)
    }

    public func pinchUpdate(time stamp: UInt32, dx: Double, dy: Double, scale: Double, rotation: Double) {
        pinchScale = scale
        emitGesture(.pinch, .update, stamp: stamp, fingers: pinchFingers, dx: dx, dy: dy, scale: scale, angle: rotation)
    }

    public func pinchEnd(time stamp: UInt32, cancelled: Bool) {
        emitGesture(.pinch, .end, stamp: stamp, fingers: pinchFingers, cancelled: cancelled, scale: pinchScale)
    }

    public func holdBegin(time stamp: UInt32, fingers: UInt32) {
        holdFingers = UInt8(clamping: fingers)
        emitGesture(.hold, .begin, stamp: stamp, fingers: holdFingers)
    }

    public func holdEnd(time stamp: UInt32, cancelled: Bool) {
        emitGesture(.hold, .end, stamp: stamp, fingers: holdFingers, cancelled: cancelled)
    }

    // MARK: - wl_pointer scrolling

    /// `wl_pointer.axis_source`: `finger` (1) marks the frame's axis events as two-finger scrolling.
    public static let axisSourceFinger: UInt32 = 1
    /// `wl_pointer.axis` numbers.
    public static let verticalScroll: UInt32 = 0
    public static let horizontalScroll: UInt32 = 1

    public func pointerAxisSource(_ source: UInt32) {
        frameSource = source
    }

    /// `wl_pointer.axis`: a scroll movement on one axis, in surface points, positive down or right.
    public func pointerAxis(time stamp: UInt32, axis: UInt32, value: Double) {
        if axis == Self.horizontalScroll { frameScroll.dx += value } else if axis == Self.verticalScroll { frameScroll.dy += value }
        frameScroll.moved = frameScroll.moved || value != 0
        frameScroll.stamp = stamp
    }

    /// `wl_pointer.axis_stop`: scrolling on one axis has stopped.
    public func pointerAxisStop(time stamp: UInt32, axis: UInt32) {
        if axis == Self.horizontalScroll { frameStops.horizontal = true } else if axis == Self.verticalScroll { frameStops.vertical = true }
        frameScroll.stamp = stamp
    }

    /// `wl_pointer.frame`: a frame of finger scrolling becomes a `scroll` gesture's begin (with its
    /// first movement), update, or end (once every axis has stopped). Other axis sources (wheels)
    /// are not recorded.
    public func pointerFrame() {
        defer {
            frameSource = nil
            frameScroll = (0, 0, false, 0)
            frameStops = (false, false)
        }
        guard frameSource == Self.axisSourceFinger || (frameSource == nil && isScrolling) else { return }
        let wasScrolling = isScrolling
        if frameScroll.dx != 0 { scrolling.horizontal = true }
        if frameScroll.dy != 0 { scrolling.vertical = true }
        if frameStops.horizontal { scrolling.horizontal = false }
        if frameStops.vertical { scrolling.vertical = false }
        let stamp = frameScroll.stamp
        if frameScroll.moved {
            if !wasScrolling { emitGesture(.scroll, .begin, stamp: stamp, fingers: 0) }
            emitGesture(.scroll, .update, stamp: stamp, fingers: 0, dx: frameScroll.dx, dy: frameScroll.dy)
        }
        if (wasScrolling || frameScroll.moved) && !isScrolling {
            emitGesture(.scroll, .end, stamp: stamp, fingers: 0)
        }
    }

    private var isScrolling: Bool { scrolling.horizontal || scrolling.vertical }

    // MARK: - Emitting

    /// Where the touch with this `wl_touch` id is in `active`. A plain loop: a closure here costs a
    /// heap allocation per event in unoptimised builds.
    private func index(of id: Int32) -> Int? {
        var index = 0
        while index < active.count {
            if active[index].waylandID == id { return index }
            index += 1
        }
        return nil
    }

    private func lowestFreeSlot() -> UInt16 {
        var slot: UInt16 = 0
        var index = 0
        while index < active.count {
            if active[index].slot == slot {
                slot += 1
                index = 0
            } else {
                index += 1
            }
        }
        return slot
    }

    private func emit(_ event: TraceEvent) {
        guard sinkError == nil else { return }
        do {
            try sink.append(event)
        } catch {
            sinkError = error
        }
    }

    private func emitTouch(_ touch: ActiveTouch, phase: TouchPhase, time: Microseconds) {
        emit(.touch(TouchSample(
            time: time, device: touchDevice, phase: phase, touch: touch.touch, slot: touch.slot,
            x: touch.x, y: touch.y
        )))
    }

    private func emitGesture(
        _ kind: GestureKind, _ phase: GesturePhase, stamp: UInt32, fingers: UInt8, cancelled: Bool = false,
        dx: Double = 0, dy: Double = 0, scale: Double = 1, angle: Double = 0
    ) {
        // The protocol reports one motion; compositors apply no acceleration to gesture deltas.
        emit(.gesture(GestureSample(
            time: timeline.place(stamp), device: gestureDevice, kind: kind, phase: phase, fingers: fingers,
            cancelled: cancelled, dx: dx, dy: dy, dxUnaccelerated: dx, dyUnaccelerated: dy,
            scale: scale, angleDelta: angle
        )))
    }
}
