/// The dispatcher's recognizers in play, without reference counting: the per-frame loops
/// (reconcile, actions, delivery) walk this list.
///
/// Sound because the dispatcher retains every recognizer as it adds it to `inPlay` and releases
/// it once the list no longer names it, and frees the storage in its `deinit`.
typealias RecognizerList = UnretainedList<GestureRecognizer>
