import Replay
import TouchTrace

/// Everything a picture shows of one session: where each finger went and when, and, when the
/// session was replayed through a scene, what each recognizer decided and what each view received.
///
/// Times are virtual microseconds since the trace's first event (the replay log's clock);
/// positions are window points (the log's space).
public struct SessionTimeline: Sendable {
    /// The area the touch paths are drawn over, in points: the scene's window.
    public var window: Size
    /// The scene's visible views, with frames in window coordinates, back to front.
    public var views: [ViewOutline]
    /// One track per touch sequence, in the order the fingers went down.
    public var touches: [TouchTrack]
    /// One lane per recognizer (scene order); empty without a scene.
    public var recognizers: [RecognizerLane]
    /// One lane per view that has recognizers or received touches (scene order); empty without a scene.
    public var viewLanes: [ViewLane]
    /// The last time anything happened: the last event, or the last timer the replay fired.
    public var duration: Microseconds
    /// Whether the session was replayed through a scene (and the lanes below are meaningful).
    public var hasScene: Bool

    public init(window: Size, views: [ViewOutline] = [], touches: [TouchTrack] = [], recognizers: [RecognizerLane] = [],
                viewLanes: [ViewLane] = [], duration: Microseconds = 0, hasScene: Bool = false) {
        self.window = window
        self.views = views
        self.touches = touches
        self.recognizers = recognizers
        self.viewLanes = viewLanes
        self.duration = duration
        self.hasScene = hasScene
    }
}

/// A view drawn as an outline with its id.
public struct ViewOutline: Equatable, Sendable {
    public var id: String
    /// In window coordinates.
    public var frame: Frame
}

/// One finger's sequence: its samples in window points and how it ended.
public struct TouchTrack: Sendable {
    public enum Ending: Equatable, Sendable {
        case up, cancel
        /// The trace ended (or was cut) with the finger still down.
        case open
    }

    public struct Point: Equatable, Sendable {
        public var time: Microseconds
        public var x: Double
        public var y: Double
    }

    /// The trace's touch sequence id (`#N` in the log).
    public var id: TouchID
    public var points: [Point] = []
    public var ending: Ending = .open

    public var start: Microseconds { points.first?.time ?? 0 }
    public var end: Microseconds { points.last?.time ?? 0 }
}

/// What one recognizer did over time.
public struct RecognizerLane: Sendable {
    public struct Change: Equatable, Sendable {
        public var time: Microseconds
        public var to: RecognizerStateName
    }

    public struct Action: Equatable, Sendable {
        public var time: Microseconds
        public var state: RecognizerStateName
    }

    public var name: String
    /// Every state change, including the resets to `possible` when the replay saw them (a golden
    /// log does not print them). `changed -> changed` is left out, as in the log.
    public var changes: [Change] = []
    public var actions: [Action] = []

    public init(name: String) {
        self.name = name
    }
}

/// What one view's touch hooks received over time.
public struct ViewLane: Sendable {
    public struct Delivery: Equatable, Sendable {
        /// When the hook ran.
        public var time: Microseconds
        /// When the touches of a began or ended delivery happened: earlier than `time` when a
        /// recognizer's `delaysTouchesBegan` or `delaysTouchesEnded` held them back; equal
        /// otherwise, for moved and cancelled, and when read from a log that does not record it.
        public var original: Microseconds
        public var phase: ViewTouchPhase
        public var touchCount: Int
    }

    public var name: String
    public var deliveries: [Delivery] = []

    public init(name: String) {
        self.name = name
    }
}
