/// A reusable, ordered list of objects that does not retain them, on manually managed storage:
/// emptying and refilling it costs a store, iterating it retains neither a buffer nor an element
/// (which iterating a Swift array of class references kept in a class property does), and
/// reading it from its owner costs a load. It grows by doubling and never shrinks.
///
/// The engine's lists of touches (`TouchList`) and of recognizers in play (`RecognizerList`).
/// What keeps it sound, the owner's promises:
/// - every element is kept alive elsewhere for as long as the list names it (each use names the
///   strong reference that does);
/// - the owner calls `deallocate()` exactly once, in its `deinit`, and never uses a copy of the
///   list afterwards (a copy shares the storage: the list is owned by one stored property).
/// Indices are checked; an element is stored as an `Unretained`.
@usableFromInline
struct UnretainedList<Element: AnyObject> {
    // Usable from inlinable code so that `TouchBatch.forEach` compiles to a plain loop in the
    // caller's module (an observer writing every touch of every frame) instead of a closure call
    // per touch.
    @usableFromInline private(set) var storage: UnsafeMutablePointer<Unretained<Element>>
    /// Elements `storage` has room for.
    private var capacity: Int
    @usableFromInline private(set) var count = 0
    /// Slots dropped from the front (`removeFirst(_:)`): the allocation starts this far before
    /// `storage`.
    private var dropped = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    /// Frees the storage; the list must not be used afterwards.
    func deallocate() {
        (storage - dropped).deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The element at `index`, retained for the caller.
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "UnretainedList index out of range")
        return storage[index].object
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        append(Unretained(element))
    }

    @inline(__always)
    mutating func append(_ element: Unretained<Element>) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        // Below `capacity`, an `Int`: cannot overflow.
        count &+= 1
    }

    /// Appends what `body` writes, in order, from the start of the room it is given for `limit`
    /// elements (uninitialized: an `Unretained` is trivial, so assigning one there is sound), and
    /// returns how many it wrote: a loop's appends without a test of the capacity and a store of
    /// the count for each.
    @inline(__always)
    mutating func append(upTo limit: Int, _ body: (UnsafeMutablePointer<Unretained<Element>>) -> Int) -> Int {
        if capacity - count < limit { grow(toHold: count + limit) }
        let written = body(storage + count)
        precondition(written >= 0 && written <= limit, "UnretainedList appended past the room asked for")
        count &+= written
        return written
    }

    /// Makes room for `needed` elements (at least one more than now): takes back the slots
    /// dropped from the front when they are at least half the allocation and that is enough,
    /// else doubles the allocation until it holds them. Rare, so kept out of the callers of
    /// `append`.
    @inline(never)
    private mutating func grow(toHold needed: Int = 0) {
        let allocated = capacity + dropped
        if dropped > 0 && dropped >= allocated / 2 && needed <= allocated {
            let start = storage - dropped
            start.moveInitialize(from: storage, count: count)
            storage = start
            capacity = allocated
            dropped = 0
            return
        }
        var grownCapacity = allocated * 2
        while grownCapacity < needed { grownCapacity *= 2 }
        let grown = UnsafeMutablePointer<Unretained<Element>>.allocate(capacity: grownCapacity)
        grown.initialize(from: storage, count: count)
        (storage - dropped).deallocate()
        storage = grown
        capacity = grownCapacity
        dropped = 0
    }

    /// Removes the first `k` elements in one step, whatever the count: the storage then starts
    /// past them (the recognizers in play reset in the order they joined, one at a time when
    /// their timers fire at one instant).
    mutating func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= count, "UnretainedList removeFirst past its end")
        storage += k
        count -= k
        capacity -= k
        dropped += k
    }

    mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "UnretainedList index out of range")
        (storage + index).update(from: storage + index + 1, count: count - index - 1)
        count -= 1
    }

    /// Replaces the element at `index`.
    mutating func set(_ index: Int, _ element: Element) {
        precondition(index >= 0 && index < count, "UnretainedList index out of range")
        storage[index] = Unretained(element)
    }

    /// Keeps the first `newCount` elements.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "UnretainedList truncated past its end")
        count = newCount
    }

    mutating func removeAll() {
        count = 0
    }

    /// Removes the elements that satisfy `predicate`, keeping the order of the others.
    @inline(__always)
    mutating func removeAll(where predicate: (Element) -> Bool) {
        var kept = 0
        for index in 0..<count where !storage[index].with(predicate) {
            storage[kept] = storage[index]
            kept += 1
        }
        count = kept
    }

    /// Removes every occurrence of `element` (compared by identity), keeping the order of the others.
    mutating func removeAll(identicalTo element: Element) {
        var kept = 0
        for index in 0..<count where !storage[index].refers(to: element) {
            storage[kept] = storage[index]
            kept += 1
        }
        count = kept
    }

    /// Calls `body` with the element at `index`, unretained.
    @inline(__always)
    func with<Result>(_ index: Int, _ body: (Element) -> Result) -> Result {
        storage[index].with(body)
    }

    /// Calls `body` with each element in order, unretained. `body` must not add or remove elements.
    @inlinable @inline(__always)
    func forEach(_ body: (Element) -> Void) {
        var index = 0
        while index < count {
            storage[index].with(body)
            index += 1
        }
    }

    /// Whether any element satisfies `predicate`, stopping at the first that does.
    @inline(__always)
    func contains(where predicate: (Element) -> Bool) -> Bool {
        var index = 0
        while index < count {
            if storage[index].with(predicate) { return true }
            index += 1
        }
        return false
    }
}
