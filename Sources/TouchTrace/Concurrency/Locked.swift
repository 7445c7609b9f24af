/// A value that threads share, read and changed only under a lock.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` hands the lock over inside a futex
/// call, which ThreadSanitizer cannot see, so it reports the accesses the lock orders as races
/// (CI's ThreadSanitizer suite failed on one, docs/reliability.md). The lock here is a pthread
/// mutex (`ConditionLock`), which it intercepts. (`GestureEngine`, which imports nothing of this
/// package, keeps its own for the names actions report.)
package final class Locked<Value>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with no other thread inside a `withLock` of this one.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
