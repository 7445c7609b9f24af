import GestureEngine

/// Hands every observation to two observers in order: the dispatcher has one observer slot, and
/// a replay that also draws pictures needs the log and the pictures' recorder to see the same
/// observations at the same times.
final class ObserverPair: GestureObserver {
    let first: any GestureObserver
    let second: any GestureObserver

    init(first: any GestureObserver, second: any GestureObserver) {
        self.first = first
        self.second = second
    }

    /// Read once, when the pair is set as the dispatcher's observer: either may want them.
    var observesRepeatedChanges: Bool { first.observesRepeatedChanges || second.observesRepeatedChanges }

    func observe(_ observation: Observation, at time: GestureTime) {
        first.observe(observation, at: time)
        second.observe(observation, at: time)
    }

    func observeView(_ view: View, received phase: Touch.Phase, touches: TouchBatch, at time: GestureTime) {
        first.observeView(view, received: phase, touches: touches, at: time)
        second.observeView(view, received: phase, touches: touches, at: time)
    }

    func observeStateChange(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State, to new: GestureRecognizer.State, at time: GestureTime) {
        first.observeStateChange(recognizer, from: old, to: new, at: time)
        second.observeStateChange(recognizer, from: old, to: new, at: time)
    }

    func observeAction(_ recognizer: GestureRecognizer, presenting state: GestureRecognizer.State, values: ActionValues, at time: GestureTime) {
        first.observeAction(recognizer, presenting: state, values: values, at: time)
        second.observeAction(recognizer, presenting: state, values: values, at: time)
    }
}
