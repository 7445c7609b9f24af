#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The sections a thread runs with the stopping signals held (`TemporaryFiles.withSignalsHeld`:
/// a temporary file created and noted, a staging folder made and noted, staged outputs renamed
/// into place), counted across threads, so that a signal handler running on *another* thread
/// waits for them before it removes what is noted.
///
/// Holding signals is per thread: with `verify --update --jobs 2`, a Ctrl+C is delivered to
/// whichever thread does not hold it, and its handler used to run while a worker was between
/// `mkdir` of a staging folder and its note (the folder stayed), or half way through renaming the
/// goldens into place (the rest were removed: a corpus half updated). Now the handler closes the
/// gate (`close(waitingAtMost:)`) before it looks: a thread inside a section finishes it first,
/// and a thread that comes to a section afterwards never starts it (`enter()` says so) and waits
/// for the process to end.
///
/// Everything here is lock-free and allocates nothing: `close(waitingAtMost:)` runs in a signal
/// handler (`clock_gettime` and `sched_yield` are system calls that take no lock).
package final class HeldSections: Sendable {
    private let inside = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)

    package init() {}

    /// Counts the calling thread in, unless the gate is closed (a handler is removing what is
    /// noted): false then, and the caller must not start its section.
    package func enter() -> Bool {
        inside.add(1, ordering: .sequentiallyConsistent)
        guard closed.load(ordering: .sequentiallyConsistent) else { return true }
        inside.subtract(1, ordering: .sequentiallyConsistent)
        return false
    }

    /// Counts the calling thread out of the section it entered.
    package func leave() {
        inside.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Closes the gate and waits until no thread is inside a section, at most `seconds` (a
    /// section holds no lock the handler could hold, but a thread stopped by a debugger, or one
    /// blocked in `malloc` behind the interrupted thread, must not keep the process from ending).
    /// True when every section was left.
    @discardableResult
    package func close(waitingAtMost seconds: Int) -> Bool {
        closed.store(true, ordering: .sequentiallyConsistent)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while inside.load(ordering: .sequentiallyConsistent) > 0 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            if now.tv_sec - start.tv_sec >= seconds { return false }
            sched_yield()
        }
        return true
    }
}
