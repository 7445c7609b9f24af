import Foundation
import TestSupport
import Testing
import TouchTrace

private let header = """
    # EVEMU 1.3
    # Kernel: 6.1.0-test
    N: Test Touchscreen
    I: 0003 04f3 0732 0110
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    A: 00 0 4095 0 0 10
    A: 01 0 2047 0 0 12
    A: 2f 0 9 0 0 0
    A: 35 0 4095 0 0 10
    A: 36 0 2047 0 0 12
    A: 39 0 65535 0 0 0

    """

@Suite("The evemu format")
struct EvemuFormatTests {
    @Test("The header becomes a touchscreen description with the raw lines kept in order")
    func headerToDescription() throws {
        let (document, warnings) = try EvemuFormat.read(text: header, file: "screen.evemu")
        let device = try #require(document.header.devices.first)

        #expect(device.name == "Test Touchscreen")
        #expect([device.bus, device.vendor, device.product, device.version] == [0x3, 0x4f3, 0x732, 0x110])
        #expect(device.kind == .touchscreen)
        #expect(device.slots == 10)
        #expect(device.x == AxisRange(minimum: 0, maximum: 4095, resolution: 10))
        #expect(device.properties.filter { $0.key == "evemu" }.map(\.value).prefix(2) == ["# EVEMU 1.3", "N: Test Touchscreen"])
        #expect(device.properties.count == 12)
        #expect(document.header.host.kernel == "6.1.0-test")
        #expect(warnings.isEmpty)
    }

    @Test("A comment after the data of a header line is allowed, as evemu 1.1 allows it")
    func trailingHeaderComment() throws {
        let text = "N: Pad #2\nI: 0011 0002 0007 01b1 # PS/2\nA: 00 0 100 0 0 # x\n"
        let (document, _) = try EvemuFormat.read(text: text, file: "commented.desc")

        #expect(document.header.devices.first?.name == "Pad #2")
        #expect(document.header.devices.first?.vendor == 2)
    }

    @Test("A device name keeps its trailing blanks, as the kernel has it, through a round trip")
    func nameTrailingBlanks() throws {
        let text = header.replacingOccurrences(of: "N: Test Touchscreen\n", with: "N: Panel R  \t\n")
        let (document, _) = try EvemuFormat.read(text: text, file: "blanks.evemu")
        let (back, _) = try EvemuFormat.read(text: EvemuFormat.write(document), file: "back.evemu")

        #expect(document.header.devices.first?.name == "Panel R  \t")
        #expect(back.header.devices.first?.name == "Panel R  \t")
    }

