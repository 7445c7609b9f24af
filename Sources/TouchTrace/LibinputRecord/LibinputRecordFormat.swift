/// Import and export of `libinput record` YAML, format version 1: the recordings libinput's own
/// developers ask for, replayable with `libinput replay`.
///
/// Reading keeps each device's node, HID report descriptor and udev properties in
/// `DeviceDescription.properties` (keys `node`, `hid` and `udev`) and its evdev capabilities in evemu's spelling (key `evemu`), so a recording
/// can be exported to either format and emulated again.
///
///     let (document, warnings) = try LibinputRecordFormat.read(path: "scroll.yml")
///     let yaml = LibinputRecordFormat.write(document)
public enum LibinputRecordFormat {
    static let nodeKey = "node"
    static let udevKey = "udev"
    /// The HID report descriptor, hex bytes separated by blanks (`05 01 09 02 …`).
    static let hidKey = "hid"

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xf)]], as: UTF8.self)
    }

    /// Whether the first bytes look like a libinput recording: the `# libinput record` banner, or
    /// `version: 1` among the first lines with no evemu lines before it.
    ///
    /// A recording indented as a whole (pasted into a Markdown list or a mail) is the same YAML
    /// document, which `libinput replay` reads as it reads the file: its lines are looked at
    /// without their indentation.
    public static func looksLike(_ prefix: [UInt8]) -> Bool {
        let lines = TextLines.leading(Array(prefix.prefix(4096))).map { $0.drop(while: { $0 == " " }) }
        if lines.first?.hasPrefix("# libinput record") == true { return true }
        return lines.first { !$0.hasPrefix("#") }?.hasPrefix("version: 1") ?? false
    }

    /// A frame holds at most this many events (a real one, a few hundred): the events of a longer
    /// one are not kept, so that a file of millions of events and no `SYN_REPORT` is read in
    /// flat memory. A longer frame that a `SYN_REPORT` closes is skipped whole, with a warning; one
    /// left open at the end keeps its first events, the rest ignored as after any last `SYN_REPORT`.
    public static let maximumFrameEvents = 1 << 16

    /// Reads a recording from a file.
    public static func read(path: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        try open(path: path).document()
    }

    /// `read(path:)` streamed: a first pass for the devices, then the events as they are asked for.
    static func open(path: String) throws(TraceInputError) -> LibinputRecordEventSource {
        try LibinputRecordEventSource(TextInput(path: path), file: path)
    }

    /// Parses a recording already in memory (`file` names it in errors and warnings).
    public static func read(text: String, file: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        try LibinputRecordEventSource(TextInput(copying: Array(text.utf8), name: file), file: file).document()
    }

    /// The recording of every device in `document` with its touches as evdev frames, one `evdev`
    /// block per frame, and its two-finger scrolling as `libinput:` entries between them (as
    /// `--with-libinput` writes them). Times are kept as they are (libinput replay only uses their
    /// differences). The trace's notes are `touchstone:` entries among the first device's events
    /// (`EvdevNoteText`). Other gestures are left out: libinput derives gestures from the evdev
    /// events.
    public static func write(_ document: TraceDocument) throws(TraceWriteError) -> String {
        try LibinputRecordWriter.write(document)
    }
}
