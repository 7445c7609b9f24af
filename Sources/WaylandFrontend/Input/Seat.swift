import CWaylandClient
import CWaylandProtocols

/// The seat's touch and pointer, and the touchpad gestures on that pointer, forwarded to the
/// event translator.
///
/// Capabilities may arrive or change at any time; the seat creates its `wl_touch` and `wl_pointer`
/// when they appear. Pointer motion and buttons are not part of a touch trace: the pointer is bound
/// because `zwp_pointer_gestures_v1` hangs its gesture objects off it, for its finger scrolling
/// (`axis_source` finger, `axis`, `axis_stop`, `frame`), and they go to the window's decorations
/// (`chrome`), as do the touches that land on its title bar, which the trace never sees.
final class Seat {
    private let seat: OpaquePointer
    private let gestures: OpaquePointer?
    private let gesturesVersion: UInt32
    private let translator: WaylandEventTranslator
    private(set) var touch: OpaquePointer?
    private(set) var pointer: OpaquePointer?
    private var swipe: OpaquePointer?
    private var pinch: OpaquePointer?
    private var hold: OpaquePointer?
    private(set) var name = ""
    private(set) var hasTouch = false
    private(set) var hasPointer = false
    /// The window's own decorations, once there is a window.
    var chrome: WindowChrome?
    /// What the current `wl_touch` frame held: touches of the scene, or of the window's title bar
    /// only (a frame of those alone is not the scene's, and is not passed on).
    private var frameHasSceneTouches = false
    private var frameHasChromeTouches = false

    // Listener tables live as long as the seat, which outlives every proxy it creates.
    private let seatListener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
    private let touchListener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
    private let pointerListener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
    private let gestureListeners = PointerGestureListeners()

    init(seat: OpaquePointer, gestures: OpaquePointer?, gesturesVersion: UInt32, translator: WaylandEventTranslator) {
        self.seat = seat
        self.gestures = gestures
        self.gesturesVersion = gesturesVersion
        self.translator = translator
        seatListener.initialize(to: Self.makeSeatListener())
        touchListener.initialize(to: Self.makeTouchListener())
        pointerListener.initialize(to: Self.makePointerListener())
        wl_seat_add_listener(seat, seatListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The `wl_seat` itself.
    var proxy: OpaquePointer { seat }

    /// Whether touchpad gestures can arrive: the compositor offers them and the seat has a pointer.
    var hasPointerGestures: Bool { swipe != nil }

    private func update(capabilities: UInt32) {
        hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        if hasTouch, touch == nil {
            touch = wl_seat_get_touch(seat)
            wl_touch_add_listener(touch, touchListener, context)
        } else if !hasTouch, let touch {
            translator.cancelAllTouches()
            wl_touch_release(touch)
            self.touch = nil
        }
        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, pointerListener, context)
            bindGestures(context: context)
        }
    }

    private func bindGestures(context: UnsafeMutableRawPointer) {
        guard let gestures, let pointer else { return }
        swipe = zwp_pointer_gestures_v1_get_swipe_gesture(gestures, pointer)
        zwp_pointer_gesture_swipe_v1_add_listener(swipe, gestureListeners.swipe, context)
        pinch = zwp_pointer_gestures_v1_get_pinch_gesture(gestures, pointer)
        zwp_pointer_gesture_pinch_v1_add_listener(pinch, gestureListeners.pinch, context)
        if gesturesVersion >= 3 {
            hold = zwp_pointer_gestures_v1_get_hold_gesture(gestures, pointer)
            zwp_pointer_gesture_hold_v1_add_listener(hold, gestureListeners.hold, context)
        }
    }

    /// Destroys every protocol object the seat created (gesture objects, pointer, touch), newest
    /// first. Call it before the connection closes: libwayland frees a proxy only when it is
    /// destroyed, and after this no event can reach the seat's listener tables.
    func destroyProxies() {
        if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
        if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
        if let swipe { zwp_pointer_gesture_swipe_v1_destroy(swipe) }
        (hold, pinch, swipe) = (nil, nil, nil)
        if let pointer { wl_pointer_release(pointer) }
        if let touch { wl_touch_release(touch) }
        (pointer, touch) = (nil, nil)
    }

