import Testing
@testable import TouchTrace

/// `info`'s statistics step over a sample's values (`forEachEventWithoutValues`); on any chunk,
/// however forged behind its checksum, they must fail where decoding every value fails.
@Suite("Stepping over a sample's values")
struct SkippedValuesTests {
    /// What a read of `bytes` gives: the events it delivered before stopping, and its error.
    private static func outcome(_ bytes: [UInt8], values: Bool) -> (count: Int, error: String?) {
        var count = 0
        do {
            let reader = try TraceReader(bytes: bytes)
            if values { try reader.forEachEvent { _ in count += 1 } } else { try reader.forEachEventWithoutValues { _, _, _ in count += 1 } }
            return (count, nil)
        } catch {
            return (count, "\(error)")
        }
    }

    /// A small deterministic generator (SplitMix64).
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    @Test("A chunk forged behind its checksum (long and overlong varints, field mode 3, stray bytes) fails in info where a full decode fails, with the same message and offset")
    func forgedChunksFailAlike() throws {
        let fixture = try DamageFixture()
        var generator = Generator(state: 7)
        let pieces: [[UInt8]] = [
            [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], [0xFF, 0xFF, 0xFF, 0xFF, 0x1F],
            [0xFF, 0xFF, 0xFF, 0xFF, 0x0F], [0x80, 0x80, 0x80, 0x80, 0x00], [0xFC], [0xF0], [0xCC], [0x80], [0xFF],
            [0x81, 0x81, 0x81], [0x7F], [0x00], [0x3F],
        ]
        var failures = 0
        for trial in 0..<3_000 {
            var bytes = fixture.bytes
            let chunk = generator.below(fixture.entries.count)
            let start = fixture.entries[chunk].offset + 24, end = fixture.chunkEnd(chunk)
            guard end > start else { continue }
            for _ in 0...generator.below(2) {
                let piece = pieces[generator.below(pieces.count)]
                let at = start + generator.below(end - start)
                for (i, byte) in piece.enumerated() where at + i < end { bytes[at + i] = byte }
            }
            resealChunk(&bytes, at: fixture.entries[chunk].offset)
            let full = Self.outcome(bytes, values: true), skipped = Self.outcome(bytes, values: false)
            if full.error != nil { failures += 1 }
            #expect(skipped.error == full.error, "trial \(trial)")
            #expect(skipped.count == full.count, "trial \(trial)")
        }
        #expect(failures > 1_000)
    }
}
