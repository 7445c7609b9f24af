import Foundation
import TestSupport
import Testing
@testable import TouchTrace

/// Where an event is in its file (`TraceInput.location(ofEvent:)`), for errors about an event
/// found after it was read: the line in a text format, the chunk's offset in a binary trace.
@Suite("Event locations")
struct EventLocationTests {
    private let screen = DeviceDescription(index: 0, name: "Screen", kind: .touchscreen, source: .synthetic,
                                           x: AxisRange(minimum: 0, maximum: 2880), y: AxisRange(minimum: 0, maximum: 1800), slots: 10)

    /// A touch that goes down, moves twice and lifts where it moved to, a frame after each sample.
    private var stroke: TraceDocument {
        let samples: [(Microseconds, TouchPhase)] = [(0, .down), (10_000, .motion), (20_000, .motion), (30_000, .up)]
        let events = samples.flatMap { time, phase -> [TraceEvent] in
            [.touch(TouchSample(time: time, phase: phase, touch: 1, slot: 0, x: 100 + Int32(time / 1_000), y: 100)), .frame(FrameMark(time: time, device: 0))]
        }
        return TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [screen]), events: events)
    }

    @Test("In a JSON Lines trace an event's location is its own line")
    func jsonLinesLine() throws {
        let folder = TemporaryDirectory("locations")
        try JSONLines.write(JSONLinesTrace(document: stroke), to: folder.file("s.jsonl"))
        let input = try TraceFile.open(path: folder.file("s.jsonl"))
        // Line 1 is the header; the events follow one a line.
        #expect((0..<8).map { input.location(ofEvent: $0) } == (2...9).map { .line($0) })
    }

    @Test("In an evemu recording an event's location is the line that ends its frame (its SYN_REPORT)")
    func evemuFrameLine() throws {
        let folder = TemporaryDirectory("locations")
        let text = try EvemuFormat.write(stroke)
        writeFileBytes(folder.file("s.evemu"), Array(text.utf8))
        let reports = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.hasPrefix("E: ") && $0.element.contains(" 0000 0000 0000") }.map { $0.offset + 1 }
        let input = try TraceFile.open(path: folder.file("s.evemu"))
        let events = try TraceFile.load(path: folder.file("s.evemu")).trace.document.events
        // Each frame's sample and frame mark end at that frame's report.
        #expect(events.count == 8 && reports.count == 4)
        #expect((0..<8).map { input.location(ofEvent: $0) } == (0..<8).map { .line(reports[$0 / 2]) })
    }

    @Test("In a binary trace an event's location is the offset of the chunk that holds it")
    func binaryChunkOffset() throws {
        let folder = TemporaryDirectory("locations")
        let writer = try TraceWriter(path: folder.file("s.trace"), header: stroke.header)
        for (index, event) in stroke.events.enumerated() {
            try writer.append(event)
            if index == 3 { try writer.flush() }  // a second chunk from the fifth event
        }
        try writer.close()
        let input = try TraceFile.open(path: folder.file("s.trace"))
        let offsets = (0..<8).map { input.location(ofEvent: $0) }
        guard case .byte(let first) = offsets[0], case .byte(let second) = offsets[4] else {
            Issue.record("expected byte offsets, got \(offsets)")
            return
        }
        #expect(first > 0 && second > first)
        #expect(offsets == Array(repeating: .byte(first), count: 4) + Array(repeating: .byte(second), count: 4))
    }

    @Test("An event past the end of the file has no location but the file's")
    func pastTheEnd() throws {
        let folder = TemporaryDirectory("locations")
        try JSONLines.write(JSONLinesTrace(document: stroke), to: folder.file("s.jsonl"))
        let input = try TraceFile.open(path: folder.file("s.jsonl"))
        #expect(input.location(ofEvent: 8) == .wholeFile)
        #expect(input.location(ofEvent: -1) == .wholeFile)
    }
}