    @Test("A pen's strokes are written with BTN_TOOL_PEN around BTN_TOUCH, so evemu-play brings the pen into proximity")
    func penStrokesCarryTheirTool() throws {
        let pen = DeviceDescription(index: 0, name: "Pen", kind: .tablet, source: .synthetic,
                                    x: AxisRange(minimum: 0, maximum: 30000), y: AxisRange(minimum: 0, maximum: 20000),
                                    pressure: AxisRange(minimum: 0, maximum: 4095), slots: 1)
        let events: [TraceEvent] = [
            .touch(TouchSample(time: 0, phase: .down, touch: 0, slot: 0, x: 100, y: 100, pressure: 300)), .frame(FrameMark(time: 0, device: 0)),
            .touch(TouchSample(time: 10_000, phase: .motion, touch: 0, slot: 0, x: 150, y: 120, pressure: 320)), .frame(FrameMark(time: 10_000, device: 0)),
            .touch(TouchSample(time: 20_000, phase: .up, touch: 0, slot: 0, x: 150, y: 120, pressure: 320)), .frame(FrameMark(time: 20_000, device: 0)),
        ]
        let text = try EvemuFormat.write(TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [pen]), events: events))
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("E:") && $0.split(separator: " ")[2] == "0001" }.map { $0.split(separator: "\t")[0] }
        #expect(keys == ["E: 0.000000 0001 0140 0001", "E: 0.000000 0001 014a 0001", "E: 0.020000 0001 014a 0000", "E: 0.020000 0001 0140 0000"])
        #expect(text.contains("# EV_KEY / BTN_TOOL_PEN 1"))
    }

    @Test("A cancelled touch is written as a contact that becomes a palm as it lifts, and reads back cancelled; the slot's next touch is a finger")
    func cancelRoundTripsAsAPalm() throws {
        let screen = DeviceDescription(index: 0, name: "Screen", kind: .touchscreen, source: .synthetic,
                                       x: AxisRange(minimum: 0, maximum: 4095), y: AxisRange(minimum: 0, maximum: 4095), slots: 2)
        let events: [TraceEvent] = [
            .touch(TouchSample(time: 0, phase: .down, touch: 0, slot: 0, x: 100, y: 100)), .frame(FrameMark(time: 0, device: 0)),
            .touch(TouchSample(time: 10_000, phase: .cancel, touch: 0, slot: 0, x: 150, y: 120)), .frame(FrameMark(time: 10_000, device: 0)),
            .touch(TouchSample(time: 20_000, phase: .down, touch: 1, slot: 0, x: 300, y: 300)), .frame(FrameMark(time: 20_000, device: 0)),
            .touch(TouchSample(time: 30_000, phase: .up, touch: 1, slot: 0, x: 300, y: 300)), .frame(FrameMark(time: 30_000, device: 0)),
        ]
        let text = try EvemuFormat.write(TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [screen]), events: events))
        let (back, warnings) = try EvemuFormat.read(text: text, file: "written")
        let toolTypes = text.split(separator: "\n").filter { $0.hasPrefix("E:") && $0.split(separator: " ")[3] == "0037" }.map { $0.split(separator: "\t")[0] }

        #expect(back.events == events)
        #expect(toolTypes == ["E: 0.010000 0003 0037 0002", "E: 0.010000 0003 0037 0000"])
        #expect(warnings.isEmpty)
    }

    @Test("A touch at 0 on an axis (a screen's edge) is written with its position, so the file reads back the same samples without a warning",
          arguments: ["evemu", "libinput record"])
    func touchAtTheEdgeReadsBackWithoutWarning(format: String) throws {
        let screen = DeviceDescription(index: 0, name: "Screen", kind: .touchscreen, source: .synthetic,
                                       x: AxisRange(minimum: 0, maximum: 4095), y: AxisRange(minimum: 0, maximum: 4095), slots: 2)
        let events: [TraceEvent] = [
            .touch(TouchSample(time: 0, phase: .down, touch: 0, slot: 0, x: 0, y: 0)), .frame(FrameMark(time: 0, device: 0)),
            .touch(TouchSample(time: 10_000, phase: .motion, touch: 0, slot: 0, x: 30, y: 0)), .frame(FrameMark(time: 10_000, device: 0)),
            .touch(TouchSample(time: 20_000, phase: .up, touch: 0, slot: 0, x: 30, y: 0)), .frame(FrameMark(time: 20_000, device: 0)),
            .touch(TouchSample(time: 30_000, phase: .down, touch: 1, slot: 1, x: 500, y: 0)), .frame(FrameMark(time: 30_000, device: 0)),
            .touch(TouchSample(time: 40_000, phase: .up, touch: 1, slot: 1, x: 500, y: 0)), .frame(FrameMark(time: 40_000, device: 0)),
        ]
        let document = TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [screen]), events: events)
        let (back, warnings) = format == "evemu"
            ? try EvemuFormat.read(text: try EvemuFormat.write(document), file: "written")
            : try LibinputRecordFormat.read(text: try LibinputRecordFormat.write(document), file: "written")
        #expect(back.events == events)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    // Inside the recording: a line follows each (a last line that does not read is a recording
    // cut short, TextInputTests).
    @Test("A malformed event line is an error naming the file and line")
    func malformedEventLine() {
        let text = header + "E: 0.000001 0003 0039 0000\nE: 0.000002 0003 zz 1\nE: 0.000002 0000 0000 0000\n"
        #expect(throws: TraceInputError(file: "bad.evemu", location: .line(15), message: "expected the event code in hex")) {
            try EvemuFormat.read(text: text, file: "bad.evemu")
        }
    }

    @Test("The time's field after the dot is microseconds, as libevemu reads it: 1.5 is 1 s and 5 µs")
    func microsecondsField() throws {
        let frame = ["0003 0039 0000", "0003 0035 10", "0003 0036 10", "0000 0000 0000"]
        let text = header + frame.map { "E: 1.5 \($0)\n" }.joined()
        let (document, _) = try EvemuFormat.read(text: text, file: "short.evemu")
        #expect(!document.events.isEmpty)
        #expect(document.events.allSatisfy { $0.time == 1_000_005 })
    }

    @Test("A time with more than six digits of microseconds is an error naming the file and line")
    func sevenDigitMicroseconds() {
        let text = header + "E: 0.000001 0003 0039 0000\nE: 0.1234567 0003 0039 0000\nE: 0.200000 0000 0000 0000\n"
        #expect(throws: TraceInputError(file: "long.evemu", location: .line(15),
                                        message: "the microseconds after the `.` in the time have more than six digits")) {
            try EvemuFormat.read(text: text, file: "long.evemu")
        }
    }

    @Test("A malformed header line is an error naming the file and line")
    func malformedHeaderLine() {
        let text = "N: Broken\nI: 0003 04f3\n"
        #expect(throws: TraceInputError(file: "bad.desc", location: .line(2), message: "expected `I: bus vendor product version` in hex")) {
            try EvemuFormat.read(text: text, file: "bad.desc")
        }
    }

    @Test("A line that is not evemu at all is an error naming the file and line")
    func notEvemu() {
        let error = #expect(throws: TraceInputError.self) { try EvemuFormat.read(text: "N: x\nhello\n", file: "x") }
        #expect(error?.location == .line(2))
    }

    @Test("An event value beyond 32 bits is an error, not a crash")
    func valueOverflow() {
        #expect(throws: TraceInputError(file: "big", location: .line(1), message: "expected the event value as a 32-bit decimal integer")) {
            try EvemuFormat.read(text: "E: 1.000000 0003 0035 99999999999\n", file: "big")
        }
    }

    @Test("A .desc plus .events pair reads like the single file with the same header and events")
    func descAndEventsPair() throws {
        let single = Fixtures.path("evemu/touchscreens/EP0430M09.2-fingers-touch-release.events")
        let desc = Fixtures.path("evemu/touchscreens/EP0430M09.desc")
        let (fromSingle, _) = try EvemuFormat.read(path: single)
        let (fromPair, _) = try EvemuFormat.read(descPath: desc, eventsPath: single)

        #expect(fromPair.events == fromSingle.events)
        #expect(fromPair.events.isEmpty == false)
    }

    @Test("A header-less events file takes its device from the companion .desc and says so")
    func companionDescription() throws {
        let events = Fixtures.path("evemu/touchpads/SynPS2 Synaptics TouchPad.hp8470p.edge-scroll-vertical.events")
        let (document, warnings) = try EvemuFormat.read(path: events)

        #expect(document.header.devices.first?.kind == .touchpad)
        #expect(document.header.devices.first?.name == "SynPS/2 Synaptics TouchPad")
        #expect(warnings.first?.message.hasSuffix("SynPS2 Synaptics TouchPad.hp8470p.desc") == true)
    }

    @Test("Events with no description anywhere still decode, from a device inferred from them")
    func inferredDevice() throws {
        let text = """
            E: 1.000000 0003 0039 5
            E: 1.000000 0003 0035 100
            E: 1.000000 0003 0036 200
            E: 1.000000 0000 0000 0
            E: 1.010000 0003 0039 -1
            E: 1.010000 0000 0000 0

            """
        let (document, warnings) = try EvemuFormat.read(text: text, file: "bare.events")
        let phases = document.events.compactMap { if case .touch(let s) = $0 { s.phase } else { nil } }

        #expect(phases == [.down, .up])
        #expect(warnings.count == 1)
    }

    @Test("looksLike accepts evemu text and rejects YAML and binary")
    func looksLike() {
        #expect(EvemuFormat.looksLike(Array(header.utf8)))
        #expect(EvemuFormat.looksLike(Array("E: 1.000000 0003 0039 5\n".utf8)))
        #expect(!EvemuFormat.looksLike(Array("# libinput record\nversion: 1\n".utf8)))
        #expect(!EvemuFormat.looksLike([0x54, 0x53, 0x54, 0x52, 0x00, 0x01]))
    }

    @Test("A trace without evemu lines is written with a generated header that reads back the same")
    func syntheticDevice() throws {
        let device = DeviceDescription(
            index: 0, name: "Synthetic Pad", kind: .touchpad, source: .synthetic,
            x: AxisRange(minimum: 0, maximum: 1000, resolution: 10), y: AxisRange(minimum: 0, maximum: 600, resolution: 10),
            pressure: AxisRange(minimum: 0, maximum: 255), slots: 4
        )
        let events: [TraceEvent] = [
            .touch(TouchSample(time: 1_000, phase: .down, touch: 0, slot: 0, x: 10, y: 20, pressure: 30)),
            .touch(TouchSample(time: 1_000, phase: .down, touch: 1, slot: 1, x: 500, y: 300, pressure: 40)),
            .frame(FrameMark(time: 1_000, device: 0)),
            .touch(TouchSample(time: 9_000, phase: .motion, touch: 1, slot: 1, x: 510, y: 300, pressure: 40)),
            .frame(FrameMark(time: 9_000, device: 0)),
            .touch(TouchSample(time: 17_000, phase: .up, touch: 0, slot: 0, x: 10, y: 20, pressure: 30)),
            .touch(TouchSample(time: 17_000, phase: .up, touch: 1, slot: 1, x: 510, y: 300, pressure: 40)),
            .frame(FrameMark(time: 17_000, device: 0)),
        ]
        let document = TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [device]), events: events)
        let text = try EvemuFormat.write(document)
        let (back, warnings) = try EvemuFormat.read(text: text, file: "written")

        #expect(back.events == events)
        #expect(back.header.devices.first?.kind == .touchpad)
        #expect(back.header.devices.first?.x == device.x)
        #expect(text.contains("E: 0.001000 0001 014a 0001"))  // BTN_TOUCH emulated for libinput
        #expect(warnings.isEmpty)
    }
}

