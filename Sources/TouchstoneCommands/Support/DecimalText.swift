/// `value` with exactly `decimals` digits after the point, rounded half away from zero: the
/// numbers of `info`'s report and `render`'s subtitle and messages.
///
/// Always plain decimal digits: Swift's own text of a double switches to an exponent below 1e-4
/// and from 2^53 on, which with the decimals padded after it made `3e-06.000000` (a session of
/// 3 µs in render's `--from` error). The rounded value is written from its integer count of
/// `10^-decimals` units; only a value too large for that (beyond 9.2e18 units) or not finite
/// keeps Swift's text.
func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    var unit: UInt64 = 1
    for _ in 0..<decimals {
        scale *= 10
        unit *= 10
    }
    let scaled = (value * scale).rounded()
    guard scaled.isFinite, scaled.magnitude < 0x1p63 else { return "\(scaled / scale)" }
    let units = Int64(scaled)
    let magnitude = units.magnitude
    var text = units < 0 ? "-" : ""
    text += String(magnitude / unit)
    guard decimals > 0 else { return text }
    let fraction = String(magnitude % unit)
    return text + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
}
