/// `value` with exactly `decimals` digits after the point, rounded half away from zero: the
/// numbers of `info`'s report and `render`'s subtitle.
func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    let fraction = text.split(separator: ".", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
    if fraction.count < decimals {
        if !text.contains(".") { text += "." }
        text += String(repeating: "0", count: decimals - fraction.count)
    }
    return text
}