extension EvemuFormatTests {
    @Test("NAME-ACTION.events takes its device from NAME.desc, as X.Org's integration tests store them")
    func dashedPair() throws {
        let folder = Fixtures.path("evemu-pairs")
        let events = folder + "/SynPS2-Synaptics-TouchPad-leftmove.events"
        let (document, warnings) = try EvemuFormat.read(path: events)

        #expect(EvemuFormat.companionDescription(forEvents: events) == folder + "/SynPS2-Synaptics-TouchPad.desc")
        #expect(document.header.devices.first?.kind == .touchpad)
        #expect(document.header.devices.first?.name == "SynPS/2 Synaptics TouchPad")
        #expect(warnings.first?.message == "no device header; using \(folder)/SynPS2-Synaptics-TouchPad.desc")
        #expect(try TraceFile.load(path: events).document == document)
    }
}

extension EvemuFormatTests {
    @Test("Every recording is decoded as it is read: with its device first, or with a device inferred in a first pass")
    func streamedWhereTheFormatAllows() throws {
        let folder = TemporaryDirectory("evemu-stream")
        let withHeader = try #require(try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("evemu/touchscreens"))
            .sorted().first { $0.hasSuffix(".events") })
        let text = try String(contentsOfFile: Fixtures.path("evemu/touchscreens/" + withHeader), encoding: .utf8)
        let eventsOnly = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("N:") && !$0.hasPrefix("I:")
            && !$0.hasPrefix("P:") && !$0.hasPrefix("B:") && !$0.hasPrefix("A:") && !$0.hasPrefix("L:") && !$0.hasPrefix("S:") }
        let headerless = folder.file("lonely.evemu")
        try eventsOnly.joined(separator: "\n").write(toFile: headerless, atomically: true, encoding: .utf8)

        for path in [Fixtures.path("evemu/touchscreens/" + withHeader), headerless] {
            let input = try TraceFile.open(path: path)
            guard case .text = input.events else {
                Issue.record("\(path) is not read as it is asked for")
                continue
            }
            var events: [TraceEvent] = []
            try input.forEachEvent { events.append($0) }
            let (document, warnings) = try EvemuFormat.read(path: path)
            #expect(events == document.events)
            #expect(input.warnings == warnings)
        }
    }

    @Test("A line longer than a megabyte is an error at its line, not a buffer that grows with the file")
    func hugeLineIsRefused() throws {
        let folder = TemporaryDirectory("evemu-stream")
        let header = "# EVEMU 1.3\nN: Pad\nI: 0018 0000 0000 0000\nP: 02 00 00 00 00 00 00 00\nB: 00 0b 00 00 00 00 00 00 00\nA: 35 0 100 0 0 0\nA: 36 0 100 0 0 0\nA: 2f 0 9 0 0 0\nA: 39 0 65535 0 0 0\n"
        let path = folder.file("huge.evemu")
        try (header + "E: 0.000000 0003 0039 1\n# " + String(repeating: "x", count: (1 << 20) + 1) + "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let input = try TraceFile.open(path: path)
        let error = #expect(throws: TraceInputError.self) { try input.forEachEvent { _ in } }
        #expect(error?.location == .line(11))
    }

    @Test("Converting a trace whose only device is not device 0 to evemu writes that device and every one of its samples")
    func onlyDeviceOtherThanZeroIsWritten() throws {
        let folder = TemporaryDirectory("evemu-convert")
        let original = SampleTraces.tenFingers(seconds: 1)
        var document = original
        document.header.devices = document.header.devices.map { var device = $0; device.index = 7; return device }
        document.events = document.events.map { event in
            switch event {
            case .touch(var sample): sample.device = 7; return .touch(sample)
            case .frame(var frame): frame.device = 7; return .frame(frame)
            default: return event
            }
        }
        try Data(JSONLines.encode(document)).write(to: URL(fileURLWithPath: folder.file("seven.jsonl")))
        try Data(JSONLines.encode(original)).write(to: URL(fileURLWithPath: folder.file("zero.jsonl")))
        var notices: [String] = []
        try TraceFile.convert(folder.file("seven.jsonl"), to: folder.file("seven.evemu"), as: .evemu) { notices.append($0) }
        try TraceFile.convert(folder.file("zero.jsonl"), to: folder.file("zero.evemu"), as: .evemu) { notices.append($0) }
        #expect(notices.isEmpty)
        // The same file as the trace's device 0 would give: the same device, the same events.
        #expect(try String(contentsOfFile: folder.file("seven.evemu"), encoding: .utf8)
            == String(contentsOfFile: folder.file("zero.evemu"), encoding: .utf8))
    }

    @Test("Converting a trace of two devices to evemu writes the first and says what was left out")
    func secondDeviceLeftOutIsSaid() throws {
        let folder = TemporaryDirectory("evemu-convert")
        let document = SampleTraces.twoTouchscreens()
        let trace = folder.file("two.jsonl"), output = folder.file("one.evemu")
        try Data(JSONLines.encode(document)).write(to: URL(fileURLWithPath: trace))
        var notices: [String] = []
        try TraceFile.convert(trace, to: output, as: .evemu) { notices.append($0) }

        let secondDevice = document.events.filter { if case .touch(let sample) = $0 { sample.device == 1 } else { false } }.count
        let written = try TraceFile.load(path: output).document
        #expect(written.events.allSatisfy { if case .touch(let sample) = $0 { sample.device == 0 } else { true } })
        #expect(notices == ["warning: \(output): an evemu file holds one device: only device 0 (\(document.header.devices[0].name)) was written; "
            + "\(secondDevice) touch samples of 1 other device were left out (a .trace, .jsonl or .yml output keeps every device)"])
    }
}

