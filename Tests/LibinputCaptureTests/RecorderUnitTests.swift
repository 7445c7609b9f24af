import Foundation
import Logging
import TestSupport
import Testing
import TouchTrace
@testable import LibinputCapture

@Suite("The recorder's own rules, without devices")
struct RecorderUnitTests {
    @Test("An axis the kernel reports inverted is described the right way round, and libinput's millimetres are mirrored into it from the reported minimum")
    func invertedAxisIsNormalised() {
        #expect(UnitRecovery.normalised(AxisRange(minimum: 3000, maximum: 0, resolution: 10)) == AxisRange(minimum: 0, maximum: 3000, resolution: 10))
        let units = UnitRecovery(reportedMinimum: 3000, reportedMaximum: 0, unitsPerMillimetre: 10)
        // libinput counts millimetres from the reported minimum: unit 2900 is -10 mm, the minimum 0 mm.
        #expect(units.units(millimetres: -10) == 100)
        #expect(units.units(millimetres: 0) == 0)
        #expect(units.units(millimetres: -300) == 3000)
    }

    @Test("An axis reported the right way round keeps its range and its units: mm × resolution + minimum")
    func ordinaryAxisIsKept() {
        #expect(UnitRecovery.normalised(AxisRange(minimum: 100, maximum: 4100)) == AxisRange(minimum: 100, maximum: 4100))
        let units = UnitRecovery(reportedMinimum: 100, reportedMaximum: 4100, unitsPerMillimetre: 10)
        #expect(units.units(millimetres: 5) == 150)
        #expect(units.units(millimetres: .infinity) == Int32.max)
        #expect(units.units(millimetres: .nan) == 100)
    }

    @Test("libinput's size along an inverted axis is negative; the resolution it used comes out positive either way")
    func resolutionFromSize() {
        #expect(DeviceDescriber.resolution(AxisRange(minimum: 0, maximum: 3000), size: 300) == 10)
        #expect(DeviceDescriber.resolution(AxisRange(minimum: 3000, maximum: 0), size: -300) == 10)
        #expect(DeviceDescriber.resolution(AxisRange(minimum: 0, maximum: 3000), size: 0) == nil)
    }

    @Test("A slot axis that gives no slot (inverted, or a negative maximum) falls back to libinput's touch count, never 0 slots")
    func slotCountFallsBackToTouchCount() {
        #expect(DeviceDescriber.slotCount(AxisRange(minimum: 0, maximum: 9), touchCount: 10) == 10)
        #expect(DeviceDescriber.slotCount(AxisRange(minimum: 9, maximum: 0), touchCount: 10) == 10)
        #expect(DeviceDescriber.slotCount(AxisRange(minimum: 0, maximum: -1), touchCount: 5) == 5)
        #expect(DeviceDescriber.slotCount(nil, touchCount: 0) == 1)
    }

    @Test("Slots are counted from 0 to the slot axis's maximum whatever its minimum, as libevdev counts them")
    func slotCountIsMaximumPlusOne() {
        #expect(DeviceDescriber.slotCount(AxisRange(minimum: 2, maximum: 9), touchCount: 4) == 10)
        #expect(DeviceDescriber.slotCount(AxisRange(minimum: -5, maximum: 0), touchCount: 4) == 1)
    }

    @Test("--autorestart files are numbered FILE, FILE.1, FILE.2")
    func autorestartNames() {
        let options = RecordingOptions(output: "/tmp/session.trace")
        #expect((0..<3).map(options.fileName) == ["/tmp/session.trace", "/tmp/session.trace.1", "/tmp/session.trace.2"])
    }

