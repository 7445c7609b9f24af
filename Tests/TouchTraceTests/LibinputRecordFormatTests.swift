import Foundation
import TestSupport
import Testing
import TouchTrace

private let sample = Fixtures.path("libinput-record/acer-sw5-012-ite-touchpad.two-finger-scroll.libinput-record.yml")

private func touchSamples(_ document: TraceDocument) -> [TouchSample] {
    document.events.compactMap { if case .touch(let sample) = $0 { sample } else { nil } }
}

@Suite("The libinput record format")
struct LibinputRecordFormatTests {
    @Test("The sample recording becomes one touchpad with its axes, node and udev properties")
    func sampleDevice() throws {
        let (document, warnings) = try LibinputRecordFormat.read(path: sample)
        let device = try #require(document.header.devices.first)

        #expect(document.header.devices.count == 1)
        #expect(device.name == "ITE Tech. Inc. ITE Device(8595) Touchpad")
        #expect([device.bus, device.vendor, device.product, device.version] == [3, 1739, 10600, 272])
        #expect(device.kind == .touchpad)
        #expect(device.source == .libinputRecord)
        #expect(device.slots == 3)
        #expect(device.x == AxisRange(minimum: 0, maximum: 1051, resolution: 12))
        #expect(device.property("node") == "/dev/input/event14")
        #expect(device.properties.filter { $0.key == "udev" }.count == 6)
        #expect(document.header.host.inputStack == "libinput 1.12.6")
        #expect(warnings.isEmpty)
    }

    @Test("The sample's two-finger scroll decodes to two touches whose count matches its tracking ids")
    func sampleTouches() throws {
        let (document, _) = try LibinputRecordFormat.read(path: sample)
        let samples = touchSamples(document)
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        let trackingIDs = text.split(separator: "\n").filter { $0.contains("ABS_MT_TRACKING_ID") && !$0.contains("-1]") && $0.contains("- [") }

        #expect(samples.filter { $0.phase == .down }.count == trackingIDs.count)
        #expect(samples.first == TouchSample(time: 0, phase: .down, touch: 0, slot: 0, x: 608, y: 255))
        #expect(samples.filter { $0.phase == .up }.map(\.time) == [89_724, 89_724])
    }

    @Test("libinput record → trace → libinput record → trace keeps every touch sample, frame and time")
    func roundTrip() throws {
        let (first, _) = try LibinputRecordFormat.read(path: sample)
        let (second, warnings) = try LibinputRecordFormat.read(text: LibinputRecordFormat.write(first), file: "written.yml")

        #expect(second.events == first.events)
        #expect(second.header.devices == first.header.devices)
        #expect(warnings.isEmpty)
    }

    @Test("An evemu recording exports to libinput record and reads back with the same touches")
    func evemuToLibinputRecord() throws {
        let (fromEvemu, _) = try EvemuFormat.read(path: Fixtures.path("evemu/touchscreens/Atmel maXTouch Touchscreen.4-finger-drag-down.events"))
        let (back, _) = try LibinputRecordFormat.read(text: LibinputRecordFormat.write(fromEvemu), file: "converted.yml")

        #expect(back.events == fromEvemu.events)
        #expect(back.header.devices.first?.kind == .touchscreen)
    }

