import Foundation
import Testing
import TouchTrace

/// The getevent and evtest fixtures (Fixtures/logs, written by Fixtures/logs/generate.py in the
/// layouts the two tools print), with what each holds.
struct LogFixture: CustomTestStringConvertible, Sendable {
    var name: String
    var format: TraceFormat
    var deviceName: String
    var kind: DeviceKind
    /// Warnings the reader must give (substrings), and no others.
    var warnings: [String] = []

    var path: String { Fixtures.path("logs/" + name) }
    var testDescription: String { name }

    static let all = [
        LogFixture(name: "pinch-protocol-b.getevent-lp-lt.txt", format: .getevent, deviceName: "synaptics_dsx", kind: .touchscreen,
                   warnings: ["/dev/input/event0 (gpio-keys) is not a touch device: its 4 events are left out"]),
        LogFixture(name: "three-finger-protocol-a-tracking.getevent-t.txt", format: .getevent, deviceName: "", kind: .touchscreen,
                   warnings: ["no description of the device in the log"]),
        LogFixture(name: "drag-protocol-a.getevent.txt", format: .getevent, deviceName: "elan-touchscreen", kind: .touchscreen,
                   warnings: ["no times in the log", "no description of /dev/input/event3 (elan-touchscreen)"]),
        LogFixture(name: "drag-single-touch.getevent-lp-lt.txt", format: .getevent, deviceName: "ADS7846 Touchscreen", kind: .touchscreen),
        LogFixture(name: "three-finger-protocol-b.getevent-p.txt", format: .getevent, deviceName: "fts_ts", kind: .touchscreen,
                   warnings: ["no times in the log", "/dev/input/event0 (qpnp_pon) is not a touch device: its 2 events are left out"]),
        LogFixture(name: "pinch-protocol-b.evtest.txt", format: .evtest, deviceName: "Atmel maXTouch Touchscreen", kind: .touchscreen),
        LogFixture(name: "three-finger-touchpad.evtest.txt", format: .evtest, deviceName: "SYNA3602:00 0911:5288 Touchpad", kind: .touchpad),
        LogFixture(name: "drag-protocol-a.evtest.txt", format: .evtest, deviceName: "N-Trig MultiTouch", kind: .touchscreen),
    ]
}

private let rawNames: [String: Int] = [
    "EV_SYN": 0, "EV_KEY": 1, "EV_ABS": 3, "EV_MSC": 4, "SYN_REPORT": 0, "SYN_MT_REPORT": 2, "BTN_TOUCH": 0x14a,
    "KEY_POWER": 0x74, "KEY_VOLUMEDOWN": 0x72, "ABS_X": 0, "ABS_Y": 1, "ABS_PRESSURE": 0x18, "ABS_MT_SLOT": 0x2f,
    "ABS_MT_TOUCH_MAJOR": 0x30, "ABS_MT_POSITION_X": 0x35, "ABS_MT_POSITION_Y": 0x36, "ABS_MT_TRACKING_ID": 0x39,
    "ABS_MT_PRESSURE": 0x3a, "DOWN": 1, "UP": 0,
]

private func rawEvents(_ fixture: LogFixture) throws -> [RawEvent] {
    let text = try String(contentsOfFile: fixture.path, encoding: .utf8)
    var events: [RawEvent] = []
    for line in text.split(separator: "\n") {
        var fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if fixture.format == .evtest {
            guard line.hasPrefix("Event: time ") else { continue }
            if line.contains("SYN_REPORT") { events.append(RawEvent(device: "", type: 0, code: 0, value: 0)); continue }
            if line.contains("SYN_MT_REPORT") { events.append(RawEvent(device: "", type: 0, code: 2, value: 0)); continue }
            let numbers = line.split(whereSeparator: { !"-0123456789".contains($0) }).compactMap { Int($0) }
            // time seconds, time micros, type, code, value
            events.append(RawEvent(device: "", type: numbers[2], code: numbers[3], value: Int32(numbers[4])))
            continue
        }
        guard !line.hasPrefix(" "), !line.hasPrefix("add device"), !line.hasPrefix("could not") else { continue }
        if fields.first?.hasPrefix("[") == true {
            fields.removeFirst(fields.first == "[" ? 2 : 1)
        }
        var device = ""
        if fields.first?.hasPrefix("/dev/") == true { device = String(fields.removeFirst().dropLast()) }
        let number = { (field: String) -> Int in rawNames[field] ?? Int(field, radix: 16)! }
        events.append(RawEvent(device: device, type: number(fields[0]), code: number(fields[1]),
                               value: Int32(bitPattern: UInt32(number(fields[2])))))
    }
    return events
}

