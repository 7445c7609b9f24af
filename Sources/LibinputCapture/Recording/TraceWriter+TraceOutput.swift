import TouchTrace

/// The binary trace writer is the recorder's usual output.
extension TraceWriter: TraceOutput {}

extension Recorder {
    /// Opens `TraceWriter`s whose own event-time flushing matches the recorder's wall-time flushing.
    public static func traceWriters(flushInterval: Microseconds) -> TraceOutputOpener {
        { path, header in
            try TraceWriter(path: path, header: header, options: .init(flushInterval: flushInterval))
        }
    }
}
