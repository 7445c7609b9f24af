import TouchTrace

/// Writes a live session to a binary trace with the recorder's flush rule.
///
/// The writer seals a chunk whenever event time passes its flush interval; a live session also
/// flushes after 100 ms of wall time with events pending, so a quiet finger that stays down is on
/// disk as promptly as in `touchstone record`. `close()` finishes the file (renaming `NAME.partial`
/// to `NAME`); after a failure the recorder stops writing and remembers why.
final class LiveRecorder {
    static let wallFlushInterval: Microseconds = 100_000

    private let writer: TraceWriter
    private var pending = false
    private var lastFlush: Microseconds
    private(set) var failure: Error?

    init(path: String, header: TraceHeader) throws {
        writer = try TraceWriter(path: path, header: header)
        lastFlush = MonotonicClock.monotonicNow()
    }

    var eventsWritten: Int { writer.eventsWritten }

    func append(_ event: TraceEvent) {
        guard failure == nil else { return }
        do {
            try writer.append(event)
            pending = true
        } catch {
            failure = error
        }
    }

    /// Milliseconds until a wall-clock flush is due, or `nil` when nothing is pending.
    func millisecondsUntilFlush(now: Microseconds) -> Int32? {
        guard pending, failure == nil else { return nil }
        return Int32(clamping: max(0, (lastFlush + Self.wallFlushInterval - now + 999) / 1000))
    }

    /// Flushes if events are pending and 100 ms of wall time have passed since the last flush.
    func tick(now: Microseconds) {
        guard pending, failure == nil, now - lastFlush >= Self.wallFlushInterval else { return }
        do {
            try writer.flush()
        } catch {
            failure = error
        }
        pending = false
        lastFlush = now
    }

    func close() {
        do {
            try writer.close()
        } catch {
            if failure == nil { failure = error }
        }
    }
}