private func read(_ fixture: LogFixture) throws -> (TraceDocument, [FormatWarning]) {
    try TraceFile.load(path: fixture.path).map { ($0.document, $0.warnings) }
}

private extension LoadedTrace {
    func map<T>(_ body: (LoadedTrace) -> T) -> T { body(self) }
}

@Suite("getevent and evtest logs")
struct EventLogFormatTests {
    @Test("Each log is recognised by its content", arguments: LogFixture.all)
    func detection(fixture: LogFixture) throws {
        let prefix = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)).prefix(4096))
        #expect(TraceFormat.detect(prefix: prefix) == fixture.format)
    }

    @Test("Touch sequences and peak concurrency equal an independent count of the raw events", arguments: LogFixture.all)
    func counts(fixture: LogFixture) throws {
        let (document, _) = try read(fixture)
        var statistics = TraceStatistics()
        for event in document.events { statistics.add(event) }
        let touchNode = document.header.devices.first?.property("node") ?? ""
        let raw = try rawEvents(fixture).filter { $0.device == touchNode || $0.device.isEmpty }
        let expected = RawTouchCount(raw)

        #expect(expected.sequences > 0)
        #expect(statistics.touchSequences == expected.sequences)
        #expect(statistics.maxConcurrentTouches == expected.peak)
        #expect(statistics.inconsistentSamples == 0)
    }

    @Test("Each log yields its touch device, with its name and kind, and only the expected warnings", arguments: LogFixture.all)
    func deviceAndWarnings(fixture: LogFixture) throws {
        let (document, warnings) = try read(fixture)
        let device = try #require(document.header.devices.first)

        #expect(document.header.devices.count == 1)
        if !fixture.deviceName.isEmpty { #expect(device.name == fixture.deviceName) }
        #expect(device.kind == fixture.kind)
        #expect(device.source == (fixture.format == .getevent ? .getevent : .evtest))
        let unexpected = warnings.filter { warning in
            !fixture.warnings.contains { warning.message.contains($0) } && !warning.message.contains("still down")
        }
        #expect(unexpected.isEmpty)
        for expected in fixture.warnings {
            #expect(warnings.contains { $0.message.contains(expected) }, "missing warning: \(expected)")
        }
    }

    @Test("Axis ranges come from getevent -p and evtest headers")
    func declaredRanges() throws {
        let (getevent, _) = try read(LogFixture.all[0])
        #expect(getevent.header.devices[0].x == AxisRange(minimum: 0, maximum: 1079))
        #expect(getevent.header.devices[0].y == AxisRange(minimum: 0, maximum: 2339))
        #expect(getevent.header.devices[0].pressure == AxisRange(minimum: 0, maximum: 255))
        #expect(getevent.header.devices[0].slots == 10)
        #expect([getevent.header.devices[0].bus, getevent.header.devices[0].vendor] == [0x1c, 0x06cb])

        let (evtest, _) = try read(LogFixture.all[5])
        #expect(evtest.header.devices[0].x == AxisRange(minimum: 0, maximum: 4095, resolution: 10))
        #expect(evtest.header.devices[0].bus == 0x18)
    }

    @Test("getevent times become microseconds; a log without times is spaced 10 ms a frame")
    func times() throws {
        let (timed, _) = try read(LogFixture.all[0])
        let (untimed, _) = try read(LogFixture.all[2])
        let firstTimed = timed.events.first { if case .touch = $0 { true } else { false } }
        let untimedFrames = untimed.events.compactMap { if case .frame(let mark) = $0 { mark.time } else { nil } }

        #expect(firstTimed?.time == 81_594_155_379)
        #expect(untimedFrames.prefix(3) == [0, 10_000, 20_000])
    }

    @Test("A getevent log converts to evemu and reads back with the same touches")
    func geteventToEvemu() throws {
        let (document, _) = try read(LogFixture.all[0])
        let (back, _) = try EvemuFormat.read(text: EvemuFormat.write(document), file: "converted.evemu")
        #expect(back.events == document.events)
    }

    // Inside the log: a line that reads follows each (text after the log's last line is ignored,
    // PastedLogTests), or none reads at all.
    @Test("A garbage line inside the log is an error naming the file and its line", arguments: [
        ("[    1.000000] /dev/input/event2: 0003 0035 0000021b\nhello world\n[    1.000000] /dev/input/event2: 0000 0000 00000000\n", TraceFormat.getevent, 2),
        ("0003 0035 0000021b\n0003 0036 zz\n0000 0000 00000000\n", .getevent, 2),
        ("0003 0035 0000021b\n[    1.000000] 0003 0035 0000021b\n0000 0000 00000000\n", .getevent, 2),
        ("Event: time 1.000000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 1\nEvent: time x\nEvent: time 1.000000, -------------- SYN_REPORT ------------\n", .evtest, 2),
        ("Input device name: \"x\"\nSupported events:\n  Event type 3 (EV_ABS)\n    Event code 53 (ABS_MT_POSITION_X)\n      Min 0\n      Maximum 9\nTesting ... (interrupt to exit)\n", .evtest, 6),
        ("Event: time 1.000000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 99999999999999999999999\n", .evtest, 1),
        ("[99999999999999999999.000000] 0003 0035 0000021b\n", .getevent, 1),
    ])
    func garbage(text: String, format: TraceFormat, line: Int) throws {
        let bytes = Array(text.utf8)
        do {
            _ = format == .getevent ? try GeteventFormat.read(bytes: bytes, file: "bad.log") : try EvtestFormat.read(bytes: bytes, file: "bad.log")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.file == "bad.log")
            #expect(error.location == .line(line))
        }
    }

    @Test("A log in which no touch device sent events is refused")
    func noTouchDevice() throws {
        let text = "add device 1: /dev/input/event0\n  name:     \"gpio-keys\"\n/dev/input/event0: 0001 0074 00000001\n/dev/input/event0: 0000 0000 00000000\n"
        #expect(throws: TraceInputError.self) { try GeteventFormat.read(bytes: Array(text.utf8), file: "keys.log") }
    }
}

extension EventLogFormatTests {
    @Test("Each log reads the same through TraceFile.open, decoded as it is read where it can be, as imported whole", arguments: LogFixture.all)
    func streamedEqualsWhole(fixture: LogFixture) throws {
        let input = try TraceFile.open(path: fixture.path)
        var events: [TraceEvent] = []
        try input.forEachEvent { events.append($0) }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)))
        let (document, warnings) = fixture.format == .evtest
            ? try EvtestFormat.read(bytes: bytes, file: fixture.path) : try GeteventFormat.read(bytes: bytes, file: fixture.path)

        #expect(input.header == document.header)
        #expect(events == document.events)
        #expect(input.warnings == warnings)
    }

    @Test("Every evtest and getevent log is decoded as it is read (devices in a first pass, events in a second)", arguments: LogFixture.all)
    func streamedAsRead(fixture: LogFixture) throws {
        guard case .text = try TraceFile.open(path: fixture.path).events else {
            Issue.record("\(fixture.path) is not read as it is asked for")
            return
        }
    }
}
