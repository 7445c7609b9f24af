#if canImport(Glibc)
import Foundation
import Glibc
import TestSupport
import Testing
@testable import TouchTrace

/// Text files are read through a buffer a cursor slides (`TextInput`, `TextLineCursor`), never
/// mapped: the lines and the decoded traces are the same wherever a refill falls, a line at the
/// limit still reads, and a file that shrinks while it is read is an error, not a trap.
@Suite("Text read through a buffer")
struct TextInputTests {
    /// Every line of `input` with its number, through a cursor.
    private func lines(_ input: TextInput, lineLimit: Int = TextLineCursor.maximumLineLength) throws -> [(String, Int)] {
        var cursor = TextLineCursor(input, lineLimit: lineLimit)
        var lines: [(String, Int)] = []
        while let line = try cursor.next() { lines.append((String(decoding: line, as: UTF8.self), cursor.number)) }
        return lines
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test("Lines read through a buffer of any size are the lines of the text in memory", arguments: [1, 2, 3, 5, 8, 64, 4096])
    func linesAcrossRefills(bufferSize: Int) throws {
        let folder = TemporaryDirectory("text-input")
        let texts = [
            "first\nsecond line\r\n\n\r\nx\nlast without end",
            "one\n",
            "\n\n\n",
            "ends in a lone \r",
            "a line of thirty-two characters\n" + String(repeating: "y", count: 100) + "\r\n" + "z\n",
            "",
        ]
        for (index, text) in texts.enumerated() {
            let path = folder.file("\(index).txt")
            try write(Array(text.utf8), to: path)
            var expected: [(String, Int)] = []
            Array(text.utf8).withUnsafeBufferPointer { all in
                TextLines.forEach(in: all) { line, number in expected.append((String(decoding: line, as: UTF8.self), number)) }
            }
            let read = try lines(TextInput(path: path, bufferSize: bufferSize))
            #expect(read.map(\.0) == expected.map(\.0), "text \(index)")
            #expect(read.map(\.1) == expected.map(\.1), "text \(index)")
            let inMemory = try lines(TextInput(copying: Array(text.utf8), name: path))
            #expect(inMemory.map(\.0) == expected.map(\.0), "text \(index) in memory")
        }
    }

    /// Each text format's source over `input`, read whole.
    private static func decode(_ format: String, _ input: TextInput) throws -> (JSONLinesTrace, [FormatWarning]) {
        let source: any TextEventSource
        switch format {
        case "jsonl": source = try JSONLinesEventSource(input, file: input.path)
        case "evemu", "evemu-events": source = try EvemuEventSource(input, file: input.path)
        case "yml": source = try LibinputRecordEventSource(input, file: input.path)
        case "getevent": source = try EvdevLogSource<GeteventReader>(input, file: input.path)
        case "evtest": source = try EvdevLogSource<EvtestReader>(input, file: input.path)
        default: preconditionFailure("no text format \(format)")
        }
        return (try source.readAll(), source.warnings)
    }

    /// Each text format, as text: written by Touchstone, or a recording from the fixtures.
    private static func text(_ format: String) throws -> [UInt8] {
        switch format {
        case "jsonl": return JSONLines.encode(SampleTraces.everyCaseDocument)
        case "evemu": return Array(try EvemuFormat.write(SampleTraces.tenFingers(seconds: 1)).utf8)
        case "evemu-events":
            // No description: a first pass over the events (a copy of the cursor) infers the device.
            let text = try EvemuFormat.write(SampleTraces.tenFingers(seconds: 1))
            return Array(text.split(separator: "\n").filter { $0.hasPrefix("E:") }.joined(separator: "\n").utf8)
        case "yml": return Array(try LibinputRecordFormat.write(SampleTraces.twoTouchscreens()).utf8)
        case "getevent": return readFileBytes(Fixtures.path("logs/three-finger-protocol-b.getevent-p.txt"))
        case "evtest": return readFileBytes(Fixtures.path("logs/pinch-protocol-b.evtest.txt"))
        default: preconditionFailure("no text format \(format)")
        }
    }

    @Test(
        "Every text format decodes the same through a small buffer, lines spanning its refills, as in memory",
        arguments: ["jsonl", "evemu", "evemu-events", "yml", "getevent", "evtest"])
    func formatsAcrossRefills(format: String) throws {
        let folder = TemporaryDirectory("text-input")
        let bytes = try Self.text(format)
        let path = folder.file("recording.\(format)")
        try write(bytes, to: path)
        let (expected, expectedWarnings) = try Self.decode(format, TextInput(copying: bytes, name: path))
        #expect(!expected.document.events.isEmpty)
        for bufferSize in [61, 1000] {
            let (read, warnings) = try Self.decode(format, TextInput(path: path, bufferSize: bufferSize))
            #expect(read == expected, "\(format) through \(bufferSize) bytes")
            #expect(warnings == expectedWarnings, "\(format) through \(bufferSize) bytes")
        }
    }

    @Test("A line at the limit reads, in the middle and at the end of a file; a byte more is an error at its line")
    func lineAtTheLimit() throws {
        let folder = TemporaryDirectory("text-input")
        let limit = TextLineCursor.maximumLineLength
        let atLimit = String(repeating: "x", count: limit)
        let path = folder.file("limit.txt")
        try write(Array("short\n\(atLimit)\n\(atLimit)".utf8), to: path)
        let read = try lines(TextInput(path: path, bufferSize: 4096))
        #expect(read.map(\.0.count) == [5, limit, limit])
        #expect(read.map(\.1) == [1, 2, 3])

        // Past it: one byte more, or a carriage return before the line feed.
        for over in ["\(atLimit)y\n", "\(atLimit)\r\n", "\(atLimit)y"] {
            try write(Array("short\n\(over)after\n".utf8), to: path)
            for input in [try TextInput(path: path, bufferSize: 4096), TextInput(copying: Array("short\n\(over)after\n".utf8), name: path)] {
                let error = #expect(throws: TraceInputError.self) { try lines(input) }
                #expect(error?.location == .line(2))
                #expect(error?.file == path)
            }
        }
    }

    @Test("Copies of a cursor read on independently, each from where it was copied")
    func copiesReadIndependently() throws {
        let folder = TemporaryDirectory("text-input")
        let path = folder.file("copies.txt")
        let text = (1...200).map { "line \($0)" }.joined(separator: "\n")
        try write(Array(text.utf8), to: path)
        var cursor = TextLineCursor(try TextInput(path: path, bufferSize: 16))
        for _ in 0..<3 { _ = try cursor.next() }
        var copy = cursor
        var detached = cursor.detached()
        var rest: [String] = []
        while let line = try copy.next() { rest.append(String(decoding: line, as: UTF8.self)) }
        #expect(rest == (4...200).map { "line \($0)" })
        #expect(try cursor.next().map { String(decoding: $0, as: UTF8.self) } == "line 4")
        #expect(try detached.next().map { String(decoding: $0, as: UTF8.self) } == "line 4")
        #expect(detached.number == 4)
    }

    @Test("A text file truncated while it is read is an error naming the file and line, not a trap")
    func truncatedWhileRead() throws {
        let folder = TemporaryDirectory("text-input")
        let path = folder.file("shrinking.evemu")
        // About 2 MB of frames: the first batch of events comes from the first megabyte's buffer.
        let text = try EvemuFormat.write(SampleTraces.tenFingers(seconds: 20))
        try write(Array(text.utf8), to: path)
        let input = try TraceFile.open(path: path)
        var truncated = false
        var events = 0
        let error = #expect(throws: TraceInputError.self) {
            try input.forEachEvent { _ in
                events += 1
                if !truncated {
                    truncated = true
                    #expect(truncate(path, 100) == 0)
                }
            }
        }
        #expect(events > 0)
        #expect(error?.file == path)
        // The line that runs past the first megabyte, whose bytes the file no longer has.
        let lineAtRefill = Array(text.utf8)[..<TextInput.defaultBufferSize].count { $0 == UInt8(ascii: "\n") } + 1
        #expect(error?.location == .line(lineAtRefill))
        #expect(error?.message.contains("shrank") == true)
    }

