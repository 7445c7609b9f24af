/// Estimates the rate of change of a quantity from timestamped samples, without allocating.
///
/// Keeps the last few samples in a fixed ring and reports the slope between the newest sample
/// and the oldest one no older than `window` (W10-121: use touch timestamps, not arrival time):
/// walking back from the newest, the last sample before the first more than `window` older.
struct VelocityEstimator<Value: VelocityValue> {
    /// A ring of six, inline (no allocation and no reference counting). Read in place: tuples
    /// read through `withUnsafeBytes(of:)` were copied to the stack, all 144 bytes, at every
    /// sample the estimate looked at.
    private var times = InlineArray<6, GestureTime>(repeating: 0)
    private var values = InlineArray<6, Value>(repeating: .zero)
    /// Samples added since `removeAll`; the ring holds the last six of them. A count that does
    /// not stop at six is one increment, and tells an estimate how many came since the last.
    private var added = 0
    private var head = 0
    /// What the last estimate found, kept so that the next need not walk back over the whole
    /// window (pinch and rotation estimate at every action, one sample after the last): the
    /// window's length in steps back from the newest sample then, the number of samples added
    /// then, and whether the window's times never went back.
    private var span = 0
    private var addedAtEstimate = 0
    private var inOrder = false
    let window: GestureDuration

    init(window: GestureDuration) {
        self.window = window
    }

    mutating func removeAll() {
        added = 0
        head = 0
        // The next estimate walks.
        span = 0
        addedAtEstimate = 0
        inOrder = false
    }

    @inline(__always)
    mutating func add(_ value: Value, at time: GestureTime) {
        // A compare, not `% 6`: the ring's index stays below 6 either way.
        head = head == 5 ? 0 : head + 1
        times[head] = time
        values[head] = value
        added &+= 1
    }

    /// Adds the sample an attempt starts from (where the fingers came down, the scale when the
    /// pair formed) unless there is one already: the first movement then has a velocity, as
    /// touch timestamps give it, instead of reading zero until a second movement.
    @inline(__always)
    mutating func addStart(_ value: Value, at time: GestureTime) {
        if added == 0 { add(value, at: time) }
    }

    /// The ring's slot `steps` back from the newest sample (at most five).
    @inline(__always)
    private func slot(back steps: Int) -> Int {
        head >= steps ? head &- steps : head &- steps &+ 6
    }

    /// Units per second; zero with fewer than two samples in the window.
    ///
    /// `mutating` so that it reads the ring in place (a non-mutating call copied all 120 bytes of
    /// the estimator to the stack first) and keeps the window it finds. While the window's times
    /// and every sample's since are in order, the new window is the old one's tail plus the new
    /// samples (a sample before the old window was more than `window` older than the newest then,
    /// so it is older still than a later newest): the estimate moves the window's start forward,
    /// a step or two, where the walk went back over all of it. Otherwise it walks.
    mutating func velocity(at now: GestureTime) -> Value {
        let count = min(added, 6)
        guard count >= 2 else { return .zero }
        let newestTime = times[head]
        let (sinceNewest, overflow) = now.subtractingReportingOverflow(newestTime)
        guard !overflow && sinceNewest <= window else { return .zero }
        let fresh = added &- addedAtEstimate
        addedAtEstimate = added
        if inOrder && fresh < 3 && fresh < count && freshInOrder(fresh) {
            // The ring keeps `count` samples: the window reaches back at most `count - 1` steps.
            span = min(span &+ fresh, count &- 1)
            while span > 0 && isOutsideWindow(times[slot(back: span)], newest: newestTime) { span &-= 1 }
        } else {
            findWindow(count: count)
        }
        let oldest = slot(back: span)
        let spanSeconds = Double(newestTime - times[oldest]) / 1_000_000
        guard spanSeconds > 0 else { return .zero }
        return Value.rate(from: values[oldest], to: values[head], seconds: spanSeconds)
    }

    /// Whether a sample at `time` is more than `window` older than the newest, at `newest`. The
    /// engine takes any 64-bit times a driver gives: a difference that does not fit (a time near
    /// `Int64.min` behind one near `Int64.max`) is farther than any window, where a checked
    /// subtraction trapped.
    @inline(__always)
    private func isOutsideWindow(_ time: GestureTime, newest: GestureTime) -> Bool {
        let (age, overflow) = newest.subtractingReportingOverflow(time)
        return overflow || age > window
    }

    /// Whether each of the `fresh` newest samples is no older than the one before it.
    @inline(__always)
    private func freshInOrder(_ fresh: Int) -> Bool {
        var steps = 0
        while steps < fresh {
            if times[slot(back: steps)] < times[slot(back: steps &+ 1)] { return false }
            steps &+= 1
        }
        return true
    }

    /// The walk back from the newest sample to the window's first, noting whether their times go
    /// back on the way: the first estimate after `removeAll`, and any after times out of order
    /// (a driver's or a test's, not a recording's).
    @inline(never)
    private mutating func findWindow(count: Int) {
        let newestTime = times[head]
        var later = newestTime
        inOrder = true
        span = 0
        for steps in 1..<count {
            let time = times[slot(back: steps)]
            if isOutsideWindow(time, newest: newestTime) { break }
            if time > later { inOrder = false }
            later = time
            span = steps
        }
    }
}

/// What a `VelocityEstimator` can track: a vector or a scalar.
protocol VelocityValue {
    static var zero: Self { get }
    static func rate(from: Self, to: Self, seconds: Double) -> Self
}

extension Vector: VelocityValue {
    static func rate(from: Vector, to: Vector, seconds: Double) -> Vector { (to - from) / seconds }
}

extension Double: VelocityValue {
    static func rate(from: Double, to: Double, seconds: Double) -> Double { (to - from) / seconds }
}
