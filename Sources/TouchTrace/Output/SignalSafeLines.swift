#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Lines of text a signal handler may read: a fixed table of byte lines, each claimed by one
/// thread for as long as it needs it, set and cleared without allocating, and read by the handler
/// without locks or allocation (the only things it may do). What a process is doing when a signal
/// stops it: the temporary files to remove (`OutputFile`), the captures `verify` was replaying.
///
/// A line is claimed with an atomic bit, so threads never share one; the handler may read a line
/// while its thread rewrites it (a signal interrupts anything), which at worst names a path cut
/// short: the table is a best effort, for a process that is ending.
package final class SignalSafeLines: @unchecked Sendable {
    /// Lines in the table (at most 64).
    package let count: Int
    /// Bytes a line holds, with the NUL after its text.
    package let lineLimit: Int
    private let bytes: UnsafeMutablePointer<UInt8>
    private let lengths: UnsafeMutablePointer<Int>
    private let claimed = Atomic<UInt64>(0)

    package init(count: Int, lineLimit: Int) {
        precondition((1...64).contains(count) && lineLimit > 1, "a table of 1 to 64 lines of at least 2 bytes")
        self.count = count
        self.lineLimit = lineLimit
        bytes = .allocate(capacity: count * lineLimit)
        lengths = .allocate(capacity: count)
        lengths.initialize(repeating: 0, count: count)
    }

    deinit {
        bytes.deallocate()
        lengths.deallocate()
    }

    /// A line for the calling thread, or nil when every line is taken.
    package func claim() -> Int? {
        var current = claimed.load(ordering: .relaxed)
        let full: UInt64 = count == 64 ? .max : (1 << UInt64(count)) - 1
        while current & full != full {
            let line = (~current).trailingZeroBitCount
            let (exchanged, original) = claimed.compareExchange(
                expected: current, desired: current | 1 << UInt64(line), ordering: .acquiringAndReleasing)
            if exchanged { return line }
            current = original
        }
        return nil
    }

    /// Gives `line` back, empty.
    package func release(_ line: Int) {
        lengths[line] = 0
        claimed.bitwiseAnd(~(1 << UInt64(line)), ordering: .acquiringAndReleasing)
    }

    /// Sets `line` to `text`, cut to the line's size unless `whole`; false (the line left empty)
    /// when `whole` and it does not fit.
    @discardableResult
    package func set(_ line: Int, _ text: String, whole: Bool = false) -> Bool {
        lengths[line] = 0
        let start = bytes + line * lineLimit
        var length = 0
        for byte in text.utf8 {
            guard length < lineLimit - 1 else {
                if whole { return false }
                break
            }
            start[length] = byte
            length += 1
        }
        start[length] = 0
        lengths[line] = length
        return true
    }

    /// Empties `line`.
    package func clear(_ line: Int) {
        lengths[line] = 0
    }

    /// Calls `body` with each line that holds text (NUL-terminated, its length without the NUL):
    /// what a signal handler reads.
    package func forEachLine(_ body: (UnsafePointer<UInt8>, Int) -> Void) {
        for line in 0..<count {
            if let text = text(ofLine: line) { body(text, lengths[line]) }
        }
    }

    /// The text of `line` (NUL-terminated), nil when it holds none: what a signal handler reads
    /// when what it does depends on the line (a number its holder keeps beside it).
    package func text(ofLine line: Int) -> UnsafePointer<UInt8>? {
        lengths[line] > 0 ? UnsafePointer(bytes + line * lineLimit) : nil
    }
}


/// `sigaction` spelled once for the handlers that read `SignalSafeLines`.
package enum SignalAction {
    /// Makes `handler` the action for `signal`, storing the action it replaces in `previous`.
    package static func handle(_ signal: Int32, with handler: @convention(c) (Int32) -> Void, previous: UnsafeMutablePointer<sigaction>? = nil) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, previous)
    }

    /// Makes `handler` the action for `signal`, called with the signal's information
    /// (`SA_SIGINFO`: a fault's address).
    package static func handleWithInfo(
        _ signal: Int32, with handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
    ) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = handler
        #else
        action.__sigaction_u.__sa_sigaction = handler
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }

    /// Whether `signal`'s action is the default (neither handled nor ignored).
    package static func isDefault(_ signal: Int32) -> Bool {
        var current = sigaction()
        sigaction(signal, nil, &current)
        #if canImport(Glibc)
        return current.__sigaction_handler.sa_handler == nil  // SIG_DFL
        #else
        return current.__sigaction_u.__sa_handler == nil
        #endif
    }

    /// Puts `signal`'s default action back (safe in a signal handler).
    package static func restoreDefault(_ signal: Int32) {
        var action = sigaction()
        sigaction(signal, &action, nil)  // a zeroed action is SIG_DFL
    }
}
