/// Microseconds on the trace's own time line. Recorders use the kernel's monotonic clock; a synthetic
/// trace starts wherever its generator says. Only differences between two instants carry meaning.
public typealias Microseconds = Int64

/// One thing that happened in a recorded session, in the order it happened.
///
/// This is the single event model every part of Touchstone speaks: the libinput recorder and the
/// Wayland frontend produce it, the codecs store it, the replay driver feeds it to the gesture engine.
/// Every case is a plain value: decoding a touch sample, a frame or a gesture sample never allocates.
public enum TraceEvent: Equatable, Sendable {
    /// A touch point went down, moved, lifted or was cancelled.
    case touch(TouchSample)
    /// The end of a group of touch samples that the device reported together (one evdev
    /// `SYN_REPORT`, one `wl_touch.frame`). Consumers treat the samples before it as simultaneous.
    case frame(FrameMark)
    /// A touchpad gesture (swipe, pinch, hold) began, updated or ended.
    case gesture(GestureSample)
    /// A device appeared after the trace began, or a device listed in the header disappeared.
    case device(DeviceChange)
    /// A free-form marker placed on the time line ("expect double tap").
    case annotation(Annotation)

    /// When the event happened.
    @inlinable
    public var time: Microseconds {
        switch self {
        case .touch(let sample): sample.time
        case .frame(let mark): mark.time
        case .gesture(let sample): sample.time
        case .device(let change): change.time
        case .annotation(let note): note.time
        }
    }
}

/// Which device an event came from: an index into the trace's device table (the header's devices
/// plus any added later by `DeviceChange.added`).
public typealias DeviceIndex = UInt16

/// The end of one hardware frame on one device.
public struct FrameMark: Equatable, Sendable {
    public var time: Microseconds
    public var device: DeviceIndex

    @inlinable
    public init(time: Microseconds, device: DeviceIndex) {
        self.time = time
        self.device = device
    }
}

/// A free-form note on the time line, for people and for tests ("expect double tap").
public struct Annotation: Equatable, Sendable {
    public var time: Microseconds
    public var text: String

    public init(time: Microseconds, text: String) {
        self.time = time
        self.text = text
    }
}

/// A device joining or leaving the session while it was recorded.
public enum DeviceChange: Equatable, Sendable {
    /// A device appeared; its description takes the next free `DeviceIndex` (its `index` field says which).
    /// Boxed (`indirect`) so that the description, ten times the size of a touch sample, does not
    /// make every `TraceEvent` that large: events are copied by value on every hot path.
    indirect case added(time: Microseconds, DeviceDescription)
    /// The device was unplugged or otherwise went away. Its touches end with it.
    case removed(time: Microseconds, device: DeviceIndex)

    public var time: Microseconds {
        switch self {
        case .added(let time, _), .removed(let time, _): time
        }
    }
}
