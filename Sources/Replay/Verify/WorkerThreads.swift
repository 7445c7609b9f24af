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

    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        var threads: [pthread_t] = []
        for worker in 0..<count {
            let work = Unmanaged.passRetained(Work { body(worker) }).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, &attributes, { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                work.body()
                return nil
            }, work)
            if status != 0 {
                // No thread for this worker (resources exhausted): it runs here, after the others
                // have started, so every worker still runs once.
                Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
                continue
            }
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