    /// The recorders' formats: a JSON Lines trace is Touchstone's own, written whole, and an
    /// error in its last line is an error.
    @Test("A recording cut short inside its last line, with or without a line end after it, reads as if cut before it, with a warning naming the line",
          arguments: [("evemu", ""), ("yml", ""), ("getevent", ""), ("evtest", ""), ("evemu", "\n"), ("getevent", "\n"), ("evtest", "\n\n")])
    func cutInsideTheLastLine(format: String, ending: String) throws {
        let folder = TemporaryDirectory("text-input")
        let text = try Self.text(format)
        // The last line that carries something (not blank, not a comment), cut short.
        var starts = [0]
        for (index, byte) in text.enumerated() where byte == 0x0A && index + 1 < text.count { starts.append(index + 1) }
        let start = try #require(starts.last { start in
            let line = text[start...].prefix { $0 != 0x0A }
            return line.count > 10 && line.first != UInt8(ascii: "#")
        })
        let length = text[start...].prefix { $0 != 0x0A }.count
        // Within its first dozen bytes: a line's end may be a comment, whose cut leaves it whole.
        let cut = Array(text[..<(start + min(length / 2, 12))]) + Array(ending.utf8)
        let before = Array(text[..<start])
        try write(cut, to: folder.file("cut.\(format)"))
        try write(before, to: folder.file("before.\(format)"))
        let (cutDocument, warnings) = try Self.decode(format, try TextInput(path: folder.file("cut.\(format)")))
        let (expected, _) = try Self.decode(format, try TextInput(path: folder.file("before.\(format)")))
        #expect(cutDocument.document.events == expected.document.events)
        let line = starts.count
        #expect(warnings.contains { $0.location == .line(line) && $0.message.hasPrefix("the log ends inside this line, which is ignored (a recording or a paste cut short?): ") },
                "\(warnings.map(\.description))")
    }

    @Test("A JSON Lines batch of long notes ends after its bytes' limit, not after 4,096 events")
    func longNotesMakeShortBatches() throws {
        let folder = TemporaryDirectory("text-input")
        let path = folder.file("notes.jsonl")
        var text = JSONLines.encode(TraceDocument(header: SampleTraces.everyCaseDocument.header, events: []))
        let note = String(repeating: "n", count: 100_000)
        for time in 0..<100 { text += Array(#"{"t":\#(time),"note":"\#(note)"}"#.utf8) + [0x0A] }
        try write(text, to: path)
        let source = try JSONLinesEventSource(try TextInput(path: path), file: path)
        var events: [TraceEvent] = [], flushes: [Int] = [], batches: [Int] = []
        while try source.read(into: &events, flushes: &flushes) { batches.append(events.count) }
        #expect(batches.reduce(0, +) == 100)
        #expect(batches.allSatisfy { $0 <= JSONLinesEventSource.batchBytes / 100_000 + 1 })
    }
}
#endif