    @Test("Two devices' frames are merged in time order with touch ids in order of their start")
    func twoDevices() throws {
        let screen = DeviceDescription(index: 0, name: "Screen", kind: .touchscreen, source: .synthetic,
                                       x: AxisRange(minimum: 0, maximum: 999), y: AxisRange(minimum: 0, maximum: 999), slots: 2)
        var pad = screen
        pad.index = 1
        pad.name = "Pad"
        pad.kind = .touchpad
        let events: [TraceEvent] = [
            .touch(TouchSample(time: 100, device: 0, phase: .down, touch: 0, x: 1, y: 1)),
            .frame(FrameMark(time: 100, device: 0)),
            .touch(TouchSample(time: 200, device: 1, phase: .down, touch: 1, x: 5, y: 5)),
            .frame(FrameMark(time: 200, device: 1)),
            .touch(TouchSample(time: 300, device: 0, phase: .up, touch: 0, x: 1, y: 1)),
            .frame(FrameMark(time: 300, device: 0)),
            .touch(TouchSample(time: 400, device: 1, phase: .up, touch: 1, x: 5, y: 5)),
            .frame(FrameMark(time: 400, device: 1)),
        ]
        let document = TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [screen, pad]), events: events)
        let (back, _) = try LibinputRecordFormat.read(text: LibinputRecordFormat.write(document), file: "two.yml")

        #expect(back.events == events)
        #expect(back.header.devices.map(\.kind) == [.touchscreen, .touchpad])
    }

    /// A recording of `count` touchscreens, the first of which is touched once.
    private func recording(devices count: Int) throws -> String {
        let devices = (0..<count).map { index in
            DeviceDescription(index: DeviceIndex(index), name: "Screen \(index)", kind: .touchscreen, source: .synthetic,
                              x: AxisRange(minimum: 0, maximum: 999), y: AxisRange(minimum: 0, maximum: 999), slots: 2)
        }
        let events: [TraceEvent] = [
            .touch(TouchSample(time: 100, device: 0, phase: .down, touch: 0, x: 1, y: 1)),
            .frame(FrameMark(time: 100, device: 0)),
            .touch(TouchSample(time: 200, device: 0, phase: .up, touch: 0, x: 1, y: 1)),
            .frame(FrameMark(time: 200, device: 0)),
        ]
        let document = TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: devices), events: events)
        return try LibinputRecordFormat.write(document)
    }

    @Test("A recording of 256 devices reads; a 257th device is an error at its line")
    func deviceLimit() throws {
        let (document, _) = try LibinputRecordFormat.read(text: try recording(devices: 256), file: "many.yml")
        #expect(document.header.devices.count == 256)

        let text = try recording(devices: 257)
        let lines = text.components(separatedBy: "\n")
        let devices = lines.indices.filter { lines[$0].hasPrefix("- node:") }
        try #require(devices.count == 257)
        let error = #expect(throws: TraceInputError.self) { try LibinputRecordFormat.read(text: text, file: "too-many.yml") }
        #expect(error == TraceInputError(
            file: "too-many.yml", location: .line(devices[256] + 1),
            message: "more than 256 devices: not a recording of one machine's input devices"))
    }

    @Test("Converting a trace of more devices than libinput record readers take is refused before any file is made")
    func convertPastDeviceLimit() throws {
        let folder = TemporaryDirectory("libinput-record")
        let (document, _) = try LibinputRecordFormat.read(text: try recording(devices: 256), file: "many.yml")
        var header = document.header
        header.devices.append(DeviceDescription(index: 256, name: "One more", kind: .touchscreen, source: .synthetic,
                                                x: AxisRange(minimum: 0, maximum: 9), y: AxisRange(minimum: 0, maximum: 9), slots: 1))
        try Data(JSONLines.encode(TraceDocument(header: header, events: document.events))).write(to: URL(fileURLWithPath: folder.file("many.jsonl")))
        #expect(throws: TraceWriteError(
            file: folder.file("many.yml"),
            message: "the trace has 257 devices; a libinput record file holds at most 256 (write .trace or .jsonl)")) {
            try TraceFile.convert(folder.file("many.jsonl"), to: folder.file("many.yml"), as: .libinputRecord)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("many.yml")))
    }

    @Test("A malformed event array is an error naming the file and line")
    func malformedEvent() throws {
        var lines = try String(contentsOfFile: sample, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("ABS_MT_POSITION_X") && $0.contains("- [") })
        lines[index] = "    - [  0,      0,   3,  53]"
        let error = #expect(throws: TraceInputError.self) {
            try LibinputRecordFormat.read(text: lines.joined(separator: "\n"), file: "broken.yml")
        }
        #expect(error == TraceInputError(file: "broken.yml", location: .line(index + 1), message: "expected an event `[sec, usec, type, code, value]`"))
    }

    @Test("An unsupported version is an error at its line")
    func unsupportedVersion() {
        let error = #expect(throws: TraceInputError.self) {
            try LibinputRecordFormat.read(text: "# libinput record\nversion: 2\nndevices: 0\n", file: "v2.yml")
        }
        #expect(error?.location == .line(2))
    }

    @Test("A number too long for 64 bits is an error at its line, not a trap")
    func numberPastInt64() {
        // 4 × 10^18 is below the 2^62 bound; one more digit overflowed Int64 before the bound was checked.
        let error = #expect(throws: TraceInputError.self) {
            try LibinputRecordFormat.read(text: "# libinput record\nversion: 40000000000000000000\nndevices: 0\n", file: "long.yml")
        }
        #expect(error?.location == .line(2))
    }

    @Test("looksLike accepts libinput recordings and rejects evemu")
    func looksLike() throws {
        let prefix = Array(try Data(contentsOf: URL(fileURLWithPath: sample)).prefix(512))
        #expect(LibinputRecordFormat.looksLike(prefix))
        #expect(!LibinputRecordFormat.looksLike(Array("# EVEMU 1.3\nN: x\n".utf8)))
    }

    @Test("A recording indented as a whole (pasted into a Markdown list) is recognised and reads as the recording, as libinput replay's YAML loader reads it")
    func indentedAsAWhole() throws {
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        let indented = text.components(separatedBy: "\n").map { $0.isEmpty ? $0 : "    " + $0 }.joined(separator: "\n")
        let (plain, plainWarnings) = try LibinputRecordFormat.read(text: text, file: "sample.yml")
        let (read, warnings) = try LibinputRecordFormat.read(text: indented, file: "sample.yml")

        #expect(TraceFormat.detect(prefix: Array(indented.utf8)) == .libinputRecord)
        #expect(read.header == plain.header)
        #expect(read.events == plain.events)
        #expect(warnings.map(\.message) == plainWarnings.map(\.message))
    }
}

