/// A trace opened for reading, whatever its format: the one road in for every command that reads
/// a trace (`info`, `convert`, `replay`, `verify`, `template`).
///
/// A binary trace is streamed (`TraceReader`: memory stays flat however long it is); a text
/// recording whose device comes before its events is decoded as it is read (`DecodedTextInput`);
/// the others are imported whole by their readers. Either way the caller sees the header, the
/// events in order, and afterwards what the reader had to say: damage it worked around and import
/// warnings, both meant for standard error. A new format plugs in at `TraceFile.open`.
///
/// ```swift
/// let input = try TraceFile.open(path: "session.evemu")
/// try input.forEachEvent { event in … }
/// input.notices.forEach { print($0) }
/// ```
public final class TraceInput {
    /// Where the events come from.
    public enum Events {
        /// A binary trace, decoded as it is read.
        case streamed(TraceReader)
        /// A text format, imported whole, with the writer options and flush points that let it be
        /// written again as it was (defaults and none for the import formats).
        case imported(JSONLinesTrace)
        /// A text recording decoded as it is read.
        case decoded(DecodedTextInput)
    }

    public let path: String
    public let format: TraceFormat
    public let header: TraceHeader
    public let events: Events
    private let importWarnings: [FormatWarning]

    init(path: String, format: TraceFormat, events: Events, warnings: [FormatWarning]) {
        self.path = path
        self.format = format
        self.events = events
        self.importWarnings = warnings
        switch events {
        case .streamed(let reader): header = reader.header
        case .imported(let trace): header = trace.document.header
        case .decoded(let input): header = input.header
        }
    }

    /// Oddities a text importer worked around (slots out of range, time going backwards); for a
    /// recording decoded as it is read, complete once every event was read.
    public var warnings: [FormatWarning] {
        if case .decoded(let input) = events { return input.warnings }
        return importWarnings
    }

    /// Damage a binary reader worked around so far (truncation, skipped chunks, a broken index);
    /// complete once every event was read.
    public var damage: [TraceDamage] {
        if case .streamed(let reader) = events { return reader.damage }
        return []
    }

    /// Every damage and warning as one line naming the file, for standard error.
    public var notices: [String] {
        damage.map { "warning: \(path): \($0.description)" } + warnings.map(\.description)
    }

    /// Hands every remaining event to `body`, in order.
    public func forEachEvent(_ body: (TraceEvent) throws -> Void) throws {
        switch events {
        case .streamed(let reader): try reader.forEachEvent(body)
        case .imported(let trace): try trace.document.events.forEach(body)
        case .decoded(let input): try input.forEachEvent(body)
        }
    }
}
