import TouchTrace

/// Bytes that threads hold for a while, at most `bytes` at once unless one alone needs more
/// (`ConditionLock`, which ThreadSanitizer sees: `Mutex` waits on a futex it cannot).
final class MemoryBudget: @unchecked Sendable {
    private let bytes: Int
    private var inUse = 0
    private let lock = ConditionLock()

    init(bytes: Int) {
        self.bytes = bytes
    }

    /// Runs `body` once `amount` fits beside what others hold (or nothing else is held).
    func `while`<T>(holding amount: Int, _ body: () throws -> T) rethrows -> T {
        lock.withLock {
            while inUse > 0 && inUse > bytes - amount { lock.wait() }
            inUse += amount
        }
        defer {
            lock.withLock {
                inUse -= amount
                lock.broadcast()
            }
        }
        return try body()
    }
}
