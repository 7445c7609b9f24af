/// A text recording decoded while it is read: what `TraceInput` holds for a text format whose layout
/// puts the device before the events (evemu, evtest, a one-device libinput record file). The header
/// comes from a first look at the file's start; `forEachEvent` then reads the file again from the
/// top, one 64 KiB piece at a time, and hands each event on as the decoder produces it, so memory
/// stays flat however long the recording is. Import warnings are complete once every event was read.
public final class DecodedTextInput {
    public let header: TraceHeader
    /// What the reader worked around, complete after `forEachEvent`.
    public private(set) var warnings: [FormatWarning] = []
    private let decode: ((TraceEvent) throws -> Void) throws -> [FormatWarning]
    private var done = false

    /// `decode` reads the whole file, calling its argument with each event in order, and returns
    /// the warnings; it runs once.
    init(header: TraceHeader, decode: @escaping ((TraceEvent) throws -> Void) throws -> [FormatWarning]) {
        self.header = header
        self.decode = decode
    }

    /// Hands every event to `body`, in order; the events are read once, so a second call has none.
    public func forEachEvent(_ body: (TraceEvent) throws -> Void) throws {
        guard !done else { return }
        done = true
        warnings = try decode(body)
    }

    /// Every event in one document, with the warnings: for the callers that need the whole trace.
    func collect() throws -> (TraceDocument, [FormatWarning]) {
        var events: [TraceEvent] = []
        try forEachEvent { events.append($0) }
        return (TraceDocument(header: header, events: events), warnings)
    }

    /// The error a second pass gives when the file no longer starts as it did on the first.
    static func changed(_ path: String) -> TraceInputError {
        TraceInputError(file: path, location: .wholeFile, message: "the file changed while it was read")
    }
}
