/// Sine and cosine from plain arithmetic, so that rotations and circles come out bit-identical on
/// every machine. The platform's libm may round its last bit differently between versions; a fixed
/// polynomial evaluated in a fixed order cannot.
enum DeterministicTrig {
    private static let halfPiHigh = 1.5707963267948966
    private static let halfPiLow = 6.123233995736766e-17

    /// `(sin x, cos x)` to within a few units in the last place for |x| below about 1e9.
    static func sineCosine(_ x: Double) -> (sine: Double, cosine: Double) {
        // Reduce to r in [-π/4, π/4] and a quadrant, with π/2 split in two for precision.
        let quarterTurns = (x / halfPiHigh).rounded()
        let r = (x - quarterTurns * halfPiHigh) - quarterTurns * halfPiLow
        let sine = sinePolynomial(r)
        let cosine = cosinePolynomial(r)
        switch Int64(quarterTurns) & 3 {
        case 0: return (sine, cosine)
        case 1: return (cosine, -sine)
        case 2: return (-sine, -cosine)
        default: return (-cosine, sine)
        }
    }

    /// Taylor series to r^17; the truncation error at π/4 is below 1e-17.
    private static func sinePolynomial(_ r: Double) -> Double {
        let r2 = r * r
        var sum = 1.0 / 355_687_428_096_000.0           // 1/17!
        sum = sum * r2 - 1.0 / 1_307_674_368_000.0      // 1/15!
        sum = sum * r2 + 1.0 / 6_227_020_800.0          // 1/13!
        sum = sum * r2 - 1.0 / 39_916_800.0             // 1/11!
        sum = sum * r2 + 1.0 / 362_880.0                // 1/9!
        sum = sum * r2 - 1.0 / 5_040.0                  // 1/7!
        sum = sum * r2 + 1.0 / 120.0                    // 1/5!
        sum = sum * r2 - 1.0 / 6.0                      // 1/3!
        return r + r * r2 * sum
    }

    /// Taylor series to r^18.
    private static func cosinePolynomial(_ r: Double) -> Double {
        let r2 = r * r
        var sum = -1.0 / 6_402_373_705_728_000.0        // 1/18!
        sum = sum * r2 + 1.0 / 20_922_789_888_000.0     // 1/16!
        sum = sum * r2 - 1.0 / 87_178_291_200.0         // 1/14!
        sum = sum * r2 + 1.0 / 479_001_600.0            // 1/12!
        sum = sum * r2 - 1.0 / 3_628_800.0              // 1/10!
        sum = sum * r2 + 1.0 / 40_320.0                 // 1/8!
        sum = sum * r2 - 1.0 / 720.0                    // 1/6!
        sum = sum * r2 + 1.0 / 24.0                     // 1/4!
        sum = sum * r2 - 0.5                            // 1/2!
        return 1.0 + r2 * sum
    }
}
