/// Import of `evtest` logs: the device header (driver version, id, name, supported events with
/// their `Value`/`Min`/`Max`/`Fuzz`/`Flat`/`Resolution`, properties) and the `Event: time …` lines
/// with their `SYN_REPORT` separators. Without a header the device is inferred from the events,
/// with a warning. `docs/formats-getevent-evtest.md` describes the format.
///
///     let (document, warnings) = try EvtestFormat.read(path: "tap.evtest")
public enum EvtestFormat {
    /// Whether the first bytes look like evtest output: its header lines, `Event: time` lines, or
    /// the lines evtest starts with when it lists the devices to choose from (however many),
    /// also indented or quoted (`> `), as a paste indents or a mail reply quotes every line of a log.
    public static func looksLike(_ prefix: [UInt8]) -> Bool {
        TextLines.leading(Array(prefix.prefix(4096))).contains { whole in
            let line = whole.drop(while: { $0 == " " || $0 == "\t" || $0 == ">" })
            return line.hasPrefix("Input driver version is ") || line.hasPrefix("Input device ID: bus ")
                || line.hasPrefix("Input device name: ") || line.hasPrefix("Event: time ")
                || line.hasPrefix("No device specified, trying to scan all of /dev/input/event")
                || line.hasPrefix("Available devices:")
        }
    }

    /// Reads an evtest log from a file.
    public static func read(path: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        try open(path: path).document()
    }

    /// `read(path:)` streamed: read twice (devices, then events), the events never all in memory.
    static func open(path: String) throws(TraceInputError) -> EvdevLogSource<EvtestReader> {
        try EvdevLogSource(TextInput(path: path), file: path)
    }

    /// Reads an evtest log already in memory (`file` names it in errors and warnings).
    public static func read(bytes: [UInt8], file: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        try EvdevLogSource<EvtestReader>(TextInput(copying: bytes, name: file), file: file).document()
    }
}
