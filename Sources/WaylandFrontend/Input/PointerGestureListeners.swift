import CWaylandClient
import CWaylandProtocols

/// Listener tables for `zwp_pointer_gesture_{swipe,pinch,hold}_v1`, forwarding to the seat's
/// event translator. `data` is the `Seat`. Positions and deltas arrive as `wl_fixed_t` surface points.
final class PointerGestureListeners {
    let swipe = UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener>.allocate(capacity: 1)
    let pinch = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
    let hold = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener>.allocate(capacity: 1)

    init() {
        var swipeListener = zwp_pointer_gesture_swipe_v1_listener()
        swipeListener.begin = { data, _, _, time, _, fingers in
            Seat.from(data).eventTranslator.swipeBegin(time: time, fingers: fingers)
        }
        swipeListener.update = { data, _, time, dx, dy in
            Seat.from(data).eventTranslator.swipeUpdate(time: time, dx: points(dx), dy: points(dy))
        }
        swipeListener.end = { data, _, _, time, cancelled in
            Seat.from(data).eventTranslator.swipeEnd(time: time, cancelled: cancelled != 0)
        }
        swipe.initialize(to: swipeListener)

        var pinchListener = zwp_pointer_gesture_pinch_v1_listener()
        pinchListener.begin = { data, _, _, time, _, fingers in
            Seat.from(data).eventTranslator.pinchBegin(time: time, fingers: fingers)
        }
        pinchListener.update = { data, _, time, dx, dy, scale, rotation in
            Seat.from(data).eventTranslator.pinchUpdate(
                time: time, dx: points(dx), dy: points(dy), scale: points(scale), rotation: points(rotation)
            )
        }
        pinchListener.end = { data, _, _, time, cancelled in
            Seat.from(data).eventTranslator.pinchEnd(time: time, cancelled: cancelled != 0)
        }
        pinch.initialize(to: pinchListener)

        var holdListener = zwp_pointer_gesture_hold_v1_listener()
        holdListener.begin = { data, _, _, time, _, fingers in
            Seat.from(data).eventTranslator.holdBegin(time: time, fingers: fingers)
        }
        holdListener.end = { data, _, _, time, cancelled in
            Seat.from(data).eventTranslator.holdEnd(time: time, cancelled: cancelled != 0)
        }
        hold.initialize(to: holdListener)
    }

    deinit {
        swipe.deallocate()
        pinch.deallocate()
        hold.deallocate()
    }
}

/// A `wl_fixed_t` as a double, exactly (24.8 fixed point fits a double's mantissa).
@inline(__always)
func points(_ fixed: wl_fixed_t) -> Double {
    Double(fixed) / 256
}
