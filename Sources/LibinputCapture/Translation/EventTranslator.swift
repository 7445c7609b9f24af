import CLibinput
import Glibc
import TouchTrace

/// Turns libinput events into trace events: touchscreen touches and frames, touchpad gestures,
/// touchpad scrolling with fingers (a `scroll` gesture), and devices coming and going. Everything
/// else libinput reports (keys above all, but also pointer motion, buttons, wheel scrolling,
/// tablets, switches) is dropped unread.
///
/// Positions are stored in device units. libinput reports touches in millimetres (and, on request,
/// transformed to a screen size); both derive from device units through the axis range and the
/// resolution libinput used, which the device description records, so nothing is lost by storing
/// the units. Touch sequences get `TouchID`s in the order they start, unique within one trace.
///
/// Translating a touch, frame or gesture event allocates nothing.
final class EventTranslator {
    /// One device libinput reported, recordable or not.
    private struct Device {
        var handle: OpaquePointer
        var described: DescribedDevice
        /// The touch on each hardware slot, or `nil` when the slot is free.
        var slots: [SlotTouch?]
        var present = true
        /// The axes a finger scroll is moving on (horizontal, vertical): the scroll ends when both
        /// have stopped.
        var scrollingHorizontally = false
        var scrollingVertically = false
    }

    private struct SlotTouch {
        var id: TouchID
        var x: Int32
        var y: Int32
    }

    /// What one libinput event meant to the recorder, beyond the trace events it produced.
    enum Outcome: Equatable {
        case ignored
        case recorded
        case deviceAdded(DeviceDescription)
        case deviceRemoved(DeviceDescription)
    }

    /// Devices in trace order: `devices[i].described.description.index == i` within the current trace.
    private var devices: [Device] = []
    private var nextTouch: TouchID = 0
    private(set) var activeTouches = 0
    /// Until the trace header is written, device arrivals become header entries, not events.
    private var headerWritten = false
    private let clock: () -> Microseconds

    init(clock: @escaping () -> Microseconds = monotonicMicroseconds) {
        self.clock = clock
    }

    /// Descriptions of the devices present now, for a trace header.
    var presentDevices: [DeviceDescription] {
        devices.filter(\.present).map(\.described.description)
    }

    /// Starts a new trace: present devices are renumbered from 0, touch ids restart, and later
    /// arrivals are reported as events. Returns the devices for the new header.
    func startTrace() -> [DeviceDescription] {
        devices.removeAll { !$0.present }
        for index in devices.indices {
            devices[index].described.description.index = DeviceIndex(index)
            libinput_device_set_user_data(devices[index].handle, Self.tag(index))
        }
        nextTouch = 0
        headerWritten = true
        return devices.map(\.described.description)
    }

    /// The present recorded device whose node is `path`.
    func device(atNode path: String) -> OpaquePointer? {
        devices.first { $0.present && DeviceDescriber.nodePath(of: $0.handle) == path }?.handle
    }

    /// Stops reporting device arrivals and departures as events until `startTrace()`, for the quiet
    /// spell between two `--autorestart` files: the next header lists the devices present then.
    func suspendTrace() {
        headerWritten = false
    }

    /// Whether `event` is a touch or gesture from a recorded device, that is, would become a trace event.
    func wouldRecord(_ event: OpaquePointer) -> Bool {
        let type = libinput_event_get_type(event).rawValue
        let touchOrGesture = (LIBINPUT_EVENT_TOUCH_DOWN.rawValue...LIBINPUT_EVENT_TOUCH_FRAME.rawValue).contains(type)
            || (LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN.rawValue...LIBINPUT_EVENT_GESTURE_HOLD_END.rawValue).contains(type)
            || type == LIBINPUT_EVENT_POINTER_SCROLL_FINGER.rawValue
        return touchOrGesture && Self.index(of: libinput_event_get_device(event)) != nil
    }