extension EvemuFormatTests {
    /// Three touches at once on a device of two slots.
    private static func threeTouchesOnTwoSlots() -> TraceDocument {
        let screen = DeviceDescription(index: 0, name: "Two-slot Screen", kind: .touchscreen, source: .synthetic,
                                       x: AxisRange(minimum: 0, maximum: 4095), y: AxisRange(minimum: 0, maximum: 4095), slots: 2)
        var events: [TraceEvent] = []
        for touch in 0..<3 {
            events.append(.touch(TouchSample(time: 0, phase: .down, touch: TouchID(touch), slot: UInt16(touch), x: Int32(100 * touch), y: 100)))
        }
        events.append(.frame(FrameMark(time: 0, device: 0)))
        for touch in 0..<3 {
            events.append(.touch(TouchSample(time: 10_000, phase: .up, touch: TouchID(touch), slot: UInt16(touch), x: Int32(100 * touch), y: 100)))
        }
        events.append(.frame(FrameMark(time: 10_000, device: 0)))
        return TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [screen]), events: events)
    }

    @Test("Converting to evemu or libinput record says how many touches found every slot taken and were left out", arguments: [TraceFormat.evemu, .libinputRecord])
    func touchesBeyondSlotsAreSaid(format: TraceFormat) throws {
        let folder = TemporaryDirectory("evemu-convert")
        let trace = folder.file("three.jsonl"), output = folder.file(format == .evemu ? "out.evemu" : "out.yml")
        try Data(JSONLines.encode(Self.threeTouchesOnTwoSlots())).write(to: URL(fileURLWithPath: trace))
        var notices: [String] = []
        try TraceFile.convert(trace, to: output, as: format) { notices.append($0) }

        #expect(notices == ["warning: \(output): 1 touch of Two-slot Screen began while all its 2 slots were taken and was left out "
            + "(evdev has no slot for them; a .trace or .jsonl output keeps every touch)"])
    }
}

