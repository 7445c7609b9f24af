/// An instant on the engine's clock, in microseconds. The engine never asks what the epoch is:
/// a replay uses trace time, a live driver uses a monotonic clock.
public typealias GestureTime = Int64

/// A span on the engine's clock, in microseconds.
public typealias GestureDuration = Int64

/// Identifies one scheduled timer so it can be cancelled. Tokens are never reused by a scheduler.
public struct TimerToken: Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// Something a timer calls back when it is due.
///
/// A protocol rather than a closure so that arming a timer on the hot path allocates nothing:
/// recognizers are their own targets and tell their timers apart by `tag`.
public protocol TimerTarget: AnyObject {
    /// Called once when the timer is due; the scheduler's `now` is the timer's own deadline.
    func timerFired(tag: Int, token: TimerToken)
}

/// The only way time reaches the gesture engine.
///
/// Recognizers never read a clock: they arm timers here and learn the time from touch
/// timestamps and from `now` when a timer calls back. A replay drives a `VirtualScheduler`; a live
/// frontend supplies one backed by a monotonic clock. Schedulers are single-threaded: every call
/// comes from the thread that dispatches touches.
public protocol Scheduler: AnyObject {
    /// The current instant. Never decreases.
    var now: GestureTime { get }

    /// Arms a timer that calls `target.timerFired(tag:token:)` at `deadline` (or at once, on the
    /// next advance, if the deadline has passed). The scheduler keeps `target` alive until then.
    func schedule(at deadline: GestureTime, target: any TimerTarget, tag: Int) -> TimerToken

    /// Disarms a timer. Cancelling a timer that already fired, or was cancelled, does nothing.
    func cancel(_ token: TimerToken)
}
