import TouchTrace

/// Maps a window of virtual time onto a horizontal span of the picture, and picks round tick steps.
struct TimeAxis {
    var from: Microseconds
    var to: Microseconds
    var left: Double
    var right: Double

    init(from: Microseconds, to: Microseconds, left: Double, right: Double) {
        self.from = min(from, .max - 1)
        self.to = max(to, self.from + 1)
        self.left = left
        self.right = right
    }

    /// In doubles: a window may span the whole of `Microseconds`, whose difference would overflow.
    var span: Double { Double(to) - Double(from) }

    func x(_ time: Microseconds) -> Double {
        left + ((Double(time) - Double(from)) / span) * (right - left)
    }

    func contains(_ time: Microseconds) -> Bool { time >= from && time <= to }

    /// A step of 1, 2 or 5 × 10^k microseconds giving at most about `count` ticks over the window.
    func step(ticks count: Int = 10) -> Microseconds {
        Self.niceStep(span / Double(max(count, 1)))
    }

    static func niceStep(_ rough: Double) -> Microseconds {
        // At least 1 µs; past 5 × 10^18 (Microseconds ends at 9.2 × 10^18) 10^18, so that a
        // window of the whole of `Microseconds` still gets about ten ticks and no step overflows.
        let step = roundStep(max(rough, 1))
        return step <= 5e18 ? Microseconds(step) : 1_000_000_000_000_000_000
    }

    /// A step of 1, 2 or 5 × 10^k at or above `rough` (> 0), in doubles: the time axis's steps and
    /// the window panel's scale, whatever a window's size.
    static func roundStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        // The power of ten at or below it: at most about 300 steps either way for any double.
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        for factor in [1.0, 2, 5] where magnitude * factor >= rough { return magnitude * factor }
        return magnitude * 10
    }

    /// The first multiple of `step` (> 0) at or after `time`, or after it when `strictly`;
    /// `Microseconds.max` when there is none (the end of time).
    static func multiple(of step: Microseconds, from time: Microseconds, strictly: Bool = false) -> Microseconds {
        // `/` rounds toward zero: below for a positive time, above for a negative one.
        let below = time / step * step
        guard below < time || (strictly && below == time) else { return below }
        let next = below.addingReportingOverflow(step)
        return next.overflow ? .max : next.partialValue
    }

    /// Every multiple of `step` inside the window.
    func ticks(step: Microseconds) -> [Microseconds] {
        var result: [Microseconds] = []
        var tick = Self.multiple(of: step, from: from)
        while tick <= to {
            result.append(tick)
            let next = tick.addingReportingOverflow(step)
            if next.overflow { break }
            tick = next.partialValue
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
