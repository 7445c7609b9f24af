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

    @inline(__always)
    private func sample(_ back: Int) -> (GestureTime, Value) {
        // `back` is below `count`, which is at most 6: the slot is head, head - 1, … wrapped once.
        let slot = head >= back ? head - back : head - back + 6
        return (times[slot], values[slot])
    }

    /// Units per second; zero with fewer than two samples in the window.
    func velocity(at now: GestureTime) -> Value {
        guard count >= 2 else { return .zero }
        let (newestTime, newest) = sample(0)
        guard now - newestTime <= window else { return .zero }
        var oldestTime = newestTime, oldest = newest
        var back = 1
        while back < count {
            let (time, value) = sample(back)
            if newestTime - time > window { break }
            oldestTime = time
            oldest = value
            back += 1
        }
        let span = Double(newestTime - oldestTime) / 1_000_000
        guard span > 0 else { return .zero }
        return Value.rate(from: oldest, to: newest, seconds: span)
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