extension EvemuFormatTests {
    @Test("Converting to libinput record says what it cannot hold: gestures other than scrolling, and scrolls whose values are not finite")
    func libinputRecordLeftOutIsSaid() throws {
        let pad = DeviceDescription(index: 0, name: "Pad", kind: .touchpad, source: .synthetic,
                                    x: AxisRange(minimum: 0, maximum: 4095), y: AxisRange(minimum: 0, maximum: 4095), slots: 2)
        let events: [TraceEvent] = [
            .gesture(GestureSample(time: 0, kind: .swipe, phase: .begin, fingers: 3)),
            .gesture(GestureSample(time: 10_000, kind: .swipe, phase: .end, fingers: 3)),
            .gesture(GestureSample(time: 20_000, kind: .scroll, phase: .begin, fingers: 2)),
            .gesture(GestureSample(time: 30_000, kind: .scroll, phase: .update, fingers: 2, dx: .nan, dy: 1)),
            .gesture(GestureSample(time: 40_000, kind: .scroll, phase: .update, fingers: 2, dx: 1, dy: 2)),
            .gesture(GestureSample(time: 50_000, kind: .scroll, phase: .end, fingers: 2)),
        ]
        let folder = TemporaryDirectory("yml-convert")
        let trace = folder.file("gestures.trace"), output = folder.file("out.yml")
        try BinaryTrace.write(TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [pad]), events: events), to: trace)
        var notices: [String] = []
        try TraceFile.convert(trace, to: output, as: .libinputRecord) { notices.append($0) }
        let written = try TraceFile.load(path: output)

        #expect(notices == [
            "warning: \(output): 1 scroll samples of Pad whose values are not finite numbers were left out",
            "warning: \(output): a libinput record file holds evdev events and two-finger scrolling: 2 other trackpad gesture samples were left out "
                + "(libinput derives them from the touches; a .trace or .jsonl output keeps them)",
        ])
        #expect(written.document.events.count { if case .gesture = $0 { true } else { false } } == 3)
    }
}