/// A recording in the shape current libinput (1.22 and later) writes: a `hid:` report descriptor
/// over several lines, `udev:` properties, `quirks:`, `--with-libinput` entries between the evdev
/// frames, and comments everywhere.
private let modernRecording = """
    # libinput record
    version: 1
    ndevices: 1
    libinput:
      version: "1.22.1"
      git: "unknown"
    system:
      os: "debian:12"
      kernel: "6.1.0-13-amd64"
      dmi: "dmi:bvnX:"
    devices:
    - node: /dev/input/event5
      evdev:
        # Name: Test Pad
        name: "Test Pad"
        id: [24, 1739, 1, 1]
        codes:
          0: [0, 1, 3] # EV_SYN
          1: [272, 325, 330, 333] # EV_KEY
          3: [0, 1, 47, 53, 54, 57] # EV_ABS
        absinfo:
          0: [0, 4000, 0, 0, 40]
          1: [0, 2400, 0, 0, 40]
          47: [0, 4, 0, 0, 0]
          53: [0, 4000, 0, 0, 40]
          54: [0, 2400, 0, 0, 40]
          57: [0, 65535, 0, 0, 0]
        properties: [0, 2]
      hid: [
        0x05, 0x01, 0x09, 0x02, 0xa1, 0x01, 0x09, 0x01, 0xa1, 0x00, 0x05, 0x09, 0x19, 0x01, 0x29, 0x03,
        0x15, 0x00, 0x25, 0x01, 0x95, 0x03, 0x75, 0x01, 0x81, 0x02, 0x95, 0x01, 0x75, 0x05, 0x81, 0x01,
        0xc0, 0xc0 ]
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_TOUCHPAD=1
      quirks:
      - ModelTouchpadVisibleMarker=1
      events:
      # Current time is 12:00:00
      - evdev:
        - [  0,      0,   3,  57,     101] # EV_ABS / ABS_MT_TRACKING_ID      101
        - [  0,      0,   3,  53,    1000] # EV_ABS / ABS_MT_POSITION_X     1000
        - [  0,      0,   3,  54,    1000] # EV_ABS / ABS_MT_POSITION_Y     1000
        - [  0,      0,   1, 330,       1] # EV_KEY / BTN_TOUCH                1
        - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
      - libinput:
        - {time: 0.000000, type: "POINTER_MOTION", delta: [0.00, 0.00], unaccel: [0.00, 0.00]}
      - evdev:
        - [  0,   8000,   3,  53,    1040] # EV_ABS / ABS_MT_POSITION_X     1040
        - [  0,   8000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +8ms
      - evdev:
        - [  0,  16000,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1
        - [  0,  16000,   1, 330,       0] # EV_KEY / BTN_TOUCH                0
        - [  0,  16000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +8ms

    """

extension LibinputRecordFormatTests {
    @Test("A current recording with a hid block, udev, quirks and libinput entries reads its touch and keeps the descriptor")
    func modernRecordingReads() throws {
        let (document, warnings) = try LibinputRecordFormat.read(text: modernRecording, file: "modern.yml")
        let device = try #require(document.header.devices.first)

        #expect(device.kind == .touchpad)
        #expect(device.property("hid")?.split(separator: " ").count == 34)
        #expect(device.property("hid")?.hasPrefix("05 01 09 02") == true)
        #expect(touchSamples(document).map(\.phase) == [.down, .motion, .up])
        #expect(touchSamples(document).map(\.x) == [1000, 1040, 1040])
        #expect(warnings.isEmpty)
    }

    @Test("An unknown top-level key, a scalar or a block, is skipped without a word, as libinput-record(1) asks of every parser",
          arguments: ["extra: 42\n", "extra:\n  nested: [1, 2]\n  list:\n  - a\n"])
    func unknownTopLevelKey(key: String) throws {
        // "Any parsers must ignore keys not specified in the file format description": a later
        // libinput may add keys without changing the version.
        let text = modernRecording.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\n" + key)
        #expect(text != modernRecording)
        let (document, warnings) = try LibinputRecordFormat.read(text: text, file: "extra.yml")
        let (plain, _) = try LibinputRecordFormat.read(text: modernRecording, file: "extra.yml")
        #expect(document == plain)
        #expect(warnings.isEmpty)
    }

    @Test("The hid block survives an export and a second import")
    func hidRoundTrip() throws {
        let (first, _) = try LibinputRecordFormat.read(text: modernRecording, file: "modern.yml")
        let (second, _) = try LibinputRecordFormat.read(text: LibinputRecordFormat.write(first), file: "again.yml")
        #expect(second.header.devices == first.header.devices)
        #expect(second.events == first.events)
    }

