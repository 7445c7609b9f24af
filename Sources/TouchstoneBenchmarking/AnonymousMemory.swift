import Foundation

/// How far this process's anonymous resident memory (`RssAnon` in /proc/self/status: heap and
/// stacks, not mapped files) rose above where it stood at `init`, sampled whenever `sample()` is
/// called. Measuring growth leaves out what setup left behind (building the corpus).
///
/// package-benchmark's `peakMemoryResident` also counts the pages of a memory-mapped trace that the
/// reader has touched, which grow with the file by design and belong to the page cache. Whether the
/// replay's own memory stays flat as the corpus grows is this figure.
public final class AnonymousMemory {
    private let startKiB: Int
    private var peakKiB: Int

    public init() {
        startKiB = Self.current() ?? 0
        peakKiB = startKiB
    }

    /// The largest rise above the starting figure seen so far, in KiB.
    public var growthKiB: Int { peakKiB - startKiB }

    /// Reads the current figure and keeps the largest seen.
    public func sample() {
        if let now = Self.current() { peakKiB = max(peakKiB, now) }
    }

    private static func current() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("RssAnon:") {
            let digits = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
            return digits.flatMap { Int($0) }
        }
        return nil
    }
}
