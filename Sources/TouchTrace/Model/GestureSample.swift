/// The touchpad gestures libinput (and `zwp_pointer_gestures_v1`) report. Raw values are on disk.
public enum GestureKind: UInt8, Sendable, CaseIterable, Equatable {
    case swipe = 0
    case pinch = 1
    case hold = 2
    /// Two-finger scrolling: libinput pointer scroll events with finger source
    /// (`LIBINPUT_EVENT_POINTER_SCROLL_FINGER`), or Wayland `wl_pointer.axis` with `axis_source`
    /// finger. `begin` comes with the first scroll movement, `update` carries each movement in
    /// `dx`/`dy` (positive right and down, as the fingers move with natural scrolling off, in
    /// libinput's normalised units or surface points), and `end` comes with the axis stop.
    /// `fingers` is 0: neither libinput nor Wayland reports how many fingers scroll.
    case scroll = 3
}

/// Where a touchpad gesture is in its life. Raw values are on disk.
public enum GesturePhase: UInt8, Sendable, CaseIterable, Equatable {
    case begin = 0
    case update = 1
    /// The gesture finished; `GestureSample.cancelled` says whether it completed or was abandoned.
    case end = 2
}

/// One touchpad gesture event, as libinput's `LIBINPUT_EVENT_GESTURE_*` or a Wayland
/// `zwp_pointer_gesture_*_v1` event reports it.
///
/// Deltas are in libinput's normalised units (1/1000 inch at a 1000 dpi device), or surface-local
/// points for Wayland. Values are stored exactly (IEEE 754 doubles), so nothing is lost in a round trip.
public struct GestureSample: Equatable, Sendable {
    public var time: Microseconds
    public var device: DeviceIndex
    public var kind: GestureKind
    public var phase: GesturePhase
    /// Fingers on the touchpad for this gesture.
    public var fingers: UInt8
    /// Only meaningful on `end`: the gesture was abandoned rather than completed.
    public var cancelled: Bool
    /// Motion of the gesture's centre since the previous event, with pointer acceleration applied.
    public var dx: Double
    public var dy: Double
    /// The same motion without acceleration.
    public var dxUnaccelerated: Double
    public var dyUnaccelerated: Double
    /// Pinch only: the distance between the fingers relative to the distance at `begin` (1.0 there).
    public var scale: Double
    /// Pinch only: rotation since the previous event, in degrees, clockwise positive.
    public var angleDelta: Double

    public init(
        time: Microseconds, device: DeviceIndex = 0, kind: GestureKind, phase: GesturePhase,
        fingers: UInt8, cancelled: Bool = false,
        dx: Double = 0, dy: Double = 0, dxUnaccelerated: Double = 0, dyUnaccelerated: Double = 0,
        scale: Double = 1, angleDelta: Double = 0
    ) {
        self.time = time
        self.device = device
        self.kind = kind
        self.phase = phase
        self.fingers = fingers
        self.cancelled = cancelled
        self.dx = dx
        self.dy = dy
        self.dxUnaccelerated = dxUnaccelerated
        self.dyUnaccelerated = dyUnaccelerated
        self.scale = scale
        self.angleDelta = angleDelta
    }
}

extension GestureSample {
    /// A sample with every optional field at its default: the values a binary trace's mask and a
    /// JSON Lines line leave out.
    static let unset = GestureSample(time: 0, kind: .swipe, phase: .begin, fingers: 0)

    /// The doubles of `unset` in binary mask order: dx, dy, dx and dy unaccelerated, scale, angle
    /// delta. Compared by bit pattern, so −0.0 and NaNs are stored.
    static let unsetFieldValues = (unset.dx, unset.dy, unset.dxUnaccelerated, unset.dyUnaccelerated, unset.scale, unset.angleDelta)
}
