import Testing
import TouchTrace
@testable import Replay

@Suite("Latency counts")
struct LatencyCountsTests {
    /// Every value from 0 to 1 ms (ten rounding boundaries), a few around a far one, and two far.
    private static let values: [Microseconds] = Array(0...1_000) + [49_949, 49_950, 49_951, 350_000, 1_234_567]

    private static func tenths(_ value: Microseconds) -> String {
        FixedPoint.format(Double(value) / 1000, decimals: 1)
    }

    @Test("A nearest-rank percentile of counted latencies prints in tenths of a millisecond as that of the exact ones")
    func countedPrintsAsExact() throws {
        for size in [1, 2, 3, 20, 97, 1_006] {
            let sample = (0..<size).map { Self.values[($0 * 7_919) % Self.values.count] }
            var counts: [Microseconds: Int] = [:]
            for value in sample { counts[LatencyCounts.kept(value), default: 0] += 1 }
            let exact = try #require(LatencySummary(sample)), counted = try #require(LatencySummary(counts: counts))
            #expect(counted.count == exact.count)
            #expect([counted.p50, counted.p95, counted.max].map(Self.tenths) == [exact.p50, exact.p95, exact.max].map(Self.tenths))
        }
    }

    @Test("A latency beyond 2^52 µs, which a double holds only to its last even or coarser microseconds, prints as the exact one")
    func farValuesPrintAsExact() {
        // Each rounded to its 0.1 ms printed a neighbouring figure (…280 for …279, …847.2 for
        // …847.0, …000.1 for …000.0).
        for value: Microseconds in [7_397_580_237_827_649, 72_057_594_037_927_945, 1_152_921_504_606_847_105, 1_000_000_000_000_000_051] {
            #expect(Self.tenths(LatencyCounts.kept(value)) == Self.tenths(value), "\(value)")
        }
    }

    @Test("Counts hold at most two values a tenth of a millisecond, however many samples")
    func boundedByDistinctValues() {
        var samples = LatencySamples()
        for value in 0..<Microseconds(100_000) { samples.add("pan", recognition: value) }
        let counts = LatencyCounts(samples)
        #expect(counts.recognition["pan"]?.count ?? 0 <= 2 * 1_001)
        #expect(counts.recognition["pan"]?.values.reduce(0, +) == 100_000)
    }

    @Test("Counts merged in either order are the same")
    func mergeOrder() {
        var first = LatencySamples(), second = LatencySamples()
        first.add("pan", recognition: 120)
        first.add("tap", action: 350_000)
        second.add("pan", recognition: 149)
        second.add("pan", recognition: 2_050)
        var forward = LatencyCounts(first), backward = LatencyCounts(second)
        forward.merge(LatencyCounts(second))
        backward.merge(LatencyCounts(first))
        #expect(forward == backward)
        #expect(forward.recognition["pan"] == [100: 2, 2_050: 1])
    }

    @Test("No counted latency gives no summary")
    func emptyCounts() {
        #expect(LatencySummary(counts: [:]) == nil)
        #expect(LatencySummary(counts: [100: 0]) == nil)
    }
}
