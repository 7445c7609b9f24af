/// Import of Android `getevent` logs: plain (hex), `-l` (names), `-t`/`-lt` (times), with or without
/// `/dev/input/eventN:` prefixes, `add device` headers and the `-p`/`-lp` capability dumps.
///
/// Touch devices are kept (protocol A with or without tracking ids, protocol B, single touch);
/// devices that are not touch devices are reported in a warning. A device without a `-p`
/// description is inferred from its events, with a warning. Logs without times get frames 10 ms
/// apart, with a warning. `docs/formats-getevent-evtest.md` describes the format.
///
///     let (document, warnings) = try GeteventFormat.read(path: "swipe.getevent")
public enum GeteventFormat {
    /// Whether the first bytes look like getevent output: the first meaningful line is an
    /// `add device N:` header, or a `[ time ]`/device-prefixed/bare event line of getevent's shape.
    /// What a paste puts before it is passed over: the command typed (a line naming `getevent`,
    /// prompt and all) and a Markdown fence.
    public static func looksLike(_ prefix: [UInt8]) -> Bool {
        for line in TextLines.leading(Array(prefix.prefix(4096))).prefix(8) {
            let text = line.drop(while: { $0 == " " || $0 == "\t" || $0 == ">" })
            if text.hasPrefix("```") || text.hasPrefix("~~~") || text.contains("getevent") { continue }
            if text.hasPrefix("add device ") || text.hasPrefix("could not ") { return true }
            var rest = Substring(text)
            if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { rest = rest[rest.index(after: close)...] }
            var fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // Old toolbox getevent's `-t` time: `SECONDS-MICROSECONDS:`.
            if let first = fields.first, Array(first.utf8).withUnsafeBufferPointer({ GeteventReader.dashedTime($0) }) != nil {
                fields.removeFirst()
            }
            var start = 0
            if let first = fields.first, first.hasPrefix("/dev/"), first.hasSuffix(":") { start = 1 }
            guard fields.count - start >= 3 else { return false }
            let type = fields[start], code = fields[start + 1], value = fields[start + 2]
            let hexType = type.count == 4 && type.allSatisfy(\.isHexDigit)
            let hexCode = code.count == 4 && code.allSatisfy(\.isHexDigit)
            let hexValue = value.count == 8 && value.allSatisfy(\.isHexDigit)
            return (hexType || type.hasPrefix("EV_")) && (hexCode || code.contains("_")) && (hexValue || ["UP", "DOWN", "REPEAT"].contains(value))
        }
        return false
    }

    /// Reads a getevent log from a file.
    public static func read(path: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        try open(path: path).document()
    }

    /// `read(path:)` streamed: read twice (devices, then events), the events never all in memory.
    static func open(path: String) throws(TraceInputError) -> EvdevLogSource<GeteventReader> {
        try EvdevLogSource(TextInput(path: path), file: path)
    }

    /// Reads a getevent log already in memory (`file` names it in errors and warnings).
    public static func read(bytes: [UInt8], file: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        try EvdevLogSource<GeteventReader>(TextInput(copying: bytes, name: file), file: file).document()
    }
}