extension EvemuFormatTests {
    @Test("A header-less .event file takes its device from a .device, then a .prop, beside it", arguments: [".device", ".prop"])
    func olderCompanionNames(extension name: String) throws {
        let folder = TemporaryDirectory("evemu-companion")
        let description = try String(contentsOfFile: Fixtures.path("evemu-pairs/SynPS2-Synaptics-TouchPad.desc"), encoding: .utf8)
        let events = try String(contentsOfFile: Fixtures.path("evemu-pairs/SynPS2-Synaptics-TouchPad-leftmove.events"), encoding: .utf8)
        try description.write(toFile: folder.file("pad" + name), atomically: true, encoding: .utf8)
        try events.write(toFile: folder.file("pad-leftmove.event"), atomically: true, encoding: .utf8)
        let (document, warnings) = try EvemuFormat.read(path: folder.file("pad-leftmove.event"))

        #expect(EvemuFormat.companionDescription(forEvents: folder.file("pad-leftmove.event")) == folder.file("pad" + name))
        #expect(document.header.devices.first?.name == "SynPS/2 Synaptics TouchPad")
        #expect(warnings.first?.message == "no device header; using \(folder.file("pad" + name))")
    }
}

extension EvemuFormatTests {
    /// A touch on the header's device, read from evemu, with its kept evemu lines replaced by
    /// `lines` (nil: left out), as a JSON Lines trace could hold them.
    private static func keptLinesTrace(_ lines: [String]?) throws -> TraceDocument {
        let events = """
            E: 0.000000 0003 0039 0001
            E: 0.000000 0003 0035 1000
            E: 0.000000 0003 0036 1000
            E: 0.000000 0000 0000 0000
            E: 0.010000 0003 0035 1010
            E: 0.010000 0000 0000 0000
            E: 0.020000 0003 0039 -001
            E: 0.020000 0000 0000 0000

            """
        var (document, _) = try EvemuFormat.read(text: header + events, file: "touch.evemu")
        document.header.devices[0].properties.removeAll { $0.key == "evemu" }
        document.header.devices[0].properties += (lines ?? []).map { .init("evemu", $0) }
        return document
    }

    private static let keptLines = header.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("# Kernel") }

    @Test("Kept evemu lines the reader would refuse, or that describe another device than the samples', are not written: the device is written as synthesized from its fields, with a warning naming it",
          arguments: [
        ("garbage", keptLines + ["this is not an evemu line"], "stored evemu line 13, \"this is not an evemu line\", is not a device line the evemu reader takes"),
        ("an event", keptLines + ["E: 0.000001 0003 0039 0042", "E: 0.000001 0000 0000 0000"], "stored evemu line 13, \"E: 0.000001 0003 0039 0042\", is an event, not a device line"),
        ("a malformed axis", keptLines.map { $0 == "A: 36 0 2047 0 0 12" ? "A: 36 0 2047 zero" : $0 }, "stored evemu line 11, \"A: 36 0 2047 zero\", is not a device line"),
        ("another x range", keptLines.map { $0 == "A: 35 0 4095 0 0 10" ? "A: 35 0 100 0 0 10" : $0 },
         "they describe another device than the trace's samples: x range 0…100 (resolution 10, fuzz 0, flat 0) where the samples' is 0…4095 (resolution 10, fuzz 0, flat 0)"),
        ("fewer slots", keptLines.map { $0 == "A: 2f 0 9 0 0 0" ? "A: 2f 0 1 0 0 0" : $0 }, "slots 2 where the samples' is 10"),
        ("comments only", ["# EVEMU 1.3"], "the stored evemu lines hold no device line"),
    ] as [(String, [String], String)])
    func unusableKeptLines(_ what: String, lines: [String], problem: String) throws {
        let folder = TemporaryDirectory("kept-lines")
        try Data(JSONLines.encode(Self.keptLinesTrace(lines))).write(to: URL(fileURLWithPath: folder.file("kept.jsonl")))
        try Data(JSONLines.encode(Self.keptLinesTrace(nil))).write(to: URL(fileURLWithPath: folder.file("none.jsonl")))
        for name in ["out.evemu", "out.yml"] {
            let format: TraceFormat = name.hasSuffix(".evemu") ? .evemu : .libinputRecord
            var notices: [String] = []
            try TraceFile.convert(folder.file("kept.jsonl"), to: folder.file("kept-" + name), as: format) { notices.append($0) }
            let path = folder.file("kept-" + name)
            #expect(notices.count == 1, "\(what) → \(name): \(notices)")
            #expect(notices.first?.hasPrefix("warning: \(path): device 0 (Test Touchscreen) keeps an evemu description that was not used: ") == true)
            #expect(notices.first?.contains(problem) == true, "\(what) → \(name): \(notices)")
            #expect(notices.first?.hasSuffix("; the device was written as synthesized from its fields (positions, pressure, contact size and slots), as for a trace that kept none") == true)
            // The file a trace that kept no lines gives: none of the kept lines' touches or device.
            try TraceFile.convert(folder.file("none.jsonl"), to: folder.file("none-" + name), as: format)
            #expect(try String(contentsOfFile: folder.file("kept-" + name), encoding: .utf8)
                == String(contentsOfFile: folder.file("none-" + name), encoding: .utf8), "\(what) → \(name)")
            let back = try TraceFile.load(path: folder.file("kept-" + name)).document
            #expect(back.events.filter { if case .touch = $0 { true } else { false } }.count == 3, "\(what) → \(name)")
        }
    }

    @Test("Kept evemu lines the reader takes, describing the samples' device, are written as they are, without a warning")
    func usableKeptLines() throws {
        let folder = TemporaryDirectory("kept-lines")
        try Data(JSONLines.encode(Self.keptLinesTrace(Self.keptLines))).write(to: URL(fileURLWithPath: folder.file("kept.jsonl")))
        var notices: [String] = []
        try TraceFile.convert(folder.file("kept.jsonl"), to: folder.file("kept.evemu"), as: .evemu) { notices.append($0) }
        #expect(notices.isEmpty)
        let written = try String(contentsOfFile: folder.file("kept.evemu"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Self.keptLines.dropFirst().allSatisfy(written.contains))
    }
}

