import TouchTrace

/// Where translated events go: the trace writer, or anything else that takes events in order.
public protocol TraceEventSink: AnyObject {
    func append(_ event: TraceEvent) throws
}
