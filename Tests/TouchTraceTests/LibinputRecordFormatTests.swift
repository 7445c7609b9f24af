import Foundation
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
}
