/// The touches handed to a responder hook or a recognizer: a read-only, ordered view of a list
/// the engine owns.
///
/// A batch does not own its touches and costs no reference counting to pass or iterate, which is
/// what lets dispatch run without touching reference counts per recognizer. It is valid for the
/// duration of the call it is passed to (a recognizer's own `touches` until its next touch
/// callback); to keep touches longer, copy them: `Array(batch)`.
public struct TouchBatch: RandomAccessCollection {
    unowned(unsafe) let list: TouchList

    init(_ list: TouchList) {
        self.list = list
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { list.count }

    public subscript(position: Int) -> Touch {
        precondition(position >= 0 && position < list.count, "TouchBatch index out of range")
        return list[position].takeUnretainedValue()
    }
}

/// A reusable list of touches that does not retain them: the dispatcher's pool and its lists of
/// touches down and held keep every touch alive for as long as any list can name it.
final class TouchList {
    /// Manually managed so that emptying and refilling the list costs a store, not a generic
    /// range replacement; it grows by doubling and never shrinks.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var storage: UnsafeMutablePointer<Unmanaged<Touch>>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var capacity: Int
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var count = 0

    init(capacity: Int = 8) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    var isEmpty: Bool { count == 0 }
    var batch: TouchBatch { TouchBatch(self) }

    subscript(index: Int) -> Unmanaged<Touch> { storage[index] }

    func append(_ touch: Touch) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Unmanaged<Touch>>.allocate(capacity: capacity * 2)
            grown.initialize(from: storage, count: count)
            storage.deallocate()
            storage = grown
            capacity *= 2
        }
        (storage + count).initialize(to: .passUnretained(touch))
        count += 1
    }

    func removeAll() {
        count = 0
    }

    func remove(_ touch: Touch) {
        let target = Unmanaged.passUnretained(touch).toOpaque()
        var kept = 0
        for index in 0..<count where storage[index].toOpaque() != target {
            storage[kept] = storage[index]
            kept += 1
        }
        count = kept
    }

    /// Removes the touches that have ended or been cancelled, keeping the order of the others.
    func removeFinished() {
        var kept = 0
        for index in 0..<count where !storage[index]._withUnsafeGuaranteedRef({ $0.phase.isTerminal }) {
            storage[kept] = storage[index]
            kept += 1
        }
        count = kept
    }

    /// Whether a touch of this identifier is in the list (compared without reference counting).
    func contains(identifier: UInt32) -> Bool {
        for index in 0..<count where storage[index]._withUnsafeGuaranteedRef({ $0.identifier == identifier }) { return true }
        return false
    }

    func contains(_ touch: Touch) -> Bool {
        let target = Unmanaged.passUnretained(touch).toOpaque()
        for index in 0..<count where storage[index].toOpaque() == target { return true }
        return false
    }
}

extension TouchList {
    /// Calls `body` with each touch, without reference counting: for the per-frame loops.
    @inline(__always)
    func forEachTouch(_ body: (Touch) -> Void) {
        for index in 0..<count { storage[index]._withUnsafeGuaranteedRef(body) }
    }
}

extension Array where Element: AnyObject {
    /// Calls `body` with each element without retaining it: the array keeps them alive, and
    /// `body` must not mutate the array.
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<Element>.self) { unmanaged in
                for element in unmanaged { element._withUnsafeGuaranteedRef(body) }
            }
        }
    }
}
