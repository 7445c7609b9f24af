import Glibc
import TouchTrace

/// Maps the kernel's monotonic clock onto the trace's time line.
///
/// Input events carry the compositor's timestamps; timers have to fire when no event comes, which
/// needs "now" on the same line. The first event anchors the mapping (trace time minus monotonic
/// time at its arrival), so every later "now" is the trace instant that has passed in real time since.
struct MonotonicClock {
    private var offset: Microseconds?

    /// Microseconds of `CLOCK_MONOTONIC`.
    static func monotonicNow() -> Microseconds {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Microseconds(spec.tv_sec) * 1_000_000 + Microseconds(spec.tv_nsec) / 1000
    }

    /// Anchors the mapping at the first event; later calls do nothing.
    mutating func anchor(eventTime: Microseconds) {
        if offset == nil { offset = eventTime - Self.monotonicNow() }
    }

    /// The current instant on the trace's time line, or `nil` before the first event.
    var traceNow: Microseconds? {
        offset.map { Self.monotonicNow() + $0 }
    }

    /// Milliseconds of real time until the trace instant `deadline` (0 if it has passed).
    func millisecondsUntil(_ deadline: Microseconds) -> Int32? {
        guard let now = traceNow else { return nil }
        let remaining = max(0, deadline - now)
        return Int32(clamping: (remaining + 999) / 1000)
    }
}
