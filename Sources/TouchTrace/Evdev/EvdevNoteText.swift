/// A trace's notes (`Annotation`) in the evdev text formats, which have no event for them:
///
/// - evemu: a comment line among the events, `# Touchstone note: 12.000345 "text"` (libevemu and
///   every evemu tool skip `#` lines);
/// - `libinput record`: an entry of the first device's `events:` list beside the frames, in the
///   shape of libinput's own `- libinput:` entries, `- touchstone:` then
///   `- {time: 12.000345, note: "text"}` (`libinput replay` plays only the entries with an `evdev`
///   key and skips the rest).
///
/// The text is one double-quoted line that is both a JSON string and a YAML double-quoted scalar:
/// `\\`, `\n`, `\t` and `\uXXXX` escapes only, a quote written `\u0022` (so that a reader looking
/// for the closing quote never meets an escaped one), control characters and the characters YAML
/// takes for line breaks (U+0085, U+2028, U+2029) escaped. Times are evdev's `sec.usec`.
enum EvdevNoteText {
    static let evemuPrefix = "# Touchstone note: "
    static let libinputRecordKey = "touchstone"

    /// `text` quoted as described above (`JSONText.quotedForYAMLLine`).
    static func quoted(_ text: String) -> String {
        JSONText.quotedForYAMLLine(text)
    }

    /// The text of a quoted note, or nil when `bytes` is not one JSON string.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.first == UInt8(ascii: "\""), let node = try? JSONParser.parse(bytes), case .string(let text) = node.value else { return nil }
        return text
    }

    /// `sec.usec`, six digits of microseconds, as evdev times are written.
    static func seconds(_ time: Microseconds) -> String {
        let micros = String(time % 1_000_000)
        return "\(time / 1_000_000)." + String(repeating: "0", count: 6 - micros.count) + micros
    }

    /// The evemu comment line of `note`, without its line end.
    static func evemuLine(_ note: Annotation) -> String {
        evemuPrefix + seconds(note.time) + " " + quoted(note.text)
    }

    /// Refuses a note whose line would be longer than the format's reader takes.
    static func refuseLongLine(_ line: String, note: Annotation, format: String, file: String) throws(TraceWriteError) {
        let limit = TextLineCursor.maximumLineLength - 1024
        guard line.utf8.count > limit else { return }
        throw TraceWriteError(file: file, message: "the note at \(note.time) µs takes \(line.utf8.count) bytes written; \(format) holds lines of at most \(limit) bytes")
    }

    /// Whether `line` from `start` is an evemu note comment.
    static func isEvemuNote(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        let prefix = evemuPrefix.utf8
        return line.count - start >= prefix.count && zip(line[start...], prefix).allSatisfy { $0 == $1 }
    }

    /// The note an evemu note comment holds: `sec.usec "text"` after the prefix; nil when the rest
    /// of the line is not that.
    static func evemuNote(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Annotation? {
        let body = UnsafeBufferPointer(rebasing: line[(start + evemuPrefix.utf8.count)...])
        guard let space = body.firstIndex(of: UInt8(ascii: " ")),
            let time = LibinputRecordYAML.seconds(UnsafeBufferPointer(rebasing: body[..<space])),
            let text = text(UnsafeBufferPointer(rebasing: body[(space + 1)...]))
        else { return nil }
        return Annotation(time: time, text: text)
    }
}
