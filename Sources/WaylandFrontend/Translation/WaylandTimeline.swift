import TouchTrace

/// Turns the compositor's 32-bit millisecond timestamps into trace microseconds.
///
/// Wayland stamps input with a `uint32` millisecond clock whose base is unspecified (weston uses
/// `CLOCK_MONOTONIC`); it wraps after 49.7 days. Differences between consecutive stamps are taken
/// modulo 2³², so a wrap continues the time line instead of jumping back. Events that carry no
/// stamp (`wl_touch.frame`, `wl_touch.cancel`) take the last stamp seen, which keeps a recording a
/// function of what the compositor sent and nothing else.
struct WaylandTimeline {
    private var lastStamp: UInt32?
    /// The last instant on the trace's time line.
    private(set) var now: Microseconds = 0

    /// Places a compositor stamp on the time line and returns it.
    mutating func place(_ stamp: UInt32) -> Microseconds {
        guard let last = lastStamp else {
            lastStamp = stamp
            now = Int64(stamp) * 1000
            return now
        }
        // A stamp older than the last one stays at the last instant: the time line never goes back.
        let delta = Int64(Int32(bitPattern: stamp &- last))
        if delta > 0 {
            now += delta * 1000
            lastStamp = stamp
        }
        return now
    }
}
