/// The dispatcher's recognizers in play, without reference counting: the per-frame loops
/// (reconcile, actions, delivery) walk this list instead of `recognizersInPlay`.
///
/// A value holding raw storage, so reading it from the dispatcher costs a load and iterating it
/// retains neither a buffer nor an element, which iterating a Swift array of class references
/// stored in a class property does. The dispatcher's strong `recognizersInPlay` keeps every
/// recognizer named here alive, keeps the same order, and frees the storage in its `deinit`.
struct RecognizerList {
    private var storage: UnsafeMutablePointer<Unmanaged<GestureRecognizer>>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    /// Frees the storage; the list must not be used afterwards.
    func deallocate() {
        storage.deallocate()
    }

    mutating func append(_ recognizer: GestureRecognizer) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Unmanaged<GestureRecognizer>>.allocate(capacity: capacity * 2)
            grown.initialize(from: storage, count: count)
            storage.deallocate()
            storage = grown
            capacity *= 2
        }
        (storage + count).initialize(to: .passUnretained(recognizer))
        count += 1
    }

    mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "RecognizerList index out of range")
        (storage + index).update(from: storage + index + 1, count: count - index - 1)
        count -= 1
    }

    /// Replaces the recognizer at `index`.
    mutating func set(_ index: Int, _ recognizer: GestureRecognizer) {
        precondition(index >= 0 && index < count, "RecognizerList index out of range")
        storage[index] = .passUnretained(recognizer)
    }

    /// Keeps the first `newCount` recognizers.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "RecognizerList truncated past its end")
        count = newCount
    }

    /// Calls `body` with the recognizer at `index`, unretained.
    @inline(__always)
    func with<Result>(_ index: Int, _ body: (GestureRecognizer) -> Result) -> Result {
        storage[index]._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with each recognizer in order. `body` must not add or remove recognizers.
    @inline(__always)
    func forEach(_ body: (GestureRecognizer) -> Void) {
        var index = 0
        while index < count {
            storage[index]._withUnsafeGuaranteedRef(body)
            index += 1
        }
    }

    /// Whether any recognizer satisfies `predicate`, stopping at the first that does.
    @inline(__always)
    func contains(where predicate: (GestureRecognizer) -> Bool) -> Bool {
        var index = 0
        while index < count {
            if storage[index]._withUnsafeGuaranteedRef(predicate) { return true }
            index += 1
        }
        return false
    }
}
