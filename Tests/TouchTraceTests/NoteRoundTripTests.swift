import Testing
import TouchTrace

/// A trace's notes written into evemu and `libinput record` files (`EvdevNoteText`) and read back
/// where they stood among the touches.
@Suite("Notes in evemu and libinput record files")
struct NoteRoundTripTests {
    static let formats = ["evemu", "libinput record"]

    /// A note before the first touch (a synthesized gesture's lead), one at the instant of a frame
    /// and before it, one at that instant after it (a live session's resize note), one after
    /// the last touch; texts with what a line and a quoted string cannot hold as they are.
    static let document: TraceDocument = {
        let device = SampleTraces.touchscreen()
        func touch(_ time: Microseconds, _ phase: TouchPhase, _ x: Int32) -> TraceEvent {
            .touch(TouchSample(time: time, device: 0, phase: phase, touch: 0, slot: 0, x: x, y: 200, pressure: 40, major: 5))
        }
        let frame = { (time: Microseconds) in TraceEvent.frame(FrameMark(time: time, device: 0)) }
        let events: [TraceEvent] = [
            .annotation(Annotation(time: 1_000_000, text: "synth pinch")),
            touch(1_300_000, .down, 100), frame(1_300_000),
            .annotation(Annotation(time: 1_310_000, text: "quote \" backslash \\ hash # line\nbreak\ttab é ✋ \u{2028} {[,]}")),
            touch(1_310_000, .motion, 110), frame(1_310_000),
            .annotation(Annotation(time: 1_310_000, text: "wayland surface resized to 800x600")),
            touch(1_320_000, .up, 110), frame(1_320_000),
            .annotation(Annotation(time: 2_000_000, text: "")),
        ]
        var header = SampleTraces.header
        header.devices = [device]
        header.extensions = []
        return TraceDocument(header: header, events: events)
    }()

    static func roundTrip(_ document: TraceDocument, format: String) throws -> (TraceDocument, [FormatWarning]) {
        if format == "evemu" {
            return try EvemuFormat.read(text: try EvemuFormat.write(document), file: "notes.evemu")
        }
        return try LibinputRecordFormat.read(text: try LibinputRecordFormat.write(document), file: "notes.yml")
    }

    @Test("Notes read back with their times and texts, each where it stood among the touches", arguments: formats)
    func notesKeepTheirPlace(format: String) throws {
        let (read, warnings) = try Self.roundTrip(Self.document, format: format)

        #expect(read.events == Self.document.events)
        #expect(warnings.isEmpty)
    }

    @Test("A note is written as one line: a comment in evemu, a `- touchstone:` entry in libinput record", arguments: formats)
    func noteShape(format: String) throws {
        let text = format == "evemu" ? try EvemuFormat.write(Self.document) : try LibinputRecordFormat.write(Self.document)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if format == "evemu" {
            #expect(lines.contains("# Touchstone note: 1.000000 \"synth pinch\""))
        } else {
            #expect(lines.contains("  - touchstone:"))
            #expect(lines.contains("    - {time: 1.000000, note: \"synth pinch\"}"))
        }
        #expect(lines.contains { $0.contains(#"quote \u0022 backslash \\ hash # line\nbreak\ttab é ✋ \u2028 {[,]}"#) })
    }

    @Test("An evemu comment that begins like a note but does not read as one is kept as a comment, with a warning at its line")
    func unreadableEvemuNote() throws {
        var text = try EvemuFormat.write(Self.document)
        text = text.replacingOccurrences(of: "# Touchstone note: 2.000000 \"\"", with: "# Touchstone note: later, perhaps")
        let (read, warnings) = try EvemuFormat.read(text: text, file: "notes.evemu")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("# Touchstone note: later") }! + 1

        #expect(read.events == Array(Self.document.events.dropLast()))
        #expect(warnings.map(\.location) == [.line(line)])
    }

    /// The line of `text` that begins with `prefix`, counted from 1.
    static func line(of prefix: String, in text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) }! + 1
    }

    @Test("An evemu note earlier than the events before it is taken at their time, with a warning at its line, as an event would be")
    func evemuNoteBeforeTheEventsBeforeIt() throws {
        let text = try EvemuFormat.write(Self.document)
            .replacingOccurrences(of: "# Touchstone note: 1.310000 \"wayland", with: "# Touchstone note: 0.000001 \"wayland")
        let (read, warnings) = try EvemuFormat.read(text: text, file: "notes.evemu")

        #expect(read.events == Self.document.events)
        #expect(warnings.map(\.location) == [.line(Self.line(of: "# Touchstone note: 0.000001", in: text))])
        #expect(warnings.first?.message == "the note's time 0.000001 is out of order with the events around it; placed at 1.310000")
    }

    @Test("An evemu note later than the event after it is placed at that event's time, with a warning at its line; the events keep their times")
    func evemuNoteLaterThanTheEventAfterIt() throws {
        let text = try EvemuFormat.write(Self.document)
            .replacingOccurrences(of: "# Touchstone note: 1.310000 \"wayland", with: "# Touchstone note: 5.000000 \"wayland")
        let (read, warnings) = try EvemuFormat.read(text: text, file: "notes.evemu")
        var expected = Self.document.events
        expected[6] = .annotation(Annotation(time: 1_320_000, text: "wayland surface resized to 800x600"))

        #expect(read.events == expected)
        #expect(warnings.map(\.location) == [.line(Self.line(of: "# Touchstone note: 5.000000", in: text))])
        #expect(warnings.first?.message == "the note's time 5.000000 is out of order with the events around it; placed at 1.320000")
    }

    @Test("An evemu note after the last event keeps its own time, however late")
    func evemuNoteAfterTheLastEvent() throws {
        let text = try EvemuFormat.write(Self.document)
            .replacingOccurrences(of: "# Touchstone note: 2.000000 \"\"", with: "# Touchstone note: 900.000000 \"\"")
        let (read, warnings) = try EvemuFormat.read(text: text, file: "notes.evemu")

        #expect(read.events.last == .annotation(Annotation(time: 900_000_000, text: "")))
        #expect(warnings.isEmpty)
    }

    @Test("A libinput record note entry that is not a note is an error at its line")
    func malformedLibinputRecordNote() throws {
        var text = try LibinputRecordFormat.write(Self.document)
        text = text.replacingOccurrences(of: "    - {time: 1.000000, note: \"synth pinch\"}", with: "    - {time: soon, note: \"synth pinch\"}")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("time: soon") }! + 1
        #expect(throws: TraceInputError(file: "notes.yml", location: .line(line), message: "expected a Touchstone note `{time: seconds.microseconds, note: \"text\"}`")) {
            _ = try LibinputRecordFormat.read(text: text, file: "notes.yml")
        }
    }

    @Test("A note at a time the evdev formats cannot hold is refused with the others")
    func noteOutsideEvdevTimes() {
        var document = Self.document
        document.events.append(.annotation(Annotation(time: -5, text: "before 1970")))
        #expect(throws: TraceWriteError.self) { _ = try EvemuFormat.write(document) }
        #expect(throws: TraceWriteError.self) { _ = try LibinputRecordFormat.write(document) }
    }
}
