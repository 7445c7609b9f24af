import TouchTrace

/// Whatever consumes the trace events a frontend produces: the recorder, the live driver, a test.
///
/// A protocol rather than a closure so that the hot path calls straight through, allocating nothing.
public protocol TraceEventSink: AnyObject {
    func receive(_ event: TraceEvent)
}
