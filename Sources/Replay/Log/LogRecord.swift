import GestureEngine
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
        /// A recognizer's action ran, in the state it reports, with the values the engine gathered
        /// for it (`ActionValues`; the line prints those the log spells, `docs/replay-log.md`).
        case action(recognizer: String, state: RecognizerStateName, values: ActionValues)
        /// An annotation from the trace ("expect double tap").
        case note(String)
    }
}

/// The four touch hooks of a view.
public enum ViewTouchPhase: String, Equatable, Sendable {
    case began, moved, ended, cancelled
}

/// UIKit's recognizer states by the names the log prints: the engine's `GestureRecognizer.State`,
/// spelled as the engine spells it (`State.name`), except that a discrete recognizer's `ended` is
/// `recognized`, UIKit's alias. The states and their words are listed once, in the engine. Not
/// `RawRepresentable`: its default `==` and hashing would compare the words as strings, built on
/// every comparison; the synthesized ones compare the state and the flag.
public struct RecognizerStateName: Hashable, Sendable, CustomStringConvertible {
    /// The engine's state.
    public let state: GestureRecognizer.State
    /// A discrete recognizer's `ended`, printed `recognized`.
    public let isRecognized: Bool

    /// The log's name for an engine state: a discrete recognizer's `ended` is `recognized`.
    public init(_ state: GestureRecognizer.State, kind: GestureRecognizer.Kind) {
        self.state = state
        isRecognized = state == .ended && kind == .discrete
    }

    public static var possible: RecognizerStateName { RecognizerStateName(.possible, kind: .continuous) }
    public static var began: RecognizerStateName { RecognizerStateName(.began, kind: .continuous) }
    public static var changed: RecognizerStateName { RecognizerStateName(.changed, kind: .continuous) }
    public static var ended: RecognizerStateName { RecognizerStateName(.ended, kind: .continuous) }
    public static var cancelled: RecognizerStateName { RecognizerStateName(.cancelled, kind: .continuous) }
    public static var failed: RecognizerStateName { RecognizerStateName(.failed, kind: .continuous) }
    /// A discrete recognizer's success; UIKit's `recognized`, an alias of `ended`.
    public static var recognized: RecognizerStateName { RecognizerStateName(.ended, kind: .discrete) }

    /// The word the log prints.
    public var word: StaticString { isRecognized ? "recognized" : state.name }

    public var rawValue: String { word.description }

    /// The state a log word names, or nil for a word that names none.
    public init?(rawValue: String) {
        if rawValue == Self.recognized.rawValue {
            self = .recognized
            return
        }
        guard let state = GestureRecognizer.State.allCases.first(where: { $0.description == rawValue }) else { return nil }
        self.init(state, kind: .continuous)
    }

    public var description: String { rawValue }
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
