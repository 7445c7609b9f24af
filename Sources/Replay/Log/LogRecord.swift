import TouchTrace

/// One thing a replay saw happen: a view receiving touches, a recognizer changing state, an
/// action being sent, or a note from the trace. The canonical log (`docs/replay-log.md`) prints one
/// line per record.
public struct LogRecord: Equatable, Sendable {
    /// Virtual time in microseconds since the trace's first event.
    public var time: Microseconds
    public var kind: Kind

    public init(time: Microseconds, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// What was observed.
    public enum Kind: Equatable, Sendable {
        /// A view's `touchesBegan/Moved/Ended/Cancelled` hook ran with these touches.
        case touches(view: String, phase: ViewTouchPhase, touches: [TouchPoint])
        /// A recognizer moved from one state to another.
        case state(recognizer: String, from: RecognizerStateName, to: RecognizerStateName)
        /// A recognizer's action ran, in the state it reports, with the values it carries.
        case action(recognizer: String, state: RecognizerStateName, values: LogValues)
        /// An annotation from the trace ("expect double tap").
        case note(String)
    }
}

/// The four touch hooks of a view.
public enum ViewTouchPhase: String, Equatable, Sendable {
    case began, moved, ended, cancelled
}

/// UIKit's recognizer states, by the names the log prints.
public enum RecognizerStateName: String, Equatable, Sendable {
    case possible, began, changed, ended, cancelled, failed
    /// A discrete recognizer's success; UIKit's `recognized`, an alias of `ended`.
    case recognized
}

/// One touch as a view received it: its sequence number in the trace, its location in window
/// points (every location in the log is in window points) and, when it differs from the line's
/// time, the touch's own timestamp (a delayed began carries the time its finger came down).
public struct TouchPoint: Equatable, Sendable {
    public var touch: UInt32
    public var x: Double
    public var y: Double
    /// The touch's timestamp, when it is not the time the view received it.
    public var timestamp: Microseconds?

    public init(touch: UInt32, x: Double, y: Double, timestamp: Microseconds? = nil) {
        self.touch = touch
        self.x = x
        self.y = y
        self.timestamp = timestamp
    }
}

/// The values an action reports, as the recognizer's properties read at that moment. Each kind
/// fills what it has: every one a location; pan and edge pan translation and velocity; pinch scale
/// and velocity; rotation an angle and velocity; swipe its direction.
public struct LogValues: Equatable, Sendable {
    /// The recognizer's location (centroid of its touches) in window points.
    public var location: (x: Double, y: Double)
    public var numberOfTouches: Int
    public var translation: (x: Double, y: Double)?
    /// Points per second for pan, per second for pinch scale and rotation radians.
    public var velocity: (x: Double, y: Double)?
    public var scale: Double?
    /// Radians, clockwise positive as UIKit's.
    public var rotation: Double?
    public var scalarVelocity: Double?
    public var direction: String?
    /// Unistroke: the template matched; pattern unlock: the code.
    public var match: String?
    /// Unistroke: the match's score, 0…1.
    public var score: Double?
    /// Reset shake: direction changes.
    public var turns: Int?
    /// Pattern unlock: whether the code unlocks.
    public var accepted: Bool?

    public init(
        location: (x: Double, y: Double), numberOfTouches: Int,
        translation: (x: Double, y: Double)? = nil, velocity: (x: Double, y: Double)? = nil,
        scale: Double? = nil, rotation: Double? = nil, scalarVelocity: Double? = nil, direction: String? = nil,
        match: String? = nil, score: Double? = nil, turns: Int? = nil, accepted: Bool? = nil
    ) {
        self.location = location
        self.numberOfTouches = numberOfTouches
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.rotation = rotation
        self.scalarVelocity = scalarVelocity
        self.direction = direction
        self.match = match
        self.score = score
        self.turns = turns
        self.accepted = accepted
    }

    public static func == (lhs: LogValues, rhs: LogValues) -> Bool {
        lhs.location == rhs.location && lhs.numberOfTouches == rhs.numberOfTouches
            && lhs.translation.map { [$0.x, $0.y] } == rhs.translation.map { [$0.x, $0.y] }
            && lhs.velocity.map { [$0.x, $0.y] } == rhs.velocity.map { [$0.x, $0.y] }
            && lhs.scale == rhs.scale && lhs.rotation == rhs.rotation
            && lhs.scalarVelocity == rhs.scalarVelocity && lhs.direction == rhs.direction
            && lhs.match == rhs.match && lhs.score == rhs.score && lhs.turns == rhs.turns && lhs.accepted == rhs.accepted
    }
}
