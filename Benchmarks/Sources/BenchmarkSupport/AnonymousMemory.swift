import Foundation

/// The peak of this process's anonymous resident memory (`RssAnon` in /proc/self/status: heap and
/// stacks, not mapped files), sampled whenever `sample()` is called.
///
/// package-benchmark's `peakMemoryResident` also counts the pages of a memory-mapped trace that the
/// reader has touched, which grow with the file by design and belong to the page cache. Whether the
/// replay's own memory stays flat as the corpus grows is this figure.
public final class AnonymousMemory {
    public private(set) var peakKiB = 0

    public init() {
        sample()
    }

    /// Reads the current figure and keeps the largest seen.
    public func sample() {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return }
        for line in status.split(separator: "\n") where line.hasPrefix("RssAnon:") {
            let digits = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
            if let kib = digits.flatMap({ Int($0) }) { peakKiB = max(peakKiB, kib) }
        }
    }
}
