/// The file formats Touchstone reads and writes, and how to tell them apart.
///
/// Input formats are detected from content (`detect(prefix:)`), never from a name, so a renamed
/// file still reads; output formats follow the file extension (`forOutput(path:)`).
public enum TraceFormat: String, CaseIterable, Sendable {
    /// Touchstone's compact binary trace (`docs/trace-format.md`), extension `.trace`.
    case binary
    /// The JSON Lines twin of the binary format (`docs/trace-format.md`), extension `.jsonl`.
    case jsonLines
    /// An evemu recording (`evemu-record`), extensions `.evemu`, `.events`.
    case evemu
    /// A `libinput record` YAML file (format version 1), extensions `.yml`, `.yaml`.
    case libinputRecord
    /// An Android `getevent` log (read only).
    case getevent
    /// An `evtest` log (read only).
    case evtest

    /// How `touchstone info` names the format.
    public var displayName: String {
        switch self {
        case .binary: "binary trace"
        case .jsonLines: "JSON Lines trace"
        case .evemu: "evemu recording"
        case .libinputRecord: "libinput record YAML"
        case .getevent: "getevent log"
        case .evtest: "evtest log"
        }
    }

    /// The format whose signature `prefix` (the first bytes of a file; 4 KiB is plenty) carries:
    /// the one place every command learns what a file is. A name is never consulted. The text
    /// formats are looked for in the text as their readers see it: without a byte-order mark,
    /// transcoded from UTF-16, whatever its line ends (`TextEncoding`).
    public static func detect(prefix: [UInt8]) -> TraceFormat? {
        if BinaryTrace.looksLike(prefix) { return .binary }
        let text = TextEncoding.utf8Text(prefix)
        if JSONLines.looksLike(text) { return .jsonLines }
        if LibinputRecordFormat.looksLike(text) { return .libinputRecord }
        if EvemuFormat.looksLike(text) { return .evemu }
        if EvtestFormat.looksLike(text) { return .evtest }
        if GeteventFormat.looksLike(text) { return .getevent }
        return nil
    }

    /// Whether Touchstone can write this format (getevent and evtest logs are only read).
    public var isWritable: Bool {
        switch self {
        case .binary, .jsonLines, .evemu, .libinputRecord: true
        case .getevent, .evtest: false
        }
    }

    /// The format a file called `path` should be written in, from its extension.
    public static func forOutput(path: String) -> TraceFormat? {
        switch OutputFile.fileExtension(of: path) {
        case "trace": return .binary
        case "jsonl": return .jsonLines
        case "evemu", "events": return .evemu
        case "yml", "yaml": return .libinputRecord
        default: return nil
        }
    }

    /// The extensions `forOutput(path:)` understands, for error messages.
    public static let outputExtensions = [".trace", ".jsonl", ".evemu", ".yml"]
}