extension EvemuFormatTests {
    @Test("A folder or FIFO named like a description is passed over for the next name")
    func companionThatIsNoFile() throws {
        let folder = TemporaryDirectory("evemu-companion")
        let description = try String(contentsOfFile: Fixtures.path("evemu-pairs/SynPS2-Synaptics-TouchPad.desc"), encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.file("pad.desc"), withIntermediateDirectories: false)
        #expect(mkfifo(folder.file("pad.device"), 0o600) == 0)
        try description.write(toFile: folder.file("pad.prop"), atomically: true, encoding: .utf8)
        #expect(EvemuFormat.companionDescription(forEvents: folder.file("pad.events")) == folder.file("pad.prop"))
    }
}

/// The header's device with its `A:` lines left out: the `B: 03` line (line 7) still declares the
/// axes.
private let unrangedHeader = header.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("A:") }
    .joined(separator: "\n")

/// One touch on the header's device, protocol B: slot, tracking id, positions, then its lift.
private let oneTouch = """
    E: 0.000000 0003 002f 0
    E: 0.000000 0003 0039 7
    E: 0.000000 0003 0035 1000
    E: 0.000000 0003 0036 500
    E: 0.000000 0000 0000 0
    E: 0.010000 0003 0035 1200
    E: 0.010000 0000 0000 0
    E: 0.020000 0003 0039 -1
    E: 0.020000 0000 0000 0

    """

