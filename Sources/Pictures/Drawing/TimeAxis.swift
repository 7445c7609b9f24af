import TouchTrace

/// Maps a window of virtual time onto a horizontal span of the picture, and picks round tick steps.
struct TimeAxis {
    var from: Microseconds
    var to: Microseconds
    var left: Double
    var right: Double

    init(from: Microseconds, to: Microseconds, left: Double, right: Double) {
        self.from = from
        self.to = max(to, from + 1)
        self.left = left
        self.right = right
    }

    var span: Double { Double(to - from) }

    func x(_ time: Microseconds) -> Double {
        left + (Double(time - from) / span) * (right - left)
    }

    func contains(_ time: Microseconds) -> Bool { time >= from && time <= to }

    /// A step of 1, 2 or 5 × 10^k microseconds giving at most about `count` ticks over the window.
    func step(ticks count: Int = 10) -> Microseconds {
        Self.niceStep(span / Double(max(count, 1)))
    }

    static func niceStep(_ rough: Double) -> Microseconds {
        var magnitude: Microseconds = 1
        while Double(magnitude) * 10 <= rough, magnitude < 1_000_000_000_000 { magnitude *= 10 }
        for factor: Microseconds in [1, 2, 5] where Double(magnitude * factor) >= rough { return magnitude * factor }
        return magnitude * 10
    }

    /// Every multiple of `step` inside the window.
    func ticks(step: Microseconds) -> [Microseconds] {
        var result: [Microseconds] = []
        var tick = (from + step - 1) / step * step
        if from < 0 { tick = from / step * step }
        while tick <= to {
            result.append(tick)
            tick += step
        }
        return result
    }

    /// A tick label in seconds with as many decimals as the step needs ("0.25 s").
    static func secondsLabel(_ time: Microseconds, step: Microseconds) -> String {
        var decimals = 0
        var unit: Microseconds = 1_000_000
        while unit > 1, step % unit != 0 {
            unit /= 10
            decimals += 1
        }
        let negative = time < 0
        let magnitude = time.magnitude
        let whole = magnitude / 1_000_000
        var text = (negative ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = magnitude % 1_000_000
            var digits = String(fraction)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            text += "." + digits.prefix(decimals)
        }
        return text + " s"
    }
}
