import HeapModule

/// A scheduler whose clock moves only when told to: the deterministic heart of replay and tests.
///
/// Timers fire in order of deadline, then of scheduling (a heap keyed by both), so two timers due
/// at the same instant fire in the order they were armed. `advance(to:)` fires every timer due at or
/// before the target instant, setting `now` to each timer's own deadline before calling it, then
/// sets `now` to the target. Time never moves backwards: advancing to the past does nothing.
/// A timer may arm further timers; those due by the target instant fire in the same advance.
///
/// Replay rule (see docs/semantics.md): before delivering a frame stamped `t`, call
/// `advance(to: t)`, so a timer due at the same instant as a frame fires first; after the last
/// frame, `runRemaining()` resolves pending decisions such as a double-tap timeout.
public final class VirtualScheduler: Scheduler {
    private struct Entry: Comparable {
        var deadline: GestureTime
        var sequence: UInt64
        var target: any TimerTarget
        var tag: Int

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
        }
        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.deadline == rhs.deadline && lhs.sequence == rhs.sequence
        }
    }

    public private(set) var now: GestureTime {
        @inlinable get { _now }
        set { _now = newValue }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _now: GestureTime
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var heap = Heap<Entry>()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var nextSequence: UInt64 = 1
    /// Sequences of armed timers. Cancellation removes the entry here and the heap drops it lazily,
    /// so cancelling is O(1) and allocates nothing once the set has grown to its working size.
    private let armed = SequenceSet(capacity: 16)
    /// No entry in the heap (armed or cancelled) is due before this: a lower bound that lets an
    /// advance with nothing due cost one comparison instead of a heap read and a set lookup.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var earliest = GestureTime.max

    public init(now: GestureTime = 0) {
        _now = now
        heap.reserveCapacity(16)
    }

    /// The number of timers armed and not yet fired or cancelled.
    public var pendingCount: Int { armed.count }

    /// The deadline of the next timer to fire, if any.
    public var nextDeadline: GestureTime? {
        dropCancelledTop()
        return heap.min?.deadline
    }

    public func schedule(at deadline: GestureTime, target: any TimerTarget, tag: Int) -> TimerToken {
        let sequence = nextSequence
        nextSequence &+= 1
        heap.insert(Entry(deadline: deadline, sequence: sequence, target: target, tag: tag))
        earliest = min(earliest, deadline)
        armed.insert(sequence)
        return TimerToken(rawValue: sequence)
    }

    public func cancel(_ token: TimerToken) {
        armed.remove(token.rawValue)
    }

    /// Fires every timer due at or before `instant`, in order, then moves `now` to `instant`
    /// (or leaves it where it is if `instant` is in the past).
    ///
    /// Inlinable: with nothing due (a replay's every frame but a few) it is a comparison and a
    /// store in the caller, where the call saved and restored six registers.
    @inlinable
    public func advance(to instant: GestureTime) {
        guard instant >= earliest else {
            _now = max(_now, instant)
            return
        }
        fireDue(notAfter: instant)
    }

    /// The rest of `advance(to:)`, when a timer may be due.
    @usableFromInline
    func fireDue(notAfter instant: GestureTime) {
        while let next = popDue(notAfter: instant) {
            now = max(now, next.deadline)
            next.target.timerFired(tag: next.tag, token: TimerToken(rawValue: next.sequence))
        }
        now = max(now, instant)
    }

    /// Moves time forward by `duration`, firing what falls due.
    public func advance(by duration: GestureDuration) {
        advance(to: now + max(0, duration))
    }

    /// Fires every remaining timer, including those armed while doing so, leaving `now` at the last
    /// deadline fired.
    public func runRemaining() {
        while let next = popDue(notAfter: .max) {
            now = max(now, next.deadline)
            next.target.timerFired(tag: next.tag, token: TimerToken(rawValue: next.sequence))
        }
    }

    private func popDue(notAfter instant: GestureTime) -> Entry? {
        dropCancelledTop()
        guard let top = heap.min else {
            earliest = .max
            return nil
        }
        guard top.deadline <= instant else {
            earliest = top.deadline
            return nil
        }
        let entry = heap.removeMin()
        armed.remove(entry.sequence)
        return entry
    }

    private func dropCancelledTop() {
        while let top = heap.min, !armed.contains(top.sequence) {
            heap.removeMin()
        }
    }
}