    deinit {
        seatListener.deallocate()
        touchListener.deallocate()
        pointerListener.deallocate()
    }

    /// Recovers the seat from a listener's `data` pointer.
    static func from(_ data: UnsafeMutableRawPointer?) -> Seat {
        Unmanaged<Seat>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The translator the gesture listeners forward to.
    var eventTranslator: WaylandEventTranslator { translator }

    // MARK: - Listener tables

    private static func makeSeatListener() -> wl_seat_listener {
        var listener = wl_seat_listener()
        listener.capabilities = { data, _, capabilities in Seat.from(data).update(capabilities: capabilities) }
        listener.name = { data, _, name in
            if let name { Seat.from(data).name = String(cString: name) }
        }
        return listener
    }

    private static func makeTouchListener() -> wl_touch_listener {
        var listener = wl_touch_listener()
        listener.down = { data, _, serial, time, _, id, x, y in
            let seat = Seat.from(data)
            if seat.chrome?.touchDown(serial: serial, id: id, x: points(x), y: points(y)) == true {
                seat.frameHasChromeTouches = true
            } else {
                seat.frameHasSceneTouches = true
                seat.translator.touchDown(time: time, id: id, x: x, y: y)
            }
        }
        listener.up = { data, _, _, time, id in
            let seat = Seat.from(data)
            if seat.chrome?.touchUp(id: id, time: time) == true {
                seat.frameHasChromeTouches = true
            } else {
                seat.frameHasSceneTouches = true
                seat.translator.touchUp(time: time, id: id)
            }
        }
        listener.motion = { data, _, time, id, x, y in
            let seat = Seat.from(data)
            if seat.chrome?.touchMoved(id: id, x: points(x), y: points(y)) == true {
                seat.frameHasChromeTouches = true
            } else {
                seat.frameHasSceneTouches = true
                seat.translator.touchMotion(time: time, id: id, x: x, y: y)
            }
        }
        listener.frame = { data, _ in
            let seat = Seat.from(data)
            if seat.frameHasSceneTouches || !seat.frameHasChromeTouches { seat.translator.touchFrame() }
            (seat.frameHasSceneTouches, seat.frameHasChromeTouches) = (false, false)
        }
        listener.cancel = { data, _ in
            let seat = Seat.from(data)
            seat.chrome?.touchesCancelled()
            (seat.frameHasSceneTouches, seat.frameHasChromeTouches) = (false, false)
            seat.translator.touchCancel()
        }
        listener.shape = { _, _, _, _, _ in }
        listener.orientation = { _, _, _, _ in }
        return listener
    }

    private static func makePointerListener() -> wl_pointer_listener {
        var listener = wl_pointer_listener()
        listener.enter = { data, pointer, serial, _, x, y in
            guard let pointer else { return }
            Seat.from(data).chrome?.pointerEntered(pointer, serial: serial, x: points(x), y: points(y))
        }
        listener.leave = { data, _, _, _ in Seat.from(data).chrome?.pointerLeft() }
        listener.motion = { data, _, _, x, y in Seat.from(data).chrome?.pointerMoved(x: points(x), y: points(y)) }
        listener.button = { data, _, serial, time, button, state in
            Seat.from(data).chrome?.pointerButton(
                serial: serial, time: time, button: button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        }
        // Finger scrolling is recorded (a `scroll` gesture); the rest of the pointer is not.
        listener.axis = { data, _, time, axis, value in
            Seat.from(data).translator.pointerAxis(time: time, axis: axis, value: points(value))
        }
        listener.frame = { data, _ in Seat.from(data).translator.pointerFrame() }
        listener.axis_source = { data, _, source in Seat.from(data).translator.pointerAxisSource(source) }
        listener.axis_stop = { data, _, time, axis in Seat.from(data).translator.pointerAxisStop(time: time, axis: axis) }
        listener.axis_discrete = { _, _, _, _ in }
        return listener
    }
}