    func translate(_ event: OpaquePointer, nodes: any DeviceNodeLookup, into sink: inout any TraceEventSink) throws -> Outcome {
        let type = libinput_event_get_type(event)
        let device = libinput_event_get_device(event)!
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            return try deviceAdded(device, nodes: nodes, into: &sink)
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            return try deviceRemoved(device, into: &sink)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            guard let index = Self.index(of: device) else { return .ignored }
            try touch(libinput_event_get_touch_event(event), type: type, device: index, into: &sink)
            return .recorded
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN, LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE, LIBINPUT_EVENT_GESTURE_SWIPE_END,
             LIBINPUT_EVENT_GESTURE_PINCH_BEGIN, LIBINPUT_EVENT_GESTURE_PINCH_UPDATE, LIBINPUT_EVENT_GESTURE_PINCH_END,
             LIBINPUT_EVENT_GESTURE_HOLD_BEGIN, LIBINPUT_EVENT_GESTURE_HOLD_END:
            guard let index = Self.index(of: device) else { return .ignored }
            try sink.append(.gesture(Self.gesture(libinput_event_get_gesture_event(event), type: type, device: index)))
            return .recorded
        case LIBINPUT_EVENT_POINTER_SCROLL_FINGER:
            guard let index = Self.index(of: device) else { return .ignored }
            try scroll(libinput_event_get_pointer_event(event), device: index, into: &sink)
            return .recorded
        default:
            // Keyboard keys, pointer motion, wheel, tablet and switch events: never read, never recorded.
            return .ignored
        }
    }

    // MARK: - Devices

    private func deviceAdded(_ device: OpaquePointer, nodes: any DeviceNodeLookup, into sink: inout any TraceEventSink) throws -> Outcome {
        guard DeviceDescriber.isRecordable(device) else {
            // Suspending a device makes libinput close its node: a keyboard's keys are never read.
            libinput_device_config_send_events_set_mode(device, LIBINPUT_CONFIG_SEND_EVENTS_DISABLED.rawValue)
            libinput_device_set_user_data(device, nil)
            return .ignored
        }
        let index = devices.count
        let fd = DeviceDescriber.nodePath(of: device).flatMap(nodes.descriptor(for:))
        let described = DeviceDescriber.describe(device, index: DeviceIndex(index), node: fd.map(EvdevNode.init))
        devices.append(Device(
            handle: device, described: described,
            slots: Array(repeating: nil, count: max(1, Int(described.description.slots)))
        ))
        libinput_device_set_user_data(device, Self.tag(index))
        if headerWritten {
            try sink.append(.device(.added(time: clock(), described.description)))
        }
        return .deviceAdded(described.description)
    }

    private func deviceRemoved(_ device: OpaquePointer, into sink: inout any TraceEventSink) throws -> Outcome {
        guard let index = Self.index(of: device) else { return .ignored }
        devices[index].present = false
        let open = devices[index].slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        activeTouches -= open
        for slot in devices[index].slots.indices { devices[index].slots[slot] = nil }
        libinput_device_set_user_data(device, nil)
        if headerWritten {
            try sink.append(.device(.removed(time: clock(), device: DeviceIndex(index))))
        }
        return .deviceRemoved(devices[index].described.description)
    }

    /// Device indexes ride in libinput's per-device user data, offset by one so that 0 means "not recorded".
    private static func tag(_ index: Int) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: index + 1)
    }

    private static func index(of device: OpaquePointer) -> Int? {
        guard let tag = libinput_device_get_user_data(device) else { return nil }
        return Int(bitPattern: tag) - 1
    }

    // MARK: - Touches

    private func touch(_ event: OpaquePointer!, type: libinput_event_type, device index: Int, into sink: inout any TraceEventSink) throws {
        let time = Microseconds(libinput_event_touch_get_time_usec(event))
        let deviceIndex = DeviceIndex(index)
        if type == LIBINPUT_EVENT_TOUCH_FRAME {
            try sink.append(.frame(FrameMark(time: time, device: deviceIndex)))
            return
        }
        // Single-touch devices report slot -1: they have one slot, 0.
        let slot = Int(max(0, libinput_event_touch_get_slot(event)))
        if slot >= devices[index].slots.count {
            devices[index].slots.append(contentsOf: repeatElement(nil, count: slot + 1 - devices[index].slots.count))
        }
        let phase: TouchPhase
        var current: SlotTouch
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN:
            phase = .down
            current = SlotTouch(id: nextTouch, x: 0, y: 0)
            nextTouch &+= 1
            activeTouches += devices[index].slots[slot] == nil ? 1 : 0
            (current.x, current.y) = position(event, device: index)
        case LIBINPUT_EVENT_TOUCH_MOTION:
            phase = .motion
            guard let known = devices[index].slots[slot] else { return }
            current = known
            (current.x, current.y) = position(event, device: index)
        default:
            phase = type == LIBINPUT_EVENT_TOUCH_UP ? .up : .cancel
            // libinput gives no position on up or cancel: the sample repeats the last one.
            guard let known = devices[index].slots[slot] else { return }
            current = known
        }
        devices[index].slots[slot] = phase == .up || phase == .cancel ? nil : current
        if phase == .up || phase == .cancel { activeTouches -= 1 }
        try sink.append(.touch(TouchSample(
            time: time, device: deviceIndex, phase: phase, touch: current.id,
            slot: UInt16(slot), x: current.x, y: current.y
        )))
    }

    /// libinput's millimetres back in device units: `mm * units-per-mm + minimum`, exact after
    /// rounding, with the minimum the kernel reported (`UnitRecovery`).
    private func position(_ event: OpaquePointer, device index: Int) -> (Int32, Int32) {
        let described = devices[index].described
        return (described.unitsX.units(millimetres: libinput_event_touch_get_x(event)),
                described.unitsY.units(millimetres: libinput_event_touch_get_y(event)))
    }

    // MARK: - Finger scrolling

    /// One finger-scroll event: a `scroll` gesture begins with the first movement after a stop,
    /// each movement is an update, and it ends once every axis has stopped (libinput signals an
    /// axis's stop with a zero value on it).
    private func scroll(_ event: OpaquePointer!, device index: Int, into sink: inout any TraceEventSink) throws {
        let time = Microseconds(libinput_event_pointer_get_time_usec(event))
        let horizontal = LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL, vertical = LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL
        let wasScrolling = devices[index].scrollingHorizontally || devices[index].scrollingVertically
        var dx = 0.0, dy = 0.0
        if libinput_event_pointer_has_axis(event, horizontal) != 0 {
            dx = libinput_event_pointer_get_scroll_value(event, horizontal)
            devices[index].scrollingHorizontally = dx != 0
        }
        if libinput_event_pointer_has_axis(event, vertical) != 0 {
            dy = libinput_event_pointer_get_scroll_value(event, vertical)
            devices[index].scrollingVertically = dy != 0
        }
        let device = DeviceIndex(index)
        if dx != 0 || dy != 0 {
            if !wasScrolling {
                try sink.append(.gesture(GestureSample(time: time, device: device, kind: .scroll, phase: .begin, fingers: 0)))
            }
            try sink.append(.gesture(GestureSample(
                time: time, device: device, kind: .scroll, phase: .update, fingers: 0,
                dx: dx, dy: dy, dxUnaccelerated: dx, dyUnaccelerated: dy)))
        } else if wasScrolling && !devices[index].scrollingHorizontally && !devices[index].scrollingVertically {
            try sink.append(.gesture(GestureSample(time: time, device: device, kind: .scroll, phase: .end, fingers: 0)))
        }
    }

    // MARK: - Gestures

    private static func gesture(_ event: OpaquePointer!, type: libinput_event_type, device: Int) -> GestureSample {
        let kind: GestureKind
        let phase: GesturePhase
        switch type {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: (kind, phase) = (.swipe, .begin)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: (kind, phase) = (.swipe, .update)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: (kind, phase) = (.swipe, .end)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: (kind, phase) = (.pinch, .begin)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: (kind, phase) = (.pinch, .update)
        case LIBINPUT_EVENT_GESTURE_PINCH_END: (kind, phase) = (.pinch, .end)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: (kind, phase) = (.hold, .begin)
        default: (kind, phase) = (.hold, .end)
        }
        var sample = GestureSample(
            time: Microseconds(libinput_event_gesture_get_time_usec(event)), device: DeviceIndex(device),
            kind: kind, phase: phase,
            fingers: UInt8(clamping: libinput_event_gesture_get_finger_count(event)),
            cancelled: phase == .end && libinput_event_gesture_get_cancelled(event) != 0
        )
        // libinput rejects (and logs a client bug for) motion queries on hold events and
        // scale/angle queries on anything but a pinch.
        if kind != .hold {
            sample.dx = libinput_event_gesture_get_dx(event)
            sample.dy = libinput_event_gesture_get_dy(event)
            sample.dxUnaccelerated = libinput_event_gesture_get_dx_unaccelerated(event)
            sample.dyUnaccelerated = libinput_event_gesture_get_dy_unaccelerated(event)
        }
        if kind == .pinch {
            sample.scale = libinput_event_gesture_get_scale(event)
            sample.angleDelta = libinput_event_gesture_get_angle_delta(event)
        }
        return sample
    }
}

/// Finds the descriptor libinput holds for a device node, so the describer can query the node.
protocol DeviceNodeLookup: AnyObject {
    func descriptor(for path: String) -> Int32?
}

/// Now on `CLOCK_MONOTONIC`, the clock libinput stamps events with.
func monotonicMicroseconds() -> Microseconds {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Microseconds(now.tv_sec) * 1_000_000 + Microseconds(now.tv_nsec) / 1_000
}
