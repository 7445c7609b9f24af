import GestureEngine

/// The touches of the frame the driver is gathering, in memory the driver owns.
///
/// An array property of the driver would check its buffer's uniqueness and capacity on every
/// append (about twenty instructions a sample); here an append is a compare and a store, and the
/// engine reads the frame where it is.
///
/// Sound because: `storage` holds `capacity` initialized-or-not `TouchInput`s (a trivial type: no
/// deinitialization is ever needed), the first `count` of them written; `count <= capacity`
/// always holds (`append` grows first); and the owner calls `deallocate()` exactly once, in its
/// `deinit`, and never copies the value (one stored property owns the storage).
struct PendingTouches {
    private var storage: UnsafeMutablePointer<TouchInput>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    /// Frees the storage; the value must not be used afterwards.
    func deallocate() {
        storage.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ touch: TouchInput) {
        if count == capacity { grow() }
        (storage + count).initialize(to: touch)
        count &+= 1
    }

    /// Doubles the capacity: a frame with more touches than any before it, rare.
    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<TouchInput>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// The touches gathered, valid until the next `append`.
    var touches: UnsafeBufferPointer<TouchInput> { UnsafeBufferPointer(start: storage, count: count) }

    mutating func removeAll() {
        count = 0
    }
}
