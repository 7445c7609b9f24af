#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hidden temporary files (`.NAME.XXXXXX.partial`) open at this moment, so that a command
/// stopped by a signal (Ctrl+C, `timeout`'s SIGTERM, a closed terminal's SIGHUP, a reader gone from
/// a pipe) removes them as it dies, as a failed one does: no half-written output left behind under
/// a name a retry never reuses.
///
/// `OutputFile` notes each hidden temporary in a `SignalSafeLines` table while it exists. A
/// program opts in to the removal with `removeOnSignals()` (the `touchstone` command does; a
/// library does not take signals over by itself): its handler unlinks every noted file (`unlink`
/// is safe in a signal handler), puts the signal's default action back and raises it again, so the
/// process ends as the signal would have ended it, with the same status.
enum TemporaryFiles {
    /// 64 temporaries at once (more are still removed on every other path, only not on a signal),
    /// each a path of up to 4 KiB (a longer one is not noted).
    static let noted = SignalSafeLines(count: 64, lineLimit: 4_096)

    /// Notes `path`; the line to pass to `forget`, or nil when it could not be noted.
    static func note(_ path: String) -> Int? {
        guard let line = noted.claim() else { return nil }
        guard noted.set(line, path, whole: true) else {
            noted.release(line)
            return nil
        }
        return line
    }

    /// Runs `body` with the stopping signals sent to the process held back (the faults cannot be),
    /// then lets any that came in through: a temporary file created and noted inside it is never
    /// created without being noted, so a signal between the two cannot leave it behind.
    static func withSignalsHeld<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var held = sigset_t()
        sigemptyset(&held)
        for signal in stoppingSignals where !faults.contains(signal) { sigaddset(&held, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// The signals a fault raises: holding them back would not stop the fault.
    private static let faults: Set<Int32> = [SIGBUS, SIGSEGV, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// The file of `line` is gone (renamed onto its name, or removed).
    static func forget(_ line: Int) {
        noted.release(line)
    }

    /// The signals whose default action ends a command before it finishes: sent to it (Ctrl+C and
    /// Ctrl+\\, `timeout`, a closed terminal or pipe, `ulimit -t`, a stray alarm, profiling, I/O,
    /// power, user or real-time signal), or raised by a fault
    /// (a trace truncated under its memory map is SIGBUS; a trap, which only a programmer error
    /// reaches, SIGILL or SIGTRAP). SIGXFSZ is not among them: `touchstone` ignores it, so that a
    /// write past `ulimit -f` is an error naming the file. A fault's handler returns to the faulting
    /// instruction, which faults again under the default action.
    static let stoppingSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGXCPU, SIGALRM, SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2,
        SIGIO, SIGPWR, SIGSTKFLT, SIGSYS, SIGBUS, SIGSEGV, SIGILL, SIGTRAP, SIGFPE, SIGABRT,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())  // SIGRTMIN...SIGRTMAX, C macros

    /// Installs the handler for the stopping signals whose action is still the default (one the
    /// program or its parent chose to ignore stays ignored).
    static func removeOnSignals() {
        _ = noted
        for signal in stoppingSignals where SignalAction.isDefault(signal) {
            SignalAction.handle(signal, with: removeTemporaryFilesAndStop)
        }
    }

    /// The handler's work: every noted file unlinked, then the signal's default action.
    fileprivate static func removeAllAndStop(_ signal: Int32) {
        noted.forEachLine { path, _ in
            path.withMemoryRebound(to: CChar.self, capacity: 1) { _ = unlink($0) }
        }
        SignalAction.restoreDefault(signal)
        raise(signal)  // delivered when the handler returns: the process ends as the signal ends it
    }
}

/// A C function pointer for `sigaction`, so it captures nothing.
private func removeTemporaryFilesAndStop(_ signal: Int32) {
    TemporaryFiles.removeAllAndStop(signal)
}