    @Test("A recording's files go starting → writing → between → writing → finished")
    func fileStates() throws {
        let directory = TemporaryDirectory("filestate")
        let header = TraceHeader(recorder: RecorderInfo(name: "test", version: "0"), devices: [])
        let first = try TraceWriter(path: directory.file("a.trace"), header: header)
        let second = try TraceWriter(path: directory.file("b.trace"), header: header)

        var state = RecordingFileState.starting
        #expect(state.output == nil)
        state.handle(.opened(first))
        #expect(state.output === first)
        state.handle(.quietSpell)
        guard case .between = state else { Issue.record("expected between, got \(state)"); return }
        state.handle(.opened(second))
        #expect(state.output === second)
        state.handle(.finished)
        guard case .finished = state else { Issue.record("expected finished, got \(state)"); return }
    }

    @Test("A quiet spell before any file was opened is a programming error")
    func illegalTransitionTraps() async {
        await #expect(processExitsWith: .failure) {
            var state = RecordingFileState.starting
            state.handle(.quietSpell)
        }
    }

    @Test("Options with an interval that is not positive are refused, naming it", arguments: [
        (RecordingOptions(output: "s.trace", flushInterval: 0), "the flush interval must be positive, found 0 µs"),
        (RecordingOptions(output: "s.trace", duration: -1), "the duration must be positive, found -1 µs"),
        (RecordingOptions(output: "s.trace", autorestart: 0), "the quiet spell before a new file must be positive, found 0 µs"),
    ])
    func nonPositiveIntervals(options: RecordingOptions, problem: String) {
        #expect(options.problem == problem)
    }

    @Test("Intervals up to Microseconds.max are taken as they are")
    func longestIntervals() {
        #expect(RecordingOptions(output: "s.trace", duration: .max, autorestart: .max, flushInterval: .max).problem == nil)
    }

    @Test("Refused options end run() before any device or file is touched")
    func runRefusesOptions() {
        let directory = TemporaryDirectory("options")
        let options = RecordingOptions(output: directory.file("s.trace"), backend: .paths(["/nonexistent"]), flushInterval: -5)
        let recorder = Recorder(options: options, recorder: RecorderInfo(name: "test", version: "0"),
                                logger: Logger(label: "test"), openOutput: Recorder.traceWriters(flushInterval: 1))
        #expect(throws: CaptureError.invalidOption("the flush interval must be positive, found -5 µs")) { try recorder.run() }
        #expect(access(directory.file("s.trace"), F_OK) != 0)
    }

    @Test("A deadline an interval of any length away saturates at Microseconds.max")
    func deadlinesSaturate() {
        #expect(Recorder.later(1_000, by: 500) == 1_500)
        #expect(Recorder.later(1_000, by: .max) == .max)
        #expect(Recorder.later(.max - 1, by: 2) == .max)
    }

    @Test("poll waits until the deadline in whole milliseconds rounded up, 0 once past, Int32.max at most",
          arguments: [(Int64(5_000), Int64(5_000), Int32(0)), (4_000, 5_000, 0), (6_000, 5_000, 1), (6_001, 5_000, 2),
                      (.max, 5_000, .max), (.max, .min, .max), (5_000, .min, .max)])
    func pollTimeouts(deadline: Int64, now: Int64, expected: Int32) {
        #expect(Recorder.pollTimeout(until: deadline, now: now) == expected)
    }

    @Test("Every error reads as one line naming what to do or what was kept")
    func errorsAreOneLine() {
        let errors: [CaptureError] = [
            .permissionDenied(paths: ["/dev/input/event5"]),
            .cannotOpen(path: "/dev/input/event9", errno: ENOENT),
            .noDevices(where: "seat seat0"),
            .allDevicesUnplugged(names: ["Pad"], file: "s.trace"),
            .writeFailed(file: "s.trace.partial", detail: "write failed: No space left on device"),
        ]
        #expect(errors.allSatisfy { !$0.description.contains("\n") })
        #expect(errors[0].description == "permission denied opening /dev/input/event5: run as root or join the 'input' group")
        #expect(errors[1].description == "cannot open /dev/input/event9: No such file or directory")
        #expect(errors[4].description.hasSuffix("everything up to the last flush is kept"))
    }
}
