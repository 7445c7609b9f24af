/// The one source of randomness in synthesis: Blackman and Vigna's xoshiro256**, seeded through
/// SplitMix64.
///
/// Touchstone never uses the system generator for synthesis: a seed must give the same events on
/// every machine and every run, so that `touchstone synth pinch --seed 7` is the same file everywhere.
/// The generator is a plain value; copying it forks the sequence.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        var expander = SplitMix64(seed: seed)
        s0 = expander.next()
        s1 = expander.next()
        s2 = expander.next()
        s3 = expander.next()
    }

    /// An independent sequence for item `stream` of a family that shares one seed (trace 3 of a
    /// corpus), so that item 3 does not depend on how many numbers items 0 to 2 consumed.
    public init(seed: UInt64, stream: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        self.init(seed: mixer.next())
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let shifted = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    @inline(__always)
    private func rotateLeft(_ value: UInt64, by count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 &- count))
    }
}
