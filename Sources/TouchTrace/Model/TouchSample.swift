/// Where a touch point is in its sequence. The raw values are part of the file formats.
public enum TouchPhase: UInt8, Sendable, CaseIterable, Equatable {
    /// The finger touched the surface. Starts a touch sequence.
    case down = 0
    /// The finger moved (or its pressure or contact size changed).
    case motion = 1
    /// The finger lifted. Ends the sequence.
    case up = 2
    /// The system took the touch away (palm rejection, a device removed, a compositor grab).
    /// Ends the sequence without a lift.
    case cancel = 3
}

/// Identity of one touch sequence, from its `down` to its `up` or `cancel`, unique within a trace.
///
/// Recorders number sequences in the order they start; evdev tracking ids and `wl_touch` ids, which
/// the hardware and compositors reuse, map onto these.
public typealias TouchID = UInt32

/// One sample of one touch point: the unit of everything Touchstone records, stores and replays.
///
/// Positions are integers in the device's own units. The device description turns them into
/// millimetres (`AxisRange.resolution`, units per mm) and, for sources that already speak logical
/// points such as Wayland, into points (`DeviceDescription.unitsPerPoint`); a replay scene maps
/// physical devices onto its window. `up` and `cancel` samples repeat the last known position.
public struct TouchSample: Equatable, Sendable {
    public var time: Microseconds
    public var device: DeviceIndex
    public var phase: TouchPhase
    /// The sequence this sample belongs to.
    public var touch: TouchID
    /// The hardware slot (evdev `ABS_MT_SLOT`, libinput seat slot) the sequence occupies.
    public var slot: UInt16
    /// Position in device units.
    public var x: Int32
    public var y: Int32
    /// Pressure in device units, where the device reports it.
    public var pressure: Int32?
    /// Contact ellipse axes (evdev `ABS_MT_TOUCH_MAJOR`/`MINOR`) in device units, where reported.
    public var major: Int32?
    public var minor: Int32?

    @inlinable
    public init(
        time: Microseconds, device: DeviceIndex = 0, phase: TouchPhase, touch: TouchID,
        slot: UInt16 = 0, x: Int32, y: Int32,
        pressure: Int32? = nil, major: Int32? = nil, minor: Int32? = nil
    ) {
        self.time = time
        self.device = device
        self.phase = phase
        self.touch = touch
        self.slot = slot
        self.x = x
        self.y = y
        self.pressure = pressure
        self.major = major
        self.minor = minor
    }
}
