import TouchTrace

/// Where generators put the events they make, one at a time, so that a corpus of millions of samples
/// streams straight into a file writer instead of being held in memory.
///
/// An array of events is a sink (for tests and small tools); the CLI adapts the trace writers.
public protocol TraceEventSink {
    mutating func append(_ event: TraceEvent) throws
}

extension Array: TraceEventSink where Element == TraceEvent {}
