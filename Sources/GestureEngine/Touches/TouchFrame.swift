/// One finger's state in a hardware frame, as a driver hands it to the engine.
public struct TouchInput: Equatable, Sendable {
    /// What happened to the finger in this frame. `stationary` fingers need not be listed.
    public enum Change: UInt8, Sendable, Equatable {
        case down, move, up, cancel
    }

    /// The driver's identity for the finger's sequence; unique among fingers currently down.
    public var identifier: UInt32
    public var change: Change
    /// Position in window points (the driver applies the scene's device-to-window mapping).
    public var location: Point

    public init(identifier: UInt32, change: Change, location: Point) {
        self.identifier = identifier
        self.change = change
        self.location = location
    }
}

/// Every finger change of one hardware frame (one `UIEvent`), stamped with the frame's time.
///
/// Drivers should keep one frame and refill it (`removeAll(keepingCapacity:)` on `touches`) so
/// dispatch allocates nothing per frame.
public struct TouchFrame: Equatable, Sendable {
    /// Microseconds on the engine's clock.
    public var timestamp: GestureTime
    public var touches: [TouchInput]

    public init(timestamp: GestureTime, touches: [TouchInput] = []) {
        self.timestamp = timestamp
        self.touches = touches
    }
}
