#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, read and changed only under a pthread mutex.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` hands the lock over inside a futex
/// call, which ThreadSanitizer cannot see, so it reports the accesses the lock orders as races
/// (CI's ThreadSanitizer suite failed on one, docs/reliability.md). A pthread mutex is one it
/// intercepts. (`GestureEngine`, which imports nothing of this package, keeps its own for the
/// names actions report; `MemoryBudget` waits on a condition beside its mutex.)
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with no other thread inside a `withLock` of this one.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
