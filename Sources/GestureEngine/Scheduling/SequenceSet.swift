/// A set of timer sequences (nonzero integers): the armed timers of a `VirtualScheduler`.
///
/// `Set<UInt64>` hashes every lookup with SipHash (about a hundred instructions), whose defence
/// against chosen keys buys nothing here: the keys are the scheduler's own counter, never input.
/// This table spreads them by a multiplicative (Fibonacci) hash, probes linearly and deletes by
/// shifting the entries after the gap back (no tombstones), so a lookup is a few instructions and
/// a table stays at most half full, growing as `Set` does and never shrinking.
final class SequenceSet {
    /// 0 marks an empty slot; the capacity is a power of two.
    private var slots: UnsafeMutableBufferPointer<UInt64>
    private(set) var count = 0
    /// 64 minus the capacity's bit count: a hash's top bits are its slot.
    private var shift: UInt64

    init(capacity: Int = 16) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    deinit {
        slots.deallocate()
    }

    private var mask: Int { slots.count - 1 }

    @inline(__always)
    private func home(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always)
    private func slot(of key: UInt64) -> Int {
        var index = home(of: key)
        while slots[index] != key && slots[index] != 0 { index = (index &+ 1) & mask }
        return index
    }

    func contains(_ key: UInt64) -> Bool {
        precondition(key != 0, "SequenceSet keys are nonzero")
        return slots[slot(of: key)] == key
    }

    func insert(_ key: UInt64) {
        precondition(key != 0, "SequenceSet keys are nonzero")
        let index = slot(of: key)
        guard slots[index] != key else { return }
        slots[index] = key
        count += 1
        if 2 * count > slots.count { grow() }
    }

    func remove(_ key: UInt64) {
        guard key != 0 else { return }
        var gap = slot(of: key)
        guard slots[gap] == key else { return }
        count -= 1
        // Each later entry of the run moves into the gap if the gap is on its probe path (between
        // its home slot and where it sits), so every entry stays reachable from its home.
        var index = (gap &+ 1) & mask
        while slots[index] != 0 {
            let distance = (index &- home(of: slots[index])) & mask
            if distance >= (index &- gap) & mask {
                slots[gap] = slots[index]
                gap = index
            }
            index = (index &+ 1) & mask
        }
        slots[gap] = 0
    }

    private func grow() {
        let old = slots
        slots = .allocate(capacity: old.count * 2)
        slots.initialize(repeating: 0)
        shift -= 1
        for key in old where key != 0 { slots[slot(of: key)] = key }
        old.deallocate()
    }
}
