import TouchTrace

/// A trace file being written: what the recorder needs from the trace writer.
///
/// `flush()` must make everything appended so far survive a SIGKILL; `close()` finishes the file.
public protocol TraceOutput: AnyObject, TraceEventSink {
    func flush() throws
    func close() throws
    var bytesWritten: Int { get }
    var eventsWritten: Int { get }
}

/// Opens a trace file at a path with a header. The CLI passes one that makes a `TraceWriter`.
public typealias TraceOutputOpener = (_ path: String, _ header: TraceHeader) throws -> any TraceOutput
