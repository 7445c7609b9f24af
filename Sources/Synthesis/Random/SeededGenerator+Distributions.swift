// The distributions synthesis draws from, written out here rather than taken from the standard
// library so that every draw is plain integer and IEEE 754 arithmetic: identical on every machine.

extension SeededGenerator {
    /// A uniform double in [0, 1), from the top 53 bits of one draw.
    @inlinable
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform double in [lower, upper).
    @inlinable
    public mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * unit()
    }

    /// A uniform integer in `range`, by Lemire's multiply-high reduction.
    public mutating func integer(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// A draw with mean 0 and standard deviation 1, shaped like a normal distribution.
    ///
    /// The sum of four uniforms (Irwin–Hall) needs no logarithm or cosine, so it is exact everywhere;
    /// its tails stop at ±3.46, which suits sensor noise better than unbounded ones would.
    public mutating func gaussian() -> Double {
        let sum = unit() + unit() + unit() + unit()
        return (sum - 2) * 1.7320508075688772
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// +1 or -1 with equal probability.
    public mutating func sign() -> Double {
        next() & 1 == 0 ? 1 : -1
    }
}
