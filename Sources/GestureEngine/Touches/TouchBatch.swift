/// The touches handed to a responder hook or a recognizer: a read-only, ordered view of a list
/// the engine owns.
///
/// A batch does not own its touches and costs no reference counting to pass or iterate, which is
/// what lets dispatch run without touching reference counts per recognizer. It is valid for the
/// duration of the call it is passed to (a recognizer's own `touches` until its next touch
/// callback); to keep touches longer, copy them: `Array(batch)`.
public struct TouchBatch: RandomAccessCollection {
    /// Unretained: whoever hands out a batch keeps the list (a dispatcher's or a recognizer's
    /// `let`) for longer than the call the batch is valid for. Reached through `with`, which
    /// (unlike an `unowned(unsafe)` reference) costs no retain and release per use.
    @usableFromInline let list: Unretained<TouchList>

    init(_ list: TouchList) {
        self.list = Unretained(list)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { list.with { $0.count } }

    public subscript(position: Int) -> Touch {
        list.with { list in
            precondition(position >= 0 && position < list.count, "TouchBatch index out of range")
            return list[position]
        }
    }

    /// Calls `body` with each touch in order, without reference counting: the list the batch
    /// views keeps every touch alive for the call. The cheap way to walk a batch on a per-frame
    /// path (an observer writing every touch of every frame); `for … in` retains and releases each
    /// touch. `body` may read the touches; it must not keep them past the call the batch is valid
    /// for.
    ///
    /// Inlinable, with the list it walks: in the caller's module the walk is a plain loop around
    /// `body`, not a call of `body` per touch.
    @inlinable @inline(__always)
    public func forEach(_ body: (Touch) -> Void) {
        list.with { $0.forEachTouch(body) }
    }
}

/// A reusable list of touches that does not retain them: the dispatcher's pool and its lists of
/// touches down and held keep every touch alive for as long as any list can name it.
///
/// A class, so that a `TouchBatch` can name it while its count changes; the list itself is an
/// `UnretainedList`, freed in `deinit`.
@usableFromInline
final class TouchList {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline private(set) var touches: UnretainedList<Touch>

    init(capacity: Int = 8) {
        touches = UnretainedList(capacity: capacity)
    }

    deinit {
        touches.deallocate()
    }

    var count: Int { touches.count }
    var isEmpty: Bool { touches.isEmpty }
    var batch: TouchBatch { TouchBatch(self) }

    subscript(index: Int) -> Touch { touches[index] }

    @inline(__always)
    func append(_ touch: Touch) { touches.append(touch) }

    /// Appends a touch another list names (its owner keeps it alive).
    @inline(__always)
    func append(_ touch: Unretained<Touch>) { touches.append(touch) }

    /// `UnretainedList.append(upTo:_:)`.
    @inline(__always)
    func append(upTo limit: Int, _ body: (UnsafeMutablePointer<Unretained<Touch>>) -> Int) -> Int {
        touches.append(upTo: limit, body)
    }

    func removeAll() { touches.removeAll() }

    func remove(_ touch: Touch) { touches.removeAll(identicalTo: touch) }

    /// Removes the touches that have ended or been cancelled, keeping the order of the others.
    func removeFinished() { touches.removeAll { $0.phase.isTerminal } }

    /// Calls `body` with the touch at `index`, without reference counting.
    @inline(__always)
    func with<Result>(_ index: Int, _ body: (Touch) -> Result) -> Result { touches.with(index, body) }

    /// Whether any touch satisfies `predicate`, stopping at the first that does; unretained.
    @inline(__always)
    func contains(where predicate: (Touch) -> Bool) -> Bool { touches.contains(where: predicate) }

    /// The locations of the first two touches that satisfy `predicate`, if there are two; found
    /// without reference counting, stopping at the second.
    @inline(__always)
    func firstTwoLocations(where predicate: (Touch) -> Bool) -> (first: Point, second: Point)? {
        var first: Point?
        var index = 0
        while index < touches.count {
            let location = touches.with(index) { predicate($0) ? $0.locationInWindow : nil }
            index += 1
            guard let location else { continue }
            if let first { return (first, location) }
            first = location
        }
        return nil
    }

    /// Calls `body` with each touch, without reference counting: for the per-frame loops.
    @inlinable @inline(__always)
    func forEachTouch(_ body: (Touch) -> Void) { touches.forEach(body) }
}
