#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes that threads hold for a while, at most `bytes` at once unless one alone needs more: a
/// pthread mutex and condition, which ThreadSanitizer sees (`Mutex` waits on a futex it cannot).
final class MemoryBudget: @unchecked Sendable {
    private let bytes: Int
    private var inUse = 0
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let released: UnsafeMutablePointer<pthread_cond_t>

    init(bytes: Int) {
        self.bytes = bytes
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        released = .allocate(capacity: 1)
        released.initialize(to: pthread_cond_t())
        pthread_cond_init(released, nil)
    }

    deinit {
        pthread_cond_destroy(released)
        pthread_mutex_destroy(mutex)
        released.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` once `amount` fits beside what others hold (or nothing else is held).
    func `while`<T>(holding amount: Int, _ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        while inUse > 0 && inUse > bytes - amount { pthread_cond_wait(released, mutex) }
        inUse += amount
        pthread_mutex_unlock(mutex)
        defer {
            pthread_mutex_lock(mutex)
            inUse -= amount
            pthread_cond_broadcast(released)
            pthread_mutex_unlock(mutex)
        }
        return try body()
    }
}
