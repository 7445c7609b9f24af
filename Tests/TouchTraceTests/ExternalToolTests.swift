import Foundation
import TestSupport
import Testing
import TouchTrace

/// Runs one of the checkers in ExternalCheckers/ on `text` written to a temporary file, returning
/// its one-line report, or nil (with an issue recorded) when the real tool rejects the file.
private func check(_ checker: String, _ text: String, suffix: String) throws -> String? {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-formats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("output" + suffix)
    try text.write(to: file, atomically: true, encoding: .utf8)
    let script = packagePath("Tests/TouchTraceTests/ExternalCheckers/" + checker)
    let output = try CompletedProcess.run("/usr/bin/python3", [script, file.path])
    #expect(output.status == 0, "\(checker): \(output.stderr)")
    return output.status == 0 ? output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
}

private let exported = [
    "tablets/dell_canvas_touch.evemu",  // protocol B with pointer emulation
    "touchscreens/N-Trig MultiTouch.2-fingers-touch-release.events",  // protocol A
    "touchpads/AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.doubletap.events",  // single touch
    "touchpads/SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-horizontal.events",  // header from a .desc
]

@Suite("Exported files pass the real tools' parsers")
struct ExternalToolTests {
    @Test("libevemu reads our evemu export: the same device name and every event line", arguments: exported)
    func libevemuReadsEvemuExport(file: String) throws {
        let (document, _) = try EvemuFormat.read(path: Fixtures.path("evemu/" + file))
        let text = try EvemuFormat.write(document)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("E: ") }.count
        let name = document.header.devices[0].name

        #expect(try check("evemu-libevemu-check.py", text, suffix: ".evemu")?.hasPrefix("name=\(name) events=\(lines) ") == true)
    }

    @Test("libevemu reads the header we generate for a device that never came from evdev")
    func libevemuReadsGeneratedHeader() throws {
        let device = DeviceDescription(index: 0, name: "Synthetic Screen", kind: .touchscreen, source: .synthetic,
                                       x: AxisRange(minimum: 0, maximum: 1919), y: AxisRange(minimum: 0, maximum: 1079), slots: 10)
        let events: [TraceEvent] = [
            .touch(TouchSample(time: 2_000_000, phase: .down, touch: 0, x: 100, y: 100)),
            .frame(FrameMark(time: 2_000_000, device: 0)),
            .touch(TouchSample(time: 2_016_000, phase: .up, touch: 0, x: 100, y: 100)),
            .frame(FrameMark(time: 2_016_000, device: 0)),
        ]
        let text = try EvemuFormat.write(TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [device]), events: events))

        #expect(try check("evemu-libevemu-check.py", text, suffix: ".evemu") == "name=Synthetic Screen events=10 slots=9")
    }

    @Test("libinput replay's loader accepts our libinput record export, one evdev block per frame")
    func libinputReplayAcceptsExport() throws {
        let (sample, _) = try LibinputRecordFormat.read(path: Fixtures.path("libinput-record/acer-sw5-012-ite-touchpad.two-finger-scroll.libinput-record.yml"))
        let frames = sample.events.filter { if case .frame = $0 { true } else { false } }.count

        #expect(try check("libinput-replay-check.py", LibinputRecordFormat.write(sample), suffix: ".yml") == "devices=1 frames=\(frames)")
    }

    @Test("libinput replay's loader accepts an evemu recording converted to libinput record", arguments: exported)
    func libinputReplayAcceptsConvertedEvemu(file: String) throws {
        let (document, _) = try EvemuFormat.read(path: Fixtures.path("evemu/" + file))
        let frames = document.events.filter { if case .frame = $0 { true } else { false } }.count

        #expect(try check("libinput-replay-check.py", LibinputRecordFormat.write(document), suffix: ".yml") == "devices=1 frames=\(frames)")
    }
}
