#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex with a condition to wait on under it, for state that threads wait on (a
/// memory budget, results waiting for their turn). ThreadSanitizer sees both (`Locked`'s note).
/// The state itself is the owner's, read and changed only inside `withLock`.
package final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the mutex held.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside `withLock`: releases the mutex until another thread calls `broadcast()` (or
    /// spuriously), then holds it again. Call it in a loop over the condition waited for.
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread in `wait()`.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
