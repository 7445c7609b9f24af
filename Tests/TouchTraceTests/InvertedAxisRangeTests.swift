import Foundation
import TestSupport
import Testing
import TouchTrace

/// An axis range a file gives with its minimum above its maximum is refused at its line by every
/// reader that takes ranges from a file; a zero-width range is kept.
@Suite("Inverted axis ranges")
struct InvertedAxisRangeTests {
    static func fixture(_ path: String) throws -> String {
        try String(contentsOfFile: Fixtures.directory + "/" + path, encoding: .utf8)
    }

    /// `text` with `old` replaced once, which must be there.
    static func replacing(_ old: String, with new: String, in text: String) -> String {
        #expect(text.contains(old))
        return text.replacingOccurrences(of: old, with: new)
    }

    /// The 1-based line of `text` that holds `needle` first.
    static func line(of needle: String, in text: String) -> Int {
        text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }.map { $0 + 1 } ?? 0
    }

    static let handWritten = "hand-written-double-tap.jsonl"

    @Test("A JSON Lines device whose x axis is inverted is refused at the header's line")
    func jsonLines() throws {
        let text = Self.replacing(#""x": { "min": 0, "max": 1919"#, with: #""x": { "min": 3000, "max": 0"#, in: try Self.fixture(Self.handWritten))
        do {
            _ = try JSONLines.parse(Array(text.utf8))
            Issue.record("an inverted range was accepted")
        } catch let error as TraceInputError {
            #expect(error.location == .line(1))
            #expect(error.message == "axis \"x\"'s minimum 3000 is above its maximum 0: an axis range may not be inverted")
        }
    }

    @Test("A JSON Lines device whose axis is zero-width is read as it is")
    func jsonLinesZeroWidth() throws {
        let text = Self.replacing(#""x": { "min": 0, "max": 1919"#, with: #""x": { "min": 7, "max": 7"#, in: try Self.fixture(Self.handWritten))
        let trace = try JSONLines.parse(Array(text.utf8))
        #expect(trace.document.header.devices[0].x.minimum == 7)
        #expect(trace.document.header.devices[0].x.maximum == 7)
    }

    @Test("A binary trace whose device has an inverted axis is refused")
    func binary() throws {
        var document = try JSONLines.parse(Array(try Self.fixture(Self.handWritten).utf8)).document
        document.header.devices[0].y = AxisRange(minimum: 0, maximum: 1079)
        var bytes = try TraceEncoder.encode(document)
        // The writer refuses an inverted range, so the file is made by hand: y's minimum and
        // maximum swapped in the header, its checksum made good again.
        let y: [UInt8] = [0, 0, 0, 0, 0x37, 0x04, 0, 0]
        let at = try #require((0...(bytes.count - y.count)).first { Array(bytes[$0..<($0 + y.count)]) == y })
        bytes.replaceSubrange(at..<(at + y.count), with: [0x37, 0x04, 0, 0, 0, 0, 0, 0])
        let length = Int(bytes[16]) | Int(bytes[17]) << 8 | Int(bytes[18]) << 16 | Int(bytes[19]) << 24
        let crc = CRC32C.checksum(Array(bytes[0..<(20 + length)]))
        bytes.replaceSubrange((20 + length)..<(24 + length), with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * UInt32($0))) })
        #expect(throws: (any Error).self) { try BinaryTrace.readDocument(bytes: bytes) }
        document.header.devices[0].y = AxisRange(minimum: 1079, maximum: 0)
        #expect(throws: (any Error).self) { try BinaryTrace.readDocument(bytes: try TraceEncoder.encode(document)) }
    }

    @Test("The binary writer refuses a device whose axis is inverted before writing anything, naming the device and the axis")
    func binaryWriterRefusesHeader() throws {
        var document = try JSONLines.parse(Array(try Self.fixture(Self.handWritten).utf8)).document
        document.header.devices[0].x = AxisRange(minimum: 3000, maximum: 0)
        #expect(throws: TraceWriteError(file: "<memory>", message: "device 0 (\(document.header.devices[0].name)): the x axis's minimum 3000 is above its maximum 0: an axis range may not be inverted")) {
            _ = try TraceEncoder(header: document.header)
        }
    }

    @Test("The binary writer refuses a device added during the trace whose axis is inverted")
    func binaryWriterRefusesAddedDevice() throws {
        let document = try JSONLines.parse(Array(try Self.fixture(Self.handWritten).utf8)).document
        var added = document.header.devices[0]
        added.index = 1
        added.pressure = AxisRange(minimum: 255, maximum: 0)
        var encoder = try TraceEncoder(header: document.header)
        #expect(throws: TraceWriteError.self) { try encoder.append(.device(.added(time: 5, added))) }
    }

    @Test("The JSON Lines writer refuses a device whose axis is inverted")
    func jsonLinesWriterRefuses() throws {
        var document = try JSONLines.parse(Array(try Self.fixture(Self.handWritten).utf8)).document
        document.header.devices[0].minor = AxisRange(minimum: 9, maximum: 1)
        let directory = TemporaryDirectory("inverted")
        #expect(throws: TraceWriteError.self) { _ = try JSONLinesFileWriter(path: directory.file("x.jsonl"), header: document.header) }
    }

    @Test("An evemu A: line with an inverted range is refused at its line")
    func evemu() throws {
        let original = try Self.fixture("evemu/touchscreens/Atmel maXTouch Touchscreen.1-finger-drag-up-down.events")
        let text = Self.replacing("A: 35 0 799 0 0 0\n", with: "A: 35 799 0 0 0 0\n", in: original)
        do {
            _ = try EvemuFormat.read(text: text, file: "bad.evemu")
            Issue.record("an inverted range was accepted")
        } catch {
            #expect(error.location == .line(Self.line(of: "A: 35 799 0", in: text)))
            #expect(error.message.contains("ABS_MT_POSITION_X's minimum 799 is above its maximum 0"))
        }
    }

    @Test("A libinput record absinfo entry with an inverted range is refused at its line")
    func libinputRecord() throws {
        let original = try Self.fixture("libinput-record/two-finger-scroll.with-libinput.yml")
        let text = Self.replacing("53: [0, 4000, 0, 0, 40]", with: "53: [4000, 0, 0, 0, 40]", in: original)
        do {
            _ = try LibinputRecordFormat.read(text: text, file: "bad.yml")
            Issue.record("an inverted range was accepted")
        } catch {
            #expect(error.location == .line(Self.line(of: "53: [4000, 0", in: text)))
        }
    }

    @Test("A getevent -p axis with an inverted range is refused at its line")
    func getevent() throws {
        let original = try Self.fixture("logs/three-finger-protocol-b.getevent-p.txt")
        let text = Self.replacing("0035  : value 0, min 0, max 1079", with: "0035  : value 0, min 1079, max 0", in: original)
        do {
            _ = try GeteventFormat.read(bytes: Array(text.utf8), file: "bad.log")
            Issue.record("an inverted range was accepted")
        } catch {
            #expect(error.location == .line(Self.line(of: "min 1079, max 0", in: text)))
        }
    }

    @Test("An evtest axis with an inverted range is refused at its Max line")
    func evtest() throws {
        let original = try Self.fixture("logs/pinch-protocol-b.evtest.txt")
        let text = Self.replacing("      Min         0\n      Max      4095\n", with: "      Min      4095\n      Max         0\n", in: original)
        do {
            _ = try EvtestFormat.read(bytes: Array(text.utf8), file: "bad.log")
            Issue.record("an inverted range was accepted")
        } catch {
            #expect(error.location == .line(Self.line(of: "      Max         0", in: text)))
        }
    }
}