extension EvemuFormatTests {
    @Test("Axes a B: line declares with no A: line are warned about at that line, their ranges taken from the events, and the touches decoded on them")
    func axesWithoutRanges() throws {
        let (document, warnings) = try EvemuFormat.read(text: unrangedHeader + oneTouch, file: "unranged.evemu")
        let touches = document.events.compactMap { if case .touch(let sample) = $0 { sample } else { nil } }
        #expect(touches.map(\.phase) == [.down, .motion, .up])
        #expect(touches.map(\.x) == [1000, 1200, 1200])
        #expect(document.header.devices.first?.x == AxisRange(minimum: 0, maximum: 1200))
        #expect(warnings.map(\.description) == [
            "unranged.evemu:7: warning: absolute axes declared by this B: line with no range (no A: line gives one; libevemu makes such an axis 0…1): "
                + "taken from the events, from 0 (or the least value seen below it) to the largest value seen: "
                + "ABS_X 0…0, ABS_Y 0…0, ABS_MT_SLOT 0…0, ABS_MT_POSITION_X 0…1200, ABS_MT_POSITION_Y 0…500, ABS_MT_TRACKING_ID 0…65535",
        ])
    }

    @Test("The device read for emulation takes the ranges of axes without A: lines from the events, as the recording is read")
    func deviceForEmulationTakesMissingRangesFromEvents() throws {
        let folder = TemporaryDirectory("unranged")
        let path = folder.file("unranged.evemu")
        try Data((unrangedHeader + oneTouch).utf8).write(to: URL(fileURLWithPath: path))
        let device = try EvemuFormat.readDevice(path: path)
        #expect(device.axes[EvdevCode.ABS_MT_POSITION_X] == AxisRange(minimum: 0, maximum: 1200))
        #expect(device.touchProtocol == .multitouchB)
        #expect(device == EvdevCapabilities(describing: try #require(EvemuFormat.read(path: path).0.header.devices.first)))
    }

    @Test("A description without events read for emulation gives its axes without A: lines the ranges reading it as a recording gives")
    func deviceOnlyDescriptionForEmulation() throws {
        let folder = TemporaryDirectory("unranged")
        let path = folder.file("unranged.desc")
        try Data(unrangedHeader.utf8).write(to: URL(fileURLWithPath: path))
        let device = try EvemuFormat.readDevice(path: path)
        let read = try #require(EvemuFormat.read(path: path).0.header.devices.first)
        #expect(device.axes[EvdevCode.ABS_MT_POSITION_X] == read.x)
        #expect(device.touchProtocol == .multitouchB)
    }

    @Test("Axes a B: line declares with no A: line keep their ranges from the events through evemu and libinput record: the output declares them and reads back without a warning",
          arguments: [("out.evemu", TraceFormat.evemu), ("out.yml", .libinputRecord)])
    func axesWithoutRangesRoundTrip(name: String, format: TraceFormat) throws {
        let folder = TemporaryDirectory("unranged")
        let input = folder.file("in.evemu"), output = folder.file(name)
        try Data((unrangedHeader + oneTouch).utf8).write(to: URL(fileURLWithPath: input))
        var notices: [String] = []
        try TraceFile.convert(input, to: output, as: format) { notices.append($0) }
        #expect(notices.count == 1 && notices[0].hasPrefix("\(input):7: warning: absolute axes declared by this B: line"), "\(notices)")
        let original = try TraceFile.load(path: input)
        let back = try TraceFile.load(path: output)
        #expect(back.warnings.isEmpty, "\(back.warnings)")
        #expect(back.document.events.filter { if case .touch = $0 { true } else { false } }
            == original.document.events.filter { if case .touch = $0 { true } else { false } })
        #expect(back.document.header.devices.first?.x == original.document.header.devices.first?.x)
    }

    @Test("The A: lines given to axes without them follow the file's last B: line, in the form its version takes (no resolution before 1.2, as libevemu insists)",
          arguments: [("# EVEMU 1.3\n", "A: 35 0 1200 0 0 0"), ("# EVEMU 1.1\n", "A: 35 0 1200 0 0"), ("", "A: 35 0 1200 0 0")])
    func givenRangeLines(version: String, line: String) throws {
        let text = version + unrangedHeader.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n") + "\nL: 00 1\n" + oneTouch
        let (document, _) = try EvemuFormat.read(text: text, file: "unranged.evemu")
        let kept = try #require(document.header.devices.first).properties.filter { $0.key == "evemu" }.map(\.value)
        let lastMask = try #require(kept.lastIndex { $0.hasPrefix("B:") })
        #expect(kept[lastMask + 1].hasPrefix("A: 00 "))
        #expect(kept.contains(line))
        #expect(kept.last == "L: 00 1")
    }

    @Test("A second A: line for an axis is warned about at its line, naming the first; its range is taken, as libevemu takes the last")
    func repeatedRangeLine() throws {
        let text = header.replacingOccurrences(of: "A: 39 0 65535 0 0 0\n", with: "A: 39 0 65535 0 0 0\nA: 35 0 8191 0 0 10\n") + oneTouch
        let (document, warnings) = try EvemuFormat.read(text: text, file: "twice.evemu")
        #expect(document.header.devices.first?.x == AxisRange(minimum: 0, maximum: 8191, resolution: 10))
        #expect(warnings.map(\.description) == [
            "twice.evemu:14: warning: a second A: line for ABS_MT_POSITION_X (the first is line 11): its range 0…8191 replaces the first's, "
                + "as libevemu takes the last; evemu-record writes one A: line an axis",
        ])
    }

    @Test("An A: line for an axis no B: line declares is ignored, as libevemu ignores it, with a warning at its line")
    func rangeOfUndeclaredAxisIsIgnored() throws {
        let text = header.replacingOccurrences(of: "A: 39 0 65535 0 0 0\n", with: "A: 39 0 65535 0 0 0\nA: 3a 0 255 0 0 0\n") + oneTouch
        let (document, warnings) = try EvemuFormat.read(text: text, file: "stray.evemu")
        #expect(document.header.devices.first?.pressure == nil)
        #expect(warnings.map(\.description) == [
            "stray.evemu:14: warning: an A: line for ABS_MT_PRESSURE, which no B: line declares: "
                + "ignored, as libevemu ignores it (it gives a range only to an axis the B: lines declare)",
        ])
    }
}