    @Test("Integers past Int64 and YAML libinput never writes are errors at their line, never traps", arguments: [
        ("        - [  0,  8000,   3,  53, 99999999999999999999999999] # huge", "- [  0,   8000,   3,  53,    1040]"),
        ("        - [  0, 0x7fffffffffffffffffff, 3, 53, 1]", "- [  0,   8000,   3,  53,    1040]"),
        ("    name: &anchor \"Test Pad\"", "name: \"Test Pad\""),
        ("    name: !!str \"Test Pad\"", "name: \"Test Pad\""),
        ("    name: |", "name: \"Test Pad\""),
    ])
    func refusedLines(replacement: String, original: String) throws {
        var lines = modernRecording.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(original) })
        lines[index] = replacement
        let error = #expect(throws: TraceInputError.self) {
            try LibinputRecordFormat.read(text: lines.joined(separator: "\n"), file: "refused.yml")
        }
        #expect(error?.location == .line(index + 1))
    }

    @Test("A flow sequence that never closes is an error at the line that opened it")
    func unclosedFlow() throws {
        let text = modernRecording.replacingOccurrences(of: "0xc0, 0xc0 ]", with: "0xc0, 0xc0")
        let error = #expect(throws: TraceInputError.self) { try LibinputRecordFormat.read(text: text, file: "open.yml") }
        let line = modernRecording.components(separatedBy: "\n").firstIndex { $0.contains("hid: [") }! + 1
        #expect(error?.location == .line(line))
    }

    /// The modern recording with `lines` more lines of 16 zero bytes in its hid block.
    private func longHID(lines: Int) -> String {
        modernRecording.replacingOccurrences(
            of: "0xc0, 0xc0 ]", with: "0xc0,\n" + String(repeating: "    " + Array(repeating: "0x00", count: 16).joined(separator: ", ") + ",\n", count: lines) + "    0xc0 ]")
    }

    @Test("A hid block over thousands of lines reads whole, each byte kept")
    func longHIDBlock() throws {
        let (document, _) = try LibinputRecordFormat.read(text: longHID(lines: 5_000), file: "long.yml")
        #expect(document.header.devices.first?.property("hid")?.split(separator: " ").count == 34 + 5_000 * 16)
        #expect(touchSamples(document).map(\.phase) == [.down, .motion, .up])
    }

    @Test("A flow collection longer than a megabyte is an error at the line that opened it, not a buffer that grows with the file")
    func flowPastAMegabyte() throws {
        let error = #expect(throws: TraceInputError.self) { try LibinputRecordFormat.read(text: longHID(lines: 15_000), file: "huge.yml") }
        let line = modernRecording.components(separatedBy: "\n").firstIndex { $0.contains("hid: [") }! + 1
        #expect(error?.location == .line(line))
        #expect(error?.message.contains("longer than 1 MiB") == true)
    }

    @Test("A node and udev properties YAML would misread plain are written quoted and read back as they were")
    func awkwardPropertiesRoundTrip() throws {
        let (first, _) = try LibinputRecordFormat.read(text: modernRecording, file: "modern.yml")
        var document = first
        document.header.devices[0].properties = document.header.devices[0].properties.filter { $0.key != "udev" && $0.key != "node" } + [
            .init("node", "\"quoted /dev/input/event5"), .init("udev", "A=1 #not a comment"), .init("udev", "KEY: value"),
            .init("udev", "ID_PATH=pci-0000:00:15.1-platform-i2c"), .init("udev", "[bracketed]"), .init("udev", " padded "),
        ]
        let text = try LibinputRecordFormat.write(document)
        let (back, _) = try LibinputRecordFormat.read(text: text, file: "back.yml")

        #expect(back.header.devices[0].property("node") == "\"quoted /dev/input/event5")
        #expect(back.header.devices[0].properties.filter { $0.key == "udev" }.map(\.value)
            == ["A=1 #not a comment", "KEY: value", "ID_PATH=pci-0000:00:15.1-platform-i2c", "[bracketed]", " padded "])
        #expect(text.contains("\n    - ID_PATH=pci-0000:00:15.1-platform-i2c\n"))
    }

    @Test("A frame longer than the limit is skipped whole with a warning, and the frames after it decode")
    func overlongFrameIsSkipped() throws {
        let written = try LibinputRecordFormat.write(SampleTraces.tenFingers(seconds: 1))
        // After the first frame's SYN_REPORT, a frame of one axis event too many, closed.
        let lines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstReport = try #require(lines.firstIndex { $0.contains("SYN_REPORT") })
        // At the first frame's time: `    - [ SECONDS, MICROSECONDS, 0, 0, 0]`.
        let time = lines[firstReport].split(separator: ",").prefix(2).joined(separator: ",")
        let filler = Array(repeating: time + ", 3, 53, 2776]", count: LibinputRecordFormat.maximumFrameEvents + 1)
        let report = time + ", 0, 0, 0]"
        let text = (lines[...firstReport] + ["  - evdev:"] + filler + [report] + lines[(firstReport + 1)...]).joined(separator: "\n")
        let (document, warnings) = try LibinputRecordFormat.read(text: text, file: "long.yml")
        let (expected, _) = try LibinputRecordFormat.read(text: written, file: "plain.yml")
        #expect(touchSamples(document) == touchSamples(expected), "\(touchSamples(document).count) samples")
        #expect(warnings.map(\.message) == ["a frame of more than \(LibinputRecordFormat.maximumFrameEvents) events before its SYN_REPORT was skipped"])
        #expect(warnings.first?.location == .line(firstReport + 3))
    }
}

