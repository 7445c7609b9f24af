import Foundation
import TestSupport
import Testing

/// A short and a longer mixed session (`synth corpus`, seed 3), made once per memory suite in its
/// own directory, on which a command's peak resident memory is compared: a command that streams
/// peaks alike at both lengths.
final class SessionPair: @unchecked Sendable {
    /// Why the memory suites do not run under a sanitizer: its allocator keeps freed memory in
    /// quarantine (AddressSanitizer's holds up to 256 MB) and adds shadow memory for what the
    /// program touches, so a peak measures the sanitizer's bookkeeping, which grows with the work
    /// done, not what the command holds.
    static let sanitizedReason: Comment = "under a sanitizer, peak memory measures the sanitizer's quarantine and shadow memory"

    /// The two sessions' names, short first.
    static let sizes = ["short", "long"]
    let directory: TemporaryDirectory
    let samples: (short: Int, long: Int)

    /// Synthesizes both sessions; `prepare(stem)` then adds what the suite needs of each: `stem` is
    /// `directory/SIZE`, the folder the session was synthesized in, and its trace is `stem.trace`.
    init(_ name: String, short: Int, long: Int, prepare: (_ stem: String) throws -> Void) throws {
        directory = TemporaryDirectory(name, removedAtExit: true)
        samples = (short, long)
        for (size, count) in zip(Self.sizes, [short, long]) {
            let folder = directory.file(size)
            try TouchstoneProcess.runSucceeding(["synth", "corpus", "--samples", "\(count)", "--seed", "3", "-o", folder])
            try FileManager.default.moveItem(atPath: folder + "/corpus-0000.trace", toPath: trace(size))
            try prepare(folder)
        }
    }

    /// The session's trace.
    func trace(_ size: String) -> String { directory.file("\(size).trace") }

    /// The peak resident memory, in kilobytes, of `touchstone arguments(size)` on each session.
    ///
    /// When the long session's peak exceeds the short one's by `allowedGrowthKB()` or more, both
    /// are measured again, up to `attempts` times in all, and each keeps its least peak. A peak
    /// can be raised by what happens around the process (how much of an input the page cache
    /// holds, in folios of which size), never lowered below what the command holds: a command
    /// that holds what grows with the session exceeds the bound at every attempt and still fails.
    /// `allowedGrowthKB` is asked after the first measurement, once the commands' outputs exist.
    func peaks(
        _ arguments: (_ size: String) -> [String], allowedGrowthKB: () -> Int, attempts: Int = 3
    ) throws -> (short: Int, long: Int) {
        var peaks = (short: Int.max, long: Int.max)
        for _ in 0..<attempts {
            peaks.short = min(peaks.short, try TouchstoneProcess.peakKilobytes(arguments("short")))
            peaks.long = min(peaks.long, try TouchstoneProcess.peakKilobytes(arguments("long")))
            if peaks.long - peaks.short < allowedGrowthKB() { break }
        }
        return peaks
    }

    /// The two peaks and the sessions' lengths, for a failure message.
    func describe(_ peaks: (short: Int, long: Int)) -> String {
        "peak RSS \(peaks.short) KB at \(samples.short) samples, \(peaks.long) KB at \(samples.long)"
    }
}
