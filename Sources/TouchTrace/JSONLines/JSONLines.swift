/// The JSON Lines trace format: the hand-editable twin of the binary format, one JSON object per
/// line, the header first. See docs/trace-format.md, "JSON Lines".
///
/// ```swift
/// let trace = try JSONLines.read(path: "tap.jsonl")
/// try TraceConversion.writeBinary(trace, to: "tap.trace")
/// ```
public enum JSONLines {
    /// True when `prefix` (the first bytes of a file) opens a JSON Lines trace header:
    /// optional whitespace, `{`, optional whitespace, `"touchstone"`.
    public static func looksLike(_ prefix: [UInt8]) -> Bool {
        var rest = prefix[...]
        func skipWhitespace() { rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
        skipWhitespace()
        guard rest.first == UInt8(ascii: "{") else { return false }
        rest = rest.dropFirst()
        skipWhitespace()
        return rest.starts(with: Array("\"touchstone\"".utf8))
    }

    /// Parses JSON Lines text; `name` appears in errors.
    public static func parse(_ bytes: [UInt8], name: String = "<memory>") throws -> JSONLinesTrace {
        try JSONLinesEventSource(TextInput(copying: bytes, name: name), file: name).readAll()
    }

    /// Reads and parses a JSON Lines file.
    public static func read(path: String) throws -> JSONLinesTrace {
        try open(path: path).readAll()
    }

    /// `read(path:)` streamed: the header at once, the events as they are asked for.
    static func open(path: String) throws(TraceInputError) -> JSONLinesEventSource {
        try JSONLinesEventSource(TextInput(path: path), file: path)
    }

    /// The canonical text of `trace`: same trace, same bytes.
    public static func encode(_ trace: JSONLinesTrace) -> [UInt8] {
        var writer = JSONLinesWriter()
        writer.header(trace.document.header, options: trace.writerOptions)
        var flushes = trace.flushes[...]
        for (i, event) in trace.document.events.enumerated() {
            if flushes.first == i {
                writer.flush()
                flushes = flushes.drop { $0 == i }
            }
            writer.event(event)
        }
        if flushes.first == trace.document.events.count { writer.flush() }
        return writer.output
    }

    /// The canonical text of a document with default writer options and no flush lines.
    public static func encode(_ document: TraceDocument) -> [UInt8] {
        encode(JSONLinesTrace(document: document))
    }

    /// Writes `trace` to `path` whole or not at all (`OutputFile`).
    public static func write(_ trace: JSONLinesTrace, to path: String) throws {
        try OutputFile.write(encode(trace), to: path)
    }
}