/// The YAML structure: a line that fits no block is an error at its line, never read as part of
/// some other block (which silently dropped everything after it).
extension LibinputRecordFormatTests {
    /// The modern recording with the line containing `anchor` replaced by `replacement`, and the
    /// number of the line that is `replacement[offset]`.
    private func edited(replacing anchor: String, with replacement: [String], offset: Int) throws -> (text: String, line: Int) {
        var lines = modernRecording.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(anchor) })
        lines.replaceSubrange(index...index, with: replacement)
        return (lines.joined(separator: "\n"), index + offset + 1)
    }

    @Test("A line whose indentation fits no block is an error at its line", arguments: [
        // A pasted recording: `udev:` one space short of its siblings, deeper than its parent.
        ("  udev:", [" udev:"], 0),
        // Indented deeper than the keys beside it, under a key that holds a value.
        ("    id: [24, 1739, 1, 1]", ["      id: [24, 1739, 1, 1]"], 0),
        // An event indented deeper than the one before it: under an item that holds a value.
        ("- [  0,      0,   3,  53,    1000]", ["     - [  0,      0,   3,  53,    1000]"], 0),
        // An event indented less than the one before it, more than its frame's item.
        ("- [  0,      0,   3,  53,    1000]", ["   - [  0,      0,   3,  53,    1000]"], 0),
        // An item among a mapping's keys.
        ("    id: [24, 1739, 1, 1]", ["    id: [24, 1739, 1, 1]", "    - [1, 2]"], 1),
        // A key nested under a udev property, which is a value.
        ("    - ID_INPUT=1", ["    - ID_INPUT=1", "      ID_SEAT: seat0"], 1),
    ])
    func misindentedLine(anchor: String, replacement: [String], offset: Int) throws {
        let (text, line) = try edited(replacing: anchor, with: replacement, offset: offset)
        let error = #expect(throws: TraceInputError.self) { try LibinputRecordFormat.read(text: text, file: "indented.yml") }
        #expect(error?.file == "indented.yml")
        #expect(error?.location == .line(line))
    }

    /// The modern recording with the line that `where` picks replaced by `with` (deleted when
    /// empty), and that line's number.
    private func slipped(_ where: ([String]) -> Int?, _ with: [String]) throws -> (text: String, line: Int) {
        var lines = modernRecording.components(separatedBy: "\n")
        let index = try #require(`where`(lines))
        lines.replaceSubrange(index...index, with: with)
        return (lines.joined(separator: "\n"), index + 1)
    }

    @Test("An indentation slip YAML reads as another structure, which takes events out of their device, is an error at the line that slipped",
          arguments: [
        // An event two spaces short: an item of `events:` beside the frames (PyYAML: a list there).
        ("an event", "- [  0,   8000,   0,   0,       0]", "  - [  0,   8000,   0,   0,       0]", "no `- evdev:` or `- libinput:` frame"),
        // `events:` two spaces short: a key of the top level holding every frame (libinput record has no such key).
        ("events:", "  events:", "events:", "`events:` stands among the keys of the top level"),
        // The last frame's `- evdev:` two spaces short: a new entry of `devices:` whose `evdev:` holds the events.
        ("the last frame", "LAST   - evdev:", "- evdev:", "stand under `devices: → - → evdev:`"),
        // `events:` lost: the frames are items of `quirks:`.
        ("no events:", "  events:", "", "stand under `devices: → - → quirks: → - → evdev:`"),
        // A `- libinput:` entry two spaces short: a new device.
        ("a libinput entry", "  - libinput:", "- libinput:", "the libinput events"),
    ] as [(String, String, String, String)])
    func slipOutOfTheDevice(_ what: String, anchor: String, replacement: String, message: String) throws {
        let isLast = anchor.hasPrefix("LAST ")
        let match = isLast ? String(anchor.dropFirst(5)) : anchor
        let (text, line) = try slipped({ lines in
            isLast ? lines.lastIndex { $0 == match } : lines.firstIndex { $0.hasSuffix(match) || $0.contains(match + " ") }
        }, replacement.isEmpty ? [] : [replacement])
        // Where the line is deleted, the error is at `quirks:`, which took the frames in.
        let expected = replacement.isEmpty ? try #require(modernRecording.components(separatedBy: "\n").firstIndex(of: "  quirks:")) + 1 : line
        let error = #expect(throws: TraceInputError.self, "\(what)") { try LibinputRecordFormat.read(text: text, file: "slipped.yml") }
        #expect(error?.file == "slipped.yml")
        #expect(error?.location == .line(expected), "\(what)")
        #expect(error?.message.contains(message) == true, "\(what): \(error?.message ?? "")")
    }

    @Test("`quirks:` two spaces short takes `events:` into it, out of the device: an error at the `quirks:` line")
    func quirksSlip() throws {
        let text = modernRecording.replacingOccurrences(of: "  quirks:\n  - ModelTouchpadVisibleMarker=1\n", with: "quirks:\n")
        let line = try #require(text.components(separatedBy: "\n").firstIndex(of: "quirks:")) + 1
        let error = #expect(throws: TraceInputError.self) { try LibinputRecordFormat.read(text: text, file: "quirks.yml") }
        #expect(error?.location == .line(line))
        #expect(error?.message.contains("`quirks:` stands among the keys of the top level") == true)
    }

    @Test("A device's key twice (a second device whose `- node:` is lost) is an error at the second, never two devices read as one")
    func secondDeviceWithoutNode() throws {
        let lines = modernRecording.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "  evdev:"))
        let text = lines.joined(separator: "\n") + lines[start...].joined(separator: "\n")
        let error = #expect(throws: TraceInputError.self) { try LibinputRecordFormat.read(text: text, file: "two.yml") }
        #expect(error?.location == .line(lines.count))
        #expect(error?.message.contains("a second `evdev:`") == true)
    }

    @Test("No line indented one or two spaces more or less, or after a tab, loses or changes events without an error at a line")
    func everySlip() throws {
        let (plain, plainWarnings) = try LibinputRecordFormat.read(text: modernRecording, file: "modern.yml")
        let lines = modernRecording.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let indent = line.prefix { $0 == " " }.count
            var variants = [" " + line, "  " + line, "\t" + line]
            if indent >= 1 { variants.append(String(line.dropFirst())) }
            if indent >= 2 { variants.append(String(line.dropFirst(2))) }
            for variant in variants {
                var edited = lines
                edited[index] = variant
                do {
                    let (document, warnings) = try LibinputRecordFormat.read(text: edited.joined(separator: "\n"), file: "modern.yml")
                    #expect(document.events == plain.events, "line \(index + 1) as \(variant.debugDescription)")
                    #expect(document.header == plain.header, "line \(index + 1) as \(variant.debugDescription)")
                    #expect(warnings.map(\.message) == plainWarnings.map(\.message), "line \(index + 1) as \(variant.debugDescription)")
                } catch {
                    guard case .line = error.location else {
                        Issue.record("line \(index + 1) as \(variant.debugDescription): \(error) names no line")
                        continue
                    }
                }
            }
        }
    }

    @Test("A plain line where a key belongs, as the `....` a blog put for the lines it cut, is an error at its line")
    func elisionLine() throws {
        let (text, line) = try edited(replacing: "    id: [24, 1739, 1, 1]", with: ["    id: [24, 1739, 1, 1]", "...."], offset: 1)
        let error = #expect(throws: TraceInputError.self) { try LibinputRecordFormat.read(text: text, file: "pasted.yml") }
        #expect(error?.location == .line(line))
        #expect(error?.message.contains("`....`") == true)
    }

    @Test("A tab after an item's dash is an error at its line")
    func tabAfterDash() throws {
        let (text, line) = try edited(
            replacing: "- [  0,   8000,   3,  53,    1040]", with: ["    -\t[  0,   8000,   3,  53,    1040]"], offset: 0)
        let error = #expect(throws: TraceInputError.self) { try LibinputRecordFormat.read(text: text, file: "tab.yml") }
        #expect(error?.location == .line(line))
        #expect(error?.message == "tab in indentation")
    }

    @Test("Content after the document's end marker `...` is an error at its line")
    func contentAfterDocumentEnd() throws {
        let (text, line) = try edited(replacing: "  quirks:", with: ["...", "  quirks:"], offset: 1)
        let error = #expect(throws: TraceInputError.self) { try LibinputRecordFormat.read(text: text, file: "ended.yml") }
        #expect(error?.location == .line(line))
    }

    @Test("Document markers `---` before the recording and `...` after it are read past")
    func documentMarkers() throws {
        let (plain, _) = try LibinputRecordFormat.read(text: modernRecording, file: "modern.yml")
        let (marked, warnings) = try LibinputRecordFormat.read(text: "---\n" + modernRecording + "...\n", file: "marked.yml")
        #expect(touchSamples(marked) == touchSamples(plain))
        #expect(warnings.isEmpty)
    }
}

