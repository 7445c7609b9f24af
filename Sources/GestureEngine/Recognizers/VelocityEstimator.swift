/// Estimates the rate of change of a quantity from timestamped samples, without allocating.
///
/// Keeps the last few samples in a fixed ring and reports the slope between the newest sample
/// and the oldest one no older than `window` (W10-121: use touch timestamps, not arrival time).
struct VelocityEstimator<Value: VelocityValue> {
    /// A ring of six, inline (no allocation and no reference counting). Read in place: tuples
    /// read through `withUnsafeBytes(of:)` were copied to the stack, all 144 bytes, at every
    /// sample the estimate looked at.
    private var times = InlineArray<6, GestureTime>(repeating: 0)
    private var values = InlineArray<6, Value>(repeating: .zero)
    private var count = 0
    private var head = 0
    var window: GestureDuration

    init(window: GestureDuration) {
        self.window = window
    }

    mutating func removeAll() {
        count = 0
        head = 0
    }

    @inline(__always)
    mutating func add(_ value: Value, at time: GestureTime) {
        // A compare, not `% 6`: the ring's index stays below 6 either way.
        head = head == 5 ? 0 : head + 1
        times[head] = time
        values[head] = value
        count = min(count + 1, 6)
    }

    /// Adds the sample an attempt starts from (where the fingers came down, the scale when the
    /// pair formed) unless there is one already: the first movement then has a velocity, as
    /// touch timestamps give it, instead of reading zero until a second movement.
    @inline(__always)
    mutating func addStart(_ value: Value, at time: GestureTime) {
        if count == 0 { add(value, at: time) }
    }

    /// Units per second; zero with fewer than two samples in the window.
    ///
    /// The walk back reads only times; the two values are read once it has found the oldest
    /// sample in the window. `mutating`, though it changes nothing, so that it reads the ring in
    /// place: a non-mutating call copied all 120 bytes of the estimator to the stack first (at
    /// every action of a pinch or a rotation).
    mutating func velocity(at now: GestureTime) -> Value {
        guard count >= 2 else { return .zero }
        let newestTime = times[head]
        guard now - newestTime <= window else { return .zero }
        var oldest = head
        var slot = head
        for _ in 1..<count {
            // `count` is at most 6: the walk wraps from slot 0 to slot 5 at most once.
            slot = slot == 0 ? 5 : slot &- 1
            if newestTime - times[slot] > window { break }
            oldest = slot
        }
        let span = Double(newestTime - times[oldest]) / 1_000_000
        guard span > 0 else { return .zero }
        return Value.rate(from: values[oldest], to: values[head], seconds: span)
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
