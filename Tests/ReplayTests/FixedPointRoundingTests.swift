import Testing
@testable import Replay

/// The log's fixed-point numbers round without a libm call; these pin that the shortcut agrees with
/// the standard library's rounding on the values where rounding is delicate.
@Suite("Fixed-point rounding")
struct FixedPointRoundingTests {
    /// The reference: the standard library's half-away-from-zero rounding of the scaled value,
    /// spelled with integer arithmetic (the way the log printed numbers before the shortcut).
    static func reference(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * scale).rounded(.toNearestOrAwayFromZero))
        let divisor = UInt64(scale)
        let whole = String(scaled.magnitude / divisor)
        var fraction = String(scaled.magnitude % divisor)
        while fraction.count < decimals { fraction = "0" + fraction }
        return (scaled < 0 ? "-" : "") + whole + (decimals > 0 ? "." + fraction : "")
    }

    /// Halfway points of both precisions, their neighbours one ulp either side, both signs, and
    /// magnitudes from below one to near the formatter's limit.
    static var delicateValues: [Double] {
        var values: [Double] = [0, 0.5, 0.49999999999999994, 2.675, 1.005, 0.125, 0.00005, 123_456.785, 1e14 + 0.5]
        for step in stride(from: 1, through: 4_001, by: 37) {
            let halfway2 = (Double(step) + 0.5) / 100
            let halfway4 = (Double(step) + 0.5) / 10_000
            values += [halfway2, halfway2.nextUp, halfway2.nextDown, halfway4, halfway4.nextUp, halfway4.nextDown]
        }
        return values + values.map { -$0 }
    }

    @Test("Two and four decimals round exactly as the standard library's half-away-from-zero rounding", arguments: [2, 4])
    func matchesStandardRounding(decimals: Int) {
        for value in Self.delicateValues {
            let printed = FixedPoint.format(value, decimals: decimals)
            #expect(printed == Self.reference(value, decimals), "\(value) with \(decimals) decimals")
        }
    }
}
