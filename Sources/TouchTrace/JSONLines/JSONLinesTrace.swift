/// Everything a JSON Lines trace holds: the document, the writer options of its header line, and
/// where explicit `{"flush":true}` lines stand. Converting it to binary with these options and
/// flushes gives back, byte for byte, the binary trace it was made from.
public struct JSONLinesTrace: Equatable, Sendable {
    public var document: TraceDocument
    /// `flushInterval` and `index` from the header line (defaults when absent).
    public var writerOptions: TraceWriter.Options
    /// Event indices before which a flush line stands, ascending. A flush before event `i` seals the
    /// chunk holding events before `i`; an index equal to `events.count` is a flush at the end.
    public var flushes: [Int]

    public init(document: TraceDocument, writerOptions: TraceWriter.Options = .init(), flushes: [Int] = []) {
        self.document = document
        self.writerOptions = writerOptions
        self.flushes = flushes
    }
}
