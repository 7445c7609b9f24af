import Testing
@testable import TouchTrace

@Suite("Numbers from input converted to integers without trapping")
struct SaturatingIntTests {
    @Test("A double becomes an Int rounded toward zero, clamped to the limit either way, NaN to 0", arguments: [
        (2.9, Int.max, 2), (-2.9, Int.max, -2), (1e300, Int.max, Int.max), (-Double.infinity, Int.max, -Int.max),
        (Double.nan, Int.max, 0), (9.3e18, Int.max, Int.max), (5e9, 1 << 30, 1 << 30), (-5e9, 1 << 30, -(1 << 30)),
    ])
    func saturating(value: Double, limit: Int, expected: Int) {
        #expect(Int(saturating: value, limit: limit) == expected)
    }
}