/// A touchpad recording as pasted in a blog, the lines from `codes:` to `properties:` cut out:
/// the device has a name, an id and udev properties, but no codes and no ranges.
private let descriptionlessRecording = """
    # libinput record
    version: 1
    ndevices: 1
    libinput:
      version: "1.22.1"
      git: "unknown"
    system:
      kernel: "6.2.5-arch1-1"
    devices:
    - node: /dev/input/event6
      evdev:
        # Name: Test Touchpad
        name: "Test Touchpad"
        id: [24, 1739, 52542, 256]
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_TOUCHPAD=1
      quirks:
      events:
      # Current time is 14:51:15
      - evdev:
        - [  0,      0,   3,  57,    2194] # EV_ABS / ABS_MT_TRACKING_ID     2194
        - [  0,      0,   3,  53,     206] # EV_ABS / ABS_MT_POSITION_X       206 (-942)
        - [  0,      0,   3,  54,     311] # EV_ABS / ABS_MT_POSITION_Y       311 (-168)
        - [  0,      0,   1, 330,       1] # EV_KEY / BTN_TOUCH                 1
        - [  0,      0,   1, 325,       1] # EV_KEY / BTN_TOOL_FINGER           1
        - [  0,      0,   3,   0,     206] # EV_ABS / ABS_X                   206 (-942)
        - [  0,      0,   3,   1,     311] # EV_ABS / ABS_Y                   311 (-168)
        - [  0,      0,   4,   5,       0] # EV_MSC / MSC_TIMESTAMP             0
        - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
      - evdev:
        - [  0,   7094,   3,  53,    1006] # EV_ABS / ABS_MT_POSITION_X      1006 (+800)
        - [  0,   7094,   3,  54,     686] # EV_ABS / ABS_MT_POSITION_Y       686 (+375)
        - [  0,   7094,   3,   0,    1006] # EV_ABS / ABS_X                  1006 (+800)
        - [  0,   7094,   3,   1,     686] # EV_ABS / ABS_Y                   686 (+375)
        - [  0,   7094,   4,   5,    7300] # EV_MSC / MSC_TIMESTAMP          7300
        - [  0,   7094,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +7ms
      - evdev:
        - [  0,  14119,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1
        - [  0,  14119,   1, 330,       0] # EV_KEY / BTN_TOUCH                 0
        - [  0,  14119,   1, 325,       0] # EV_KEY / BTN_TOOL_FINGER           0
        - [  0,  14119,   4,   5,   14300] # EV_MSC / MSC_TIMESTAMP         14300
        - [  0,  14119,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +7ms
                                           # Touch device in neutral state
      - evdev:
        - [  1, 142438,   3,  57,    2195] # EV_ABS / ABS_MT_TRACKING_ID     2195
        - [  1, 142438,   3,  53,     599] # EV_ABS / ABS_MT_POSITION_X       599 (+393)
        - [  1, 142438,   3,  54,     327] # EV_ABS / ABS_MT_POSITION_Y       327 (+16)
        - [  1, 142438,   1, 330,       1] # EV_KEY / BTN_TOUCH                 1
        - [  1, 142438,   1, 325,       1] # EV_KEY / BTN_TOOL_FINGER           1
        - [  1, 142438,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +1128ms
      - evdev:
        - [  1, 150000,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1
        - [  1, 150000,   1, 330,       0] # EV_KEY / BTN_TOUCH                 0
        - [  1, 150000,   1, 325,       0] # EV_KEY / BTN_TOOL_FINGER           0
        - [  1, 150000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +8ms

    """

