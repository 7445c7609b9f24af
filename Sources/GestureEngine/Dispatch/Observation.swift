/// One observable thing the dispatcher did, in the order it happened.
///
/// The payloads are references and small values, so reporting allocates nothing; observers that
/// want text build it themselves. Touch objects are live: read what you need during the call.
public enum Observation {
    /// A recognizer moved from one state to another (including the reset back to `possible`).
    case stateChanged(GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State)
    /// A recognizer sent its action; `state` is the state the action presents (a deferred
    /// continuous recognizer's first action presents `began`), `values` what it could read.
    case action(GestureRecognizer, state: GestureRecognizer.State, values: ActionValues)
    /// A view received touches through one of its responder hooks. For a delayed began, the
    /// touches carry their original timestamp and location during the call. The batch is valid
    /// only during the call.
    case viewReceived(View, phase: Touch.Phase, touches: TouchBatch)
}

/// Receives every observation, stamped with the scheduler's current time: the hook for the replay
/// log and the live overlay.
public protocol GestureObserver: AnyObject {
    func observe(_ observation: Observation, at time: GestureTime)
    /// A view received touches: the same as `observe(.viewReceived(view, phase: phase, touches:
    /// touches), at: time)`, which the default implementation calls. The dispatcher reports view
    /// deliveries (every frame of a replay) through this, so an observer on that path can take
    /// them without an `Observation` built and copied per frame.
    func observeView(_ view: View, received phase: Touch.Phase, touches: TouchBatch, at time: GestureTime)
    /// A recognizer changed state: the same as `observe(.stateChanged(recognizer, from: old, to:
    /// new), at: time)`, which the default implementation calls. The dispatcher reports state
    /// changes through this, and actions through `observeAction`, so an observer on that path
    /// takes them without an `Observation` built and copied: one is the size of its largest
    /// case, an action's values, whatever it holds.
    func observeStateChange(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State, to new: GestureRecognizer.State, at time: GestureTime)
    /// A recognizer sent its action: the same as `observe(.action(recognizer, state: state,
    /// values: values), at: time)`, which the default implementation calls.
    func observeAction(_ recognizer: GestureRecognizer, presenting state: GestureRecognizer.State, values: ActionValues, at time: GestureTime)
    /// Whether the observer is told of `changed -> changed`, the state change of every move of a
    /// continuous gesture under way, whose action follows with the new values. `true` by default;
    /// an observer that answers `false` (the replay log, which prints the action and not the
    /// change) is not called for those, nearly every frame of a pinch or a pan. The dispatcher
    /// reads it once, when the observer is set.
    var observesRepeatedChanges: Bool { get }
}

extension GestureObserver {
    public func observeView(_ view: View, received phase: Touch.Phase, touches: TouchBatch, at time: GestureTime) {
        observe(.viewReceived(view, phase: phase, touches: touches), at: time)
    }

    public func observeStateChange(
        _ recognizer: GestureRecognizer, from old: GestureRecognizer.State, to new: GestureRecognizer.State, at time: GestureTime
    ) {
        observe(.stateChanged(recognizer, from: old, to: new), at: time)
    }

    public func observeAction(_ recognizer: GestureRecognizer, presenting state: GestureRecognizer.State, values: ActionValues, at time: GestureTime) {
        observe(.action(recognizer, state: state, values: values), at: time)
    }

    public var observesRepeatedChanges: Bool { true }
}
