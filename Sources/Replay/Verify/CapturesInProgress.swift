#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What `verify` was replaying when the process was stopped by a fault: a recognizer that breaks
/// the state machine (a programmer error, which traps), or a crash in a user's code. The process
/// still stops, with the runtime's message, but first says which captures its workers had in hand,
/// so a CI run over thousands of captures names the one to look at.
///
/// A worker claims a line of a fixed table for as long as it runs and notes each capture's trace
/// there before replaying it. The first claim installs a handler for the fatal signals, which
/// writes the noted lines with `write(2)` (nothing else is safe in a signal handler), puts back the
/// handler that was there before (the runtime's backtracer, or the default) and returns, so the
/// fault happens again and ends the process as it would have. The faulting thread is not known,
/// so every capture in progress is named (one with `--jobs 1`).
enum CapturesInProgress {
    /// Workers noted at once, across every run of the process; more go unnoted.
    static let lineCount = 64
    /// Bytes kept of a capture's path; a longer one is cut (it still names the capture).
    static let nameLimit = 1_024

    nonisolated(unsafe) private static let names = UnsafeMutablePointer<UInt8>.allocate(capacity: lineCount * nameLimit)
    nonisolated(unsafe) private static let lengths: UnsafeMutablePointer<Int> = {
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: lineCount)
        lengths.initialize(repeating: 0, count: lineCount)
        return lengths
    }()
    private static let claimed = Atomic<UInt64>(0)
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
        _ = (names, lengths, signals, previous)
        for index in 0..<signalCount {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = noteCapturesInProgress
            #else
            action.__sigaction_u.__sa_handler = noteCapturesInProgress
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signals[index], &action, previous + index)
        }
        return true
    }()

    /// A line for a worker, or nil when every line is taken.
    static func claimLine() -> Int? {
        _ = installed
        var current = claimed.load(ordering: .relaxed)
        while current != .max {
            let line = (~current).trailingZeroBitCount
            let (exchanged, original) = claimed.compareExchange(expected: current, desired: current | 1 << UInt64(line), ordering: .acquiringAndReleasing)
            if exchanged { return line }
            current = original
        }
        return nil
    }

    static func releaseLine(_ line: Int) {
        lengths[line] = 0
        claimed.bitwiseAnd(~(1 << UInt64(line)), ordering: .acquiringAndReleasing)
    }

    /// The worker holding `line` is replaying the capture whose trace is `path`.
    static func note(line: Int, path: String) {
        lengths[line] = 0
        var length = 0
        for byte in path.utf8.prefix(nameLimit) {
            names[line * nameLimit + length] = byte
            length += 1
        }
        lengths[line] = length
    }

    /// The worker holding `line` has finished its capture.
    static func clear(line: Int) {
        lengths[line] = 0
    }

    /// The signal handler's work: the notes, then the previous handler back for the fault to recur.
    fileprivate static func report(_ signal: Int32) {
        func put(_ text: StaticString) { _ = write(2, text.utf8Start, text.utf8CodeUnitCount) }
        for line in 0..<lineCount where lengths[line] > 0 {
            put("\ntouchstone verify: stopped while replaying ")
            _ = write(2, names + line * nameLimit, lengths[line])
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