/// A device without its description: inferred from its events, as an evemu recording without one
/// is; its kind from udev as libinput takes it.
extension LibinputRecordFormatTests {
    @Test("A device without codes and absinfo is inferred from its events, said once at the device's line")
    func descriptionlessDeviceIsInferred() throws {
        let (document, warnings) = try LibinputRecordFormat.read(text: descriptionlessRecording, file: "pasted.yml")
        let device = try #require(document.header.devices.first)
        let deviceLine = descriptionlessRecording.components(separatedBy: "\n").firstIndex { $0.hasPrefix("- node:") }! + 1

        #expect(device.name == "Test Touchpad")
        #expect(device.kind == .touchpad)
        #expect(device.x == AxisRange(minimum: 0, maximum: 1006))
        #expect(device.y == AxisRange(minimum: 0, maximum: 686))
        #expect(touchSamples(document).map(\.phase) == [.down, .motion, .up, .down, .up])
        #expect(touchSamples(document).map(\.x) == [206, 1006, 1006, 599, 599])
        #expect(warnings.map(\.message) == ["no device description: the device is inferred from its events (ranges from 0, or the least value seen below it, to the largest value seen)"])
        #expect(warnings.first?.location == .line(deviceLine))
    }

    @Test("Absolute axes that codes declare and absinfo gives no range take theirs from the values seen, with a warning at the device's line naming them, not one saying it has no description")
    func axesWithoutAbsinfoAreInferred() throws {
        var lines = modernRecording.components(separatedBy: "\n")
        let absinfo = try #require(lines.firstIndex { $0.contains("absinfo:") })
        lines.removeSubrange(absinfo...(absinfo + 6))
        let (document, warnings) = try LibinputRecordFormat.read(text: lines.joined(separator: "\n"), file: "no-absinfo.yml")

        #expect(document.header.devices.first?.x == AxisRange(minimum: 0, maximum: 1040))
        #expect(touchSamples(document).map(\.x) == [1000, 1040, 1040])
        let node = try #require(lines.firstIndex { $0.contains("- node:") })
        #expect(warnings.map(\.location) == [.line(node + 1)])
        #expect(warnings.first?.message.hasPrefix(
            "absolute axes listed in codes: with no range (absinfo: gives none): taken from the events, from 0 (or the least value seen below it) to the largest value seen: ABS_X ") == true,
            "\(warnings)")
        #expect(warnings.first?.message.contains(", ABS_MT_POSITION_X 0…1040, ") == true, "\(warnings)")
        #expect(warnings.first?.message.hasSuffix(", ABS_MT_TRACKING_ID 0…65535") == true, "\(warnings)")
    }

    @Test("An absinfo: range for an axis codes: does not list is ignored, as libinput replay ignores it, with a warning at its line, whichever of the two comes first",
          arguments: [false, true])
    func rangeOfUnlistedAxisIsIgnored(codesLast: Bool) throws {
        var text = modernRecording.replacingOccurrences(of: "      57: [0, 65535, 0, 0, 0]\n", with: "      57: [0, 65535, 0, 0, 0]\n      58: [0, 255, 0, 0, 0]\n")
        if codesLast {
            let codes = "    codes:\n      0: [0, 1, 3] # EV_SYN\n      1: [272, 325, 330, 333] # EV_KEY\n      3: [0, 1, 47, 53, 54, 57] # EV_ABS\n"
            #expect(text.contains(codes))
            text = text.replacingOccurrences(of: codes, with: "").replacingOccurrences(of: "    properties: [0, 2]\n", with: codes + "    properties: [0, 2]\n")
        }
        let (document, warnings) = try LibinputRecordFormat.read(text: text, file: "stray.yml")
        let line = try #require(text.components(separatedBy: "\n").firstIndex { $0.hasSuffix("58: [0, 255, 0, 0, 0]") }) + 1

        #expect(document.header.devices.first?.pressure == nil)
        #expect(warnings.map(\.description) == [
            "stray.yml:\(line): warning: an absinfo: range for ABS_MT_PRESSURE, which codes: does not list: "
                + "ignored, as libinput replay ignores it (it gives a range only to an axis codes: lists)",
        ])
    }

    @Test("A device's kind is the one its udev properties give, as libinput's, over what its codes suggest", arguments: [
        (["ID_INPUT_TOUCHSCREEN=1"], DeviceKind.touchscreen),
        (["ID_INPUT_TABLET=1"], .tablet),
        (["ID_INPUT_TABLET=1", "ID_INPUT_TOUCHPAD=1"], .touchpad),
        (["ID_INPUT_TOUCHSCREEN=0"], .touchpad),
        ([], .touchpad),
    ])
    func kindFromUdev(properties: [String], kind: DeviceKind) throws {
        // The modern recording's device is a touchpad by its codes (pointer, buttonpad, finger tool).
        let text = modernRecording.replacingOccurrences(
            of: "    - ID_INPUT=1\n    - ID_INPUT_TOUCHPAD=1\n", with: properties.map { "    - \($0)\n" }.joined())
        #expect(text != modernRecording)
        let (document, _) = try LibinputRecordFormat.read(text: text, file: "udev.yml")
        #expect(document.header.devices.first?.kind == kind)
    }

    @Test("An inferred device converts to evemu and to libinput record, and each reads back with the same touches and positions",
          arguments: [("converted.evemu", TraceFormat.evemu), ("converted.yml", .libinputRecord)])
    func inferredDeviceRoundTrip(name: String, format: TraceFormat) throws {
        let folder = TemporaryDirectory("inferred-convert")
        let input = folder.file("pasted.yml"), output = folder.file(name)
        try Data(descriptionlessRecording.utf8).write(to: URL(fileURLWithPath: input))
        var notices: [String] = []
        try TraceFile.convert(input, to: output, as: format) { notices.append($0) }
        let original = try TraceFile.load(path: input).document
        let back = try TraceFile.load(path: output)

        #expect(touchSamples(back.document) == touchSamples(original))
        #expect(back.document.header.devices.first?.x == original.header.devices.first?.x)
        #expect(back.document.header.devices.first?.kind == .touchpad)
        #expect(back.warnings.isEmpty)
        #expect(notices.count == 1)  // the input's inference, said once
    }
}

