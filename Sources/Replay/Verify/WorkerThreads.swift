#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body(worker)` on `count` threads of its own, started together, and returns when all
/// have finished.
///
/// `verify --jobs N` needs N workers from the start: `DispatchQueue.concurrentPerform` runs its
/// iterations on whatever threads libdispatch grants, and on Linux it grants fewer when the
/// processors look busy, so on a loaded machine a second worker started late and took one capture
/// in eight (docs/benchmarks.md, "Speed V"). Threads of our own cannot be held back that way.
enum WorkerThreads {
    /// Each thread's stack: replaying a capture runs the whole engine and the log writer.
    static let stackSize = 8 * 1024 * 1024

    /// Runs `body(worker)` for every worker in `0..<count`. When a thread cannot be created (the
    /// process's threads, memory or address space exhausted), no further one is tried: every
    /// worker left runs here, one after the other, once the threads started have been, and the
    /// call still returns only when every worker has run once. A body that waits for the others
    /// to arrive must not rely on running alongside them.
    /// `threadsAllowed` stands in for the system's limit in tests: a thread past it is refused as
    /// the system refuses one when its resources run out.
    static func run(count: Int, threadsAllowed: Int = .max, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        var threads: [pthread_t] = []
        threads.reserveCapacity(count)
        var started = 0
        while started < count {
            let worker = started
            let work = Unmanaged.passRetained(Work { body(worker) }).toOpaque()
            var thread = pthread_t()
            let status = started >= threadsAllowed ? EAGAIN : pthread_create(&thread, &attributes, { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                work.body()
                return nil
            }, work)
            guard status == 0 else {
                // The thread was not created, so it never took the work: release it here.
                Unmanaged<Work>.fromOpaque(work).release()
                break
            }
            threads.append(thread)
            started += 1
        }
        // No thread for these workers (resources exhausted): each runs here, after the threads
        // that did start, so every worker still runs once and the run degrades to fewer threads
        // rather than failing. Trying again for each would only fail again, or take the last of
        // the memory the running workers need.
        for worker in started..<count { body(worker) }
        for thread in threads { pthread_join(thread, nil) }
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
