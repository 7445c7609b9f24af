import Foundation
import Testing
import TouchTrace

/// A two-finger scroll as `libinput record --with-libinput` (libinput 1.22, Debian 12) writes it:
/// the touchpad's evdev frames with libinput's own events between them, each `POINTER_AXIS` in
/// libinput-record.c's layout `{time: %ld.%06ld, type: %s, axes: [%2.2f, %2.2f], discrete: [%d, %d],
/// source: %s}`. Written by hand from that layout (the tool cannot record libinput events from an
/// emulated node: see LibinputRecordToolTests). libinput scrolls once the fingers have moved past
/// its threshold, one axis event per frame, and stops with a zero-valued event after the lift.
private let scrollPath = Fixtures.path("libinput-record/two-finger-scroll.with-libinput.yml")

private func scrollRecording() throws -> String {
    try String(contentsOfFile: scrollPath, encoding: .utf8)
}

private func gestures(_ document: TraceDocument) -> [GestureSample] {
    document.events.compactMap { if case .gesture(let sample) = $0 { sample } else { nil } }
}

private func scroll(_ ms: Int64, _ phase: GesturePhase, dx: Double = 0, dy: Double = 0) -> GestureSample {
    GestureSample(
        time: ms * 1000, device: 0, kind: .scroll, phase: phase, fingers: 0,
        dx: dx, dy: dy, dxUnaccelerated: dx, dyUnaccelerated: dy)
}

