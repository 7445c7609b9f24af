#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

/// What `verify` was replaying when the process was stopped by a fault: a recognizer that breaks
/// the state machine (a programmer error, which traps), or a crash in a user's code. The process
/// still stops, with the runtime's message, but first says which captures its workers had in hand,
/// so a CI run over thousands of captures names the one to look at.
///
/// A worker claims a line of a `SignalSafeLines` table for as long as it runs and notes each
/// capture's trace there before replaying it. The first claim installs a handler for the fatal
/// signals, which writes the noted lines with `write(2)` (nothing else is safe in a signal
/// handler), puts back the handler that was there before (the runtime's backtracer, or the
/// default) and returns, so the fault happens again and ends the process as it would have. The
/// faulting thread is not known, so every capture in progress is named (one with `--jobs 1`).
enum CapturesInProgress {
    /// 64 workers noted at once, across every run of the process; each path cut to 1 KiB (it
    /// still names the capture).
    static let noted = SignalSafeLines(count: 64, lineLimit: 1_024)

    private static let signalCount = 6
    nonisolated(unsafe) private static let signals: UnsafeMutablePointer<Int32> = {
        let signals = UnsafeMutablePointer<Int32>.allocate(capacity: signalCount)
        signals.initialize(from: [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT], count: signalCount)
        return signals
    }()
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCount)
        previous.initialize(repeating: sigaction(), count: signalCount)
        return previous
    }()
    /// Installs the handlers once, after everything they read exists.
    private static let installed: Bool = {
        _ = (noted, signals, previous)
        for index in 0..<signalCount {
            SignalAction.handle(signals[index], with: noteCapturesInProgress, previous: previous + index)
        }
        return true
    }()

    /// A line for a worker, or nil when every line is taken.
    static func claimLine() -> Int? {
        _ = installed
        return noted.claim()
    }

    /// The signal handler's work: the notes, then the previous handler back for the fault to recur.
    fileprivate static func report(_ signal: Int32) {
        func put(_ text: StaticString) { _ = write(2, text.utf8Start, text.utf8CodeUnitCount) }
        noted.forEachLine { path, length in
            put("\ntouchstone verify: stopped while replaying ")
            _ = write(2, path, length)
            put("\n")
        }
        for index in 0..<signalCount where signals[index] == signal {
            sigaction(signal, previous + index, nil)
        }
    }
}

/// A C function pointer for `sigaction`, so it captures nothing.
private func noteCapturesInProgress(_ signal: Int32) {
    CapturesInProgress.report(signal)
}
