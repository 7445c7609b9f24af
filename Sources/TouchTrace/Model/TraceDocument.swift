/// A whole trace in memory: its header and every event in order.
///
/// The text formats (JSON Lines, evemu, libinput record) and small tools work with documents; the
/// binary reader streams instead, so that memory does not grow with a file's length.
public struct TraceDocument: Equatable, Sendable {
    public var header: TraceHeader
    public var events: [TraceEvent]

    public init(header: TraceHeader, events: [TraceEvent]) {
        self.header = header
        self.events = events
    }
}
