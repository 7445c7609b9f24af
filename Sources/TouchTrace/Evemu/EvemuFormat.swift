#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Import and export of evemu recordings (`evemu-record`, `evemu-describe`), the most common public
/// form of evdev recordings.
///
/// A recording is either one file (header and `E:` event lines) or a `.desc` header plus `.events`
/// files. The header becomes the trace's `DeviceDescription` (its raw lines are kept in
/// `properties` under the key `evemu`, so the device can be emulated again and exported as it was);
/// the events go through `EvdevTouchDecoder`.
///
///     let (document, warnings) = try EvemuFormat.read(path: "tap.evemu")
///     let text = EvemuFormat.write(document)   // replayable with evemu-play
public enum EvemuFormat {
    /// Whether the first bytes of a file look like evemu text: `# EVEMU`, or a first non-comment
    /// line that is an evemu header or event line. A pasted `evemu-record` session that begins with
    /// the device prompt (`DevicePrompt`, which evtest prints in the same words) is evemu when what
    /// follows the prompt is: the recording, or evemu-record's `error: ` line.
    public static func looksLike(_ prefix: [UInt8]) -> Bool {
        let lines = TextLines.leading(Array(prefix.prefix(4096)))
        if let (end, rest) = DevicePrompt.end(in: lines) {
            let following = (rest.map { [$0] } ?? []) + lines[(end + 1)...]
            if following.first?.hasPrefix("error: ") == true { return true }
            return looksLike(lines: following)
        }
        return looksLike(lines: lines)
    }

    private static func looksLike(lines: [Substring]) -> Bool {
        if lines.first?.hasPrefix("# EVEMU") == true { return true }
        for line in lines {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.hasPrefix("#") { continue }
            let bytes = Array(trimmed.utf8.prefix(3))
            return bytes.count == 3 && bytes[2] == UInt8(ascii: " ")
                && (EvemuHeader.isHeaderLine(bytes[0], bytes[1]) || (bytes[0] == UInt8(ascii: "E") && bytes[1] == UInt8(ascii: ":")))
        }
        return false
    }

    /// Reads one evemu file. A file of events without a device header (the older two-file shape)
    /// takes its header from a companion `.desc` beside it (`NAME.DESC.events` → `NAME.DESC.desc`,
    /// then `NAME.desc`; `NAME-ACTION.events` → `NAME.desc`; also `.device` and `.prop`, and
    /// `.event` files), and a warning says which; with no companion, the device is inferred from
    /// the events and a warning says so.
    public static func read(path: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        try open(path: path).document()
    }

    /// `read(path:)` streamed: the header at once, the events as they are asked for.
    static func open(path: String) throws(TraceInputError) -> EvemuEventSource {
        try EvemuEventSource(TextInput(path: path), file: path) { () throws(TraceInputError) -> (EvemuHeader, String)? in
            guard let found = companionDescription(forEvents: path) else { return nil }
            var descReader = EvemuReader(file: found)
            try descReader.readHeader(try readFile(found))
            return (descReader.header, found)
        }
    }

    /// Parses a one-file recording already in memory (`file` names it in errors and warnings). A
    /// recording without a device header has its device inferred from the events, with a warning.
    public static func read(bytes: [UInt8], file: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        try EvemuEventSource(TextInput(copying: bytes, name: file), file: file).document()
    }

    /// Reads a device description (`evemu-describe` output) and a file of its events.
    public static func read(descPath: String, eventsPath: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        let header = try deviceDescription(try readFile(descPath), file: descPath)
        return try EvemuEventSource(TextInput(path: eventsPath), file: eventsPath, fixedHeader: header).document()
    }

    /// Parses a device description and a file of its events already in memory (`descFile` and
    /// `eventsFile` name them in errors and warnings).
    public static func read(
        desc: [UInt8], descFile: String, events: [UInt8], eventsFile: String
    ) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        let header = try deviceDescription(desc, file: descFile)
        return try EvemuEventSource(TextInput(copying: events, name: eventsFile), file: eventsFile, fixedHeader: header).document()
    }

    /// The header of a device description; an error when it describes no device.
    private static func deviceDescription(_ bytes: [UInt8], file: String) throws(TraceInputError) -> EvemuHeader {
        var descReader = EvemuReader(file: file)
        try descReader.readHeader(bytes)
        guard !descReader.header.isEmpty else {
            throw TraceInputError(file: file, location: .wholeFile, message: "no device description (N:, I:, B:, A: lines)")
        }
        return descReader.header
    }

    /// The device an evemu description (a `.desc`, or the header of a one-file recording) describes,
    /// for building an emulated copy of the device: the one `read(path:)` decodes the events on.
    /// The events are read only where the description does not give the device whole (axes
    /// without an `A:` line take their range from them, as there), or there is none.
    public static func readDevice(path: String) throws(TraceInputError) -> EvdevCapabilities {
        try open(path: path).capabilities
    }

    /// Parses text already in memory (`file` names it in errors and warnings).
    public static func read(text: String, file: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        try read(bytes: Array(text.utf8), file: file)
    }

    /// The evemu text for one device of `document` (evemu files hold one device): its header, then
    /// its touch samples as evdev events and the notes as comments among them. Gestures and other
    /// devices are left out.
    public static func write(_ document: TraceDocument, device: DeviceIndex = 0) throws(TraceWriteError) -> String {
        try EvemuWriter.write(document, device: device)
    }

    /// The names a device description beside a file of events has: `.desc` (evemu-devices today),
    /// `.device` (its older files) and `.prop` (evemu's own test data), tried in that order.
    static let descriptionExtensions = [".desc", ".device", ".prop"]

    /// The description (`.desc`, `.device` or `.prop`) of a header-less `.events` (or `.event`)
    /// file, if one lies beside it.
    public static func companionDescription(forEvents path: String) -> String? {
        var stem = path
        if let suffix = [".events", ".event"].first(where: { stem.hasSuffix($0) }) { stem.removeLast(suffix.count) }
        let directoryEnd = stem.lastIndex(of: "/").map { stem.index(after: $0) } ?? stem.startIndex
        while true {
            for name in descriptionExtensions {
                let candidate = stem + name
                if candidate != path, isReadableRegularFile(candidate) { return candidate }
            }
            // `NAME.ACTION.events` and `NAME-ACTION.events` (X.Org's integration tests) both
            // describe their device in `NAME.desc`: drop one `.` or `-` part at a time.
            guard let cut = stem[directoryEnd...].lastIndex(where: { $0 == "." || $0 == "-" }) else { return nil }
            stem = String(stem[..<cut])
        }
    }

    /// Whether `path` is a file this process may read (`RegularFile.check`): a FIFO or a folder of
    /// that name is no description, and the next name is tried.
    private static func isReadableRegularFile(_ path: String) -> Bool {
        (try? RegularFile.check(path)) != nil && access(path, R_OK) == 0
    }

    /// A device description is a few hundred lines; a larger `.desc` is no evemu file.
    static let maximumDescriptionSize = 16 << 20

    static func readFile(_ path: String) throws(TraceInputError) -> [UInt8] {
        do {
            // A `.desc` saved by a Windows tool reads like the events beside it (TextInput).
            return TextEncoding.utf8Text(try FileBytes.read(path, atMost: maximumDescriptionSize, what: "an evemu device description"))
        } catch {
            throw TraceInputError(file: path, location: .wholeFile, message: error.message)
        }
    }
}