extension LibinputRecordFormatTests {
    @Test("Touches of a device that does not declare its position axes are refused on export, naming the input's line and the output, never written without positions",
          arguments: [("out.evemu", TraceFormat.evemu), ("out.yml", .libinputRecord)])
    func undeclaredPositionsAreRefused(name: String, format: TraceFormat) throws {
        // Slots and tracking ids declared with their ranges, positions not: the events carry them.
        var lines = modernRecording.components(separatedBy: "\n")
        lines.removeAll { $0.contains("      53: [0, 4000") || $0.contains("      54: [0, 2400") }
        let text = lines.joined(separator: "\n").replacingOccurrences(of: "3: [0, 1, 47, 53, 54, 57]", with: "3: [0, 1, 47, 57]")
        let folder = TemporaryDirectory("undeclared-positions")
        let input = folder.file("in.yml"), output = folder.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        #expect(touchSamples(try TraceFile.load(path: input).document).map(\.x) == [1000, 1040, 1040])

        let error = #expect(throws: TraceInputError.self) { try TraceFile.convert(input, to: output, as: format) }
        #expect(error?.file == input)
        if case .line(let line) = error?.location {
            #expect(lines[line - 1].contains("EV_ABS") || lines[line - 1].contains("SYN_REPORT"), "\(lines[line - 1])")
        } else {
            Issue.record("no line: \(String(describing: error?.location))")
        }
        #expect(error?.message.hasPrefix(output + ": device 0") == true, "\(String(describing: error?.message))")
        #expect(error?.message.contains("does not declare ABS_MT_POSITION_X") == true)
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
