/// The dispatcher's recognizers in play, without reference counting: the per-frame loops
/// (reconcile, actions, delivery) walk this list instead of `recognizersInPlay`.
///
/// Sound because the dispatcher's strong `recognizersInPlay` keeps every recognizer named here
/// alive and in the same order, and the dispatcher frees the storage in its `deinit`.
typealias RecognizerList = UnretainedList<GestureRecognizer>