@Suite("Two-finger scrolling in libinput record files")
struct LibinputRecordScrollTests {
    @Test("Finger axis events become a scroll gesture: begin with the first movement, an update per movement, end at the zero-valued stop")
    func fingerScrollBecomesGesture() throws {
        let (document, warnings) = try LibinputRecordFormat.read(text: try scrollRecording(), file: "scroll.yml")

        #expect(gestures(document) == [
            scroll(12, .begin), scroll(12, .update, dy: 6.25), scroll(24, .update, dx: 0.63, dy: 6.25), scroll(36, .end),
        ])
        #expect(warnings.isEmpty)
    }

    @Test("A scroll event comes after the frame libinput derived it from")
    func scrollFollowsItsFrame() throws {
        let (document, _) = try LibinputRecordFormat.read(text: try scrollRecording(), file: "scroll.yml")
        let begin = try #require(document.events.firstIndex { if case .gesture = $0 { true } else { false } })

        #expect(document.events[begin - 1] == .frame(FrameMark(time: 12_000, device: 0)))
        // The touches are still decoded from the evdev frames: two fingers, down and up.
        let phases = document.events.compactMap { if case .touch(let sample) = $0 { sample.phase } else { nil } }
        #expect(phases.filter { $0 == .down }.count == 2)
        #expect(phases.filter { $0 == .up }.count == 2)
    }

    @Test("Wheel scrolling and libinput's other events are not read as two-finger scrolling")
    func otherSourcesAreSkipped() throws {
        let wheelOnly = try scrollRecording().replacingOccurrences(of: "source: finger", with: "source: wheel")
        let (document, _) = try LibinputRecordFormat.read(text: wheelOnly, file: "wheel.yml")
        #expect(gestures(document).isEmpty)
    }

    @Test("Where POINTER_SCROLL_FINGER events are present, their POINTER_AXIS twins are not counted twice")
    func scrollFingerEventsWin() throws {
        let twin = "    - {time: 0.012000, type: POINTER_AXIS, axes: [0.00, 6.25], discrete: [0, 0], source: finger}"
        let both = try scrollRecording()
            .replacingOccurrences(of: twin, with: twin + "\n" + twin.replacingOccurrences(of: "POINTER_AXIS", with: "POINTER_SCROLL_FINGER"))
            .replacingOccurrences(of: "axes: [0.63, 6.25], discrete: [0, 0], source: finger}", with: "axes: [0.63, 6.25], discrete: [0, 0], source: finger}\n    - {time: 0.024000, type: POINTER_SCROLL_FINGER, axes: [0.63, 6.25], discrete: [0, 0], source: finger}")
            .replacingOccurrences(of: "axes: [0.00, 0.00], discrete: [0, 0], source: finger}", with: "axes: [0.00, 0.00], discrete: [0, 0], source: finger}\n    - {time: 0.036000, type: POINTER_SCROLL_FINGER, axes: [0.00, 0.00], discrete: [0, 0], source: finger}")
        let (document, _) = try LibinputRecordFormat.read(text: both, file: "both.yml")

        #expect(gestures(document) == [
            scroll(12, .begin), scroll(12, .update, dy: 6.25), scroll(24, .update, dx: 0.63, dy: 6.25), scroll(36, .end),
        ])
    }

    @Test("A scroll without its stop ends the file with a warning, not an invented end")
    func unfinishedScrollIsWarned() throws {
        let cut = try scrollRecording().replacingOccurrences(
            of: "    - {time: 0.036000, type: POINTER_AXIS, axes: [0.00, 0.00], discrete: [0, 0], source: finger}\n", with: "")
        let (document, warnings) = try LibinputRecordFormat.read(text: cut, file: "cut.yml")

        #expect(gestures(document).last == scroll(24, .update, dx: 0.63, dy: 6.25))
        #expect(warnings.map(\.message) == ["a two-finger scroll is still under way at the end of the recording (no stop event)"])
    }

    @Test("A finger scroll with unreadable time or axes, or a libinput entry that is not a mapping, is an error at its line", arguments: [
        "    - {time: 0.024000, type: POINTER_AXIS, axes: [0.63, nan], discrete: [0, 0], source: finger}",
        "    - {time: 0.024000, type: POINTER_AXIS, axes: [0.63], discrete: [0, 0], source: finger}",
        "    - {time: -1.024000, type: POINTER_AXIS, axes: [0.63, 6.25], discrete: [0, 0], source: finger}",
        "    - {time: 0.0240000, type: POINTER_AXIS, axes: [0.63, 6.25], discrete: [0, 0], source: finger}",
        "    - {type: POINTER_AXIS, axes: [0.63, 6.25], source: finger}",
        "    - POINTER_AXIS 0.63 6.25",
    ])
    func garbageScrollIsAnError(replacement: String) throws {
        var lines = try scrollRecording().components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("axes: [0.63, 6.25]") })
        lines[index] = replacement
        let error = #expect(throws: TraceInputError.self) {
            try LibinputRecordFormat.read(text: lines.joined(separator: "\n"), file: "garbage.yml")
        }
        #expect(error?.file == "garbage.yml")
        #expect(error?.location == .line(index + 1))
    }

    @Test("Two-finger scrolling is written as libinput entries and reads back exactly")
    func scrollRoundTrip() throws {
        let (first, _) = try LibinputRecordFormat.read(text: try scrollRecording(), file: "scroll.yml")
        let yaml = try LibinputRecordFormat.write(first)
        let (second, warnings) = try LibinputRecordFormat.read(text: yaml, file: "again.yml")

        #expect(yaml.contains("  - libinput:\n    - {time: 0.012000, type: POINTER_AXIS, axes: [0.0, 6.25], discrete: [0, 0], source: finger}\n"))
        #expect(second.events == first.events)
        #expect(warnings.isEmpty)
    }

    @Test("The umockdev touchpad capture's scroll survives an export to libinput record with every value and time")
    func captureScrollRoundTrip() throws {
        let capture = Fixtures.repositoryPath("captures/trackpad/scroll-down.trace")
        let trace = try TraceFile.load(path: capture).document
        let (back, _) = try LibinputRecordFormat.read(text: LibinputRecordFormat.write(trace), file: "scroll-down.yml")

        let scrolls = gestures(trace).filter { $0.kind == .scroll }
        #expect(!scrolls.isEmpty)
        #expect(gestures(back) == scrolls)
    }

    @Test("Scrolls stream among the touches of a long recording: each after every event of its instant and before every later one")
    func scrollsStreamAmongTouches() throws {
        // The fixture's scroll repeated 2,000 times, 100 ms apart: far more events than one batch
        // of the streamed reader (4,096), with scrolls in every batch and at its edges.
        let (once, _) = try LibinputRecordFormat.read(text: try scrollRecording(), file: "scroll.yml")
        let span = (once.events.last?.time ?? 0) + 100_000
        var events: [TraceEvent] = []
        for copy in 0..<2_000 {
            let offset = Int64(copy) * span
            for event in once.events {
                switch event {
                case .touch(var sample): sample.time += offset; sample.touch &+= UInt32(copy) * 10; events.append(.touch(sample))
                case .frame(var mark): mark.time += offset; events.append(.frame(mark))
                case .gesture(var sample): sample.time += offset; events.append(.gesture(sample))
                default: events.append(event)
                }
            }
        }
        let long = TraceDocument(header: once.header, events: events)
        let (back, warnings) = try LibinputRecordFormat.read(text: try LibinputRecordFormat.write(long), file: "long.yml")

        #expect(gestures(back) == gestures(long))
        #expect(warnings.isEmpty)
        var latestOther = Microseconds.min
        for (index, event) in back.events.enumerated() {
            guard case .gesture(let scroll) = event else {
                latestOther = max(latestOther, event.time)
                continue
            }
            #expect(latestOther <= scroll.time, "a scroll at \(scroll.time) follows an event at \(latestOther)")
            let next = back.events[(index + 1)...].first { if case .gesture = $0 { false } else { true } }
            #expect((next?.time ?? .max) > scroll.time, "a scroll at \(scroll.time) precedes an event of its instant")
        }
    }
}
