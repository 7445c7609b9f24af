import TouchTrace

/// The seam where recognition plugs into a live session: a scene of views and recognizers driven
/// by trace events on the session's clock.
///
/// The session calls `advance(to:)` with the event's time before every `receive`, and, when no
/// event came, with `nextDeadline` itself once that instant has passed in real time, so timers fire
/// at their own deadlines in the order a replay fires them. `finish()` resolves what is still
/// pending, as a replay does after its last event. Times are on the trace's time line.
public protocol LiveRecognition: AnyObject {
    /// Fires every timer due at or before `time`.
    func advance(to time: Microseconds)
    /// Delivers one event (touch samples are grouped into frames by the implementation).
    func receive(_ event: TraceEvent)
    /// The earliest pending timer deadline, if any.
    var nextDeadline: Microseconds? { get }
    /// Ends the session: delivers what is held back and runs the remaining timers.
    func finish()
    /// What the window shows about the scene at trace time `now` (nil before the first event):
    /// view frames, and each recognizer's state and live values as they are at `now`.
    func overlay(at now: Microseconds?) -> SceneOverlay
}

/// What a scene shows in the live window, in scene points.
public struct SceneOverlay: Sendable {
    /// One view's frame in scene points, with its name.
    public struct ViewFrame: Sendable {
        public var name: String
        public var x: Double, y: Double, width: Double, height: Double

        public init(name: String, x: Double, y: Double, width: Double, height: Double) {
            self.name = name
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// One recognizer's current state and the last action it sent.
    public struct RecognizerLine: Sendable {
        public var name: String
        public var state: String
        public var lastAction: String

        public init(name: String, state: String, lastAction: String) {
            self.name = name
            self.state = state
            self.lastAction = lastAction
        }
    }

    public var views: [ViewFrame]
    public var recognizers: [RecognizerLine]
    /// The trace time at which the overlay will read differently although no event came (a
    /// velocity falling to zero once the fingers have been still long enough), if any.
    public var changesAt: Microseconds?

    public init(views: [ViewFrame] = [], recognizers: [RecognizerLine] = [], changesAt: Microseconds? = nil) {
        self.views = views
        self.recognizers = recognizers
        self.changesAt = changesAt
    }
}
