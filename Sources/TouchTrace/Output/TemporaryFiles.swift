#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The hidden temporary files (`.NAME.XXXXXX.partial`) open at this moment, so that a command
/// stopped by a signal (Ctrl+C, `timeout`'s SIGTERM, a closed terminal's SIGHUP, a reader gone from
/// a pipe) removes them as it dies, as a failed one does: no half-written output left behind under
/// a name a retry never reuses.
///
/// `OutputFile` notes each hidden temporary in a fixed table while it exists. A program opts in to
/// the removal with `removeOnSignals()` (the `touchstone` command does; a library does not take
/// signals over by itself): its handler unlinks every noted file (`unlink` is safe in a signal
/// handler), puts the signal's default action back and raises it again, so the process ends as the
/// signal would have ended it, with the same status.
enum TemporaryFiles {
    /// Temporaries noted at once; more are still removed on every other path, only not on a signal.
    static let lineCount = 64
    /// Bytes of a path, with its NUL; a longer one is not noted.
    static let pathLimit = 4_096

    nonisolated(unsafe) private static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: lineCount * pathLimit)
    nonisolated(unsafe) private static let noted: UnsafeMutablePointer<Bool> = {
        let noted = UnsafeMutablePointer<Bool>.allocate(capacity: lineCount)
        noted.initialize(repeating: false, count: lineCount)
        return noted
    }()
    private static let claimed = Atomic<UInt64>(0)

    /// Notes `path`; the line to pass to `forget`, or nil when it could not be noted.
    static func note(_ path: String) -> Int? {
        let bytes = path.utf8CString
        guard bytes.count <= pathLimit, let line = claimLine() else { return nil }
        bytes.withUnsafeBufferPointer { source in
            (paths + line * pathLimit).update(from: source.baseAddress!, count: source.count)
        }
        noted[line] = true
        return line
    }

    /// The file of `line` is gone (renamed onto its name, or removed).
    static func forget(_ line: Int) {
        noted[line] = false
        claimed.bitwiseAnd(~(1 << UInt64(line)), ordering: .acquiringAndReleasing)
    }

    private static func claimLine() -> Int? {
        var current = claimed.load(ordering: .relaxed)
        while current != .max {
            let line = (~current).trailingZeroBitCount
            let (exchanged, original) = claimed.compareExchange(
                expected: current, desired: current | 1 << UInt64(line), ordering: .acquiringAndReleasing)
            if exchanged { return line }
            current = original
        }
        return nil
    }

    /// The signals that end a command before it finishes, without a fault.
    static let stoppingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// Installs the handler for the stopping signals whose action is still the default (one the
    /// program or its parent chose to ignore stays ignored).
    static func removeOnSignals() {
        _ = (paths, noted)
        for signal in stoppingSignals {
            var current = sigaction()
            sigaction(signal, nil, &current)
            #if canImport(Glibc)
            guard current.__sigaction_handler.sa_handler == nil else { continue }  // SIG_DFL is nil
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeTemporaryFilesAndStop
            #else
            guard current.__sigaction_u.__sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_u.__sa_handler = removeTemporaryFilesAndStop
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// The handler's work: every noted file unlinked, then the signal's default action.
    fileprivate static func removeAllAndStop(_ signal: Int32) {
        for line in 0..<lineCount where noted[line] {
            unlink(paths + line * pathLimit)
        }
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = nil
        #else
        action.__sigaction_u.__sa_handler = nil
        #endif
        sigaction(signal, &action, nil)
        raise(signal)  // delivered when the handler returns: the process ends as the signal ends it
    }
}

/// A C function pointer for `sigaction`, so it captures nothing.
private func removeTemporaryFilesAndStop(_ signal: Int32) {
    TemporaryFiles.removeAllAndStop(signal)
}
