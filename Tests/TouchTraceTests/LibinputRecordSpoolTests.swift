import Foundation
import Glibc
import TestSupport
import Testing
@testable import TouchTrace

/// A getevent log (`getevent -p -t`) of `devices` touchscreens, each touched once in turn.
private func geteventLog(devices: Int) -> String {
    var lines: [String] = []
    for device in 0..<devices {
        lines += ["add device \(device + 1): /dev/input/event\(device)", "  bus:      0018", "  vendor    0000", "  product   0000",
                  "  version   0000", "  name:     \"touch-\(device)\"", "  location: \"\"", "  id:       \"\"", "  version:  1.0.1",
                  "  events:", "    KEY (0001): 014a ",
                  "    ABS (0003): 002f  : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0"]
        lines += ["                0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0",
                  "                0036  : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0"]
        lines += ["                0039  : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0", "  input props:", "    0001"]
    }
    for device in 0..<devices {
        let node = "/dev/input/event\(device)"
        let down = String(format: "[%13.6f]", 1000.0 + Double(device) * 0.01)
        let up = String(format: "[%13.6f]", 1000.005 + Double(device) * 0.01)
        lines += ["\(down) \(node): 0003 002f 00000000", "\(down) \(node): 0003 0039 \(String(format: "%08x", device + 1))",
                  "\(down) \(node): 0001 014a 00000001", "\(down) \(node): 0003 0035 00000064", "\(down) \(node): 0003 0036 000000c8",
                  "\(down) \(node): 0000 0000 00000000",
                  "\(up) \(node): 0003 0039 ffffffff", "\(up) \(node): 0001 014a 00000000", "\(up) \(node): 0000 0000 00000000"]
    }
    return lines.joined(separator: "\n") + "\n"
}

/// How many times `path` is opened while `body` runs (inotify's `IN_OPEN`, watched with its
/// closes: inotify merges an event with an identical one before it that was not read yet).
private func opens(of path: String, during body: () throws -> Void) throws -> Int {
    let watcher = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    try #require(watcher >= 0)
    defer { close(watcher) }
    try #require(inotify_add_watch(watcher, path, UInt32(IN_OPEN | IN_CLOSE_NOWRITE)) >= 0)
    try body()
    var count = 0
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let got = buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
        guard got > 0 else { break }
        var offset = 0
        while offset < got {
            // struct inotify_event: wd, mask, cookie, len, then len bytes of name.
            let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
            let nameLength = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
            if mask & UInt32(IN_OPEN) != 0 { count += 1 }
            offset += 16 + nameLength
        }
    }
    return count
}

private func touchSamples(_ document: TraceDocument) -> [TouchSample] {
    document.events.compactMap { if case .touch(let sample) = $0 { sample } else { nil } }
}

@Suite("libinput record output of several devices")
struct LibinputRecordSpoolTests {
    @Test("A text input is opened as often for a libinput record output of 40 devices as of 2: the devices after the first read a spool of its events, not the input")
    func inputReadOncePerConversion() throws {
        let folder = TemporaryDirectory("spool")
        var counts: [Int] = []
        for devices in [2, 40] {
            let input = folder.file("in-\(devices).getevent"), output = folder.file("out-\(devices).yml")
            try Data(geteventLog(devices: devices).utf8).write(to: URL(fileURLWithPath: input))
            counts.append(try opens(of: input) { try TraceFile.convert(input, to: output, as: .libinputRecord) })
            let back = try TraceFile.load(path: output).document
            #expect(back.header.devices.count == devices)
            #expect(Set(touchSamples(back).map(\.device)).count == devices)
        }
        #expect(counts[0] == counts[1], "\(counts)")
    }

    @Test("An event a later device's pass refuses is named at its line in the input, with the output's reason, and no file is left beside the output")
    func laterPassErrorNamesTheInput() throws {
        let folder = TemporaryDirectory("spool")
        let input = folder.file("in.jsonl"), output = folder.file("out.yml")
        // Device 2 keeps evemu lines that declare slots and tracking ids and no position axes,
        // and match its fields: it is written as they declare it, and its touches cannot be.
        let kept = ["N: touch-2", "I: 0003 0001 0001 0001", "B: 03 00 00 00 00 00 80 00 02", "A: 2f 0 9 0 0 0", "A: 39 0 65535 0 0 0"]
        let positionless = DeviceDescription(
            index: 2, name: "touch-2", bus: 3, vendor: 1, product: 1, version: 1, kind: .other, source: .evemu,
            x: AxisRange(minimum: 0, maximum: 0), y: AxisRange(minimum: 0, maximum: 0), slots: 10,
            properties: kept.map { .init("evemu", $0) })
        var header = SampleTraces.header
        header.devices = [SampleTraces.touchscreen(index: 0), SampleTraces.touchscreen(index: 1), positionless]
        var events: [TraceEvent] = []
        for device in DeviceIndex(0)...2 {
            let time = Microseconds(device) * 10_000
            events += [.touch(TouchSample(time: time, device: device, phase: .down, touch: UInt32(device), x: 100, y: 200)),
                       .frame(FrameMark(time: time, device: device)),
                       .touch(TouchSample(time: time + 5_000, device: device, phase: .up, touch: UInt32(device), x: 100, y: 200)),
                       .frame(FrameMark(time: time + 5_000, device: device))]
        }
        let text = String(decoding: JSONLines.encode(TraceDocument(header: header, events: events)), as: UTF8.self)
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let error = #expect(throws: TraceInputError.self) { try TraceFile.convert(input, to: output, as: .libinputRecord) }
        #expect(error?.file == input)
        #expect(error?.message.hasPrefix(output + ": device 2 (touch-2) does not declare ABS_MT_POSITION_X") == true, "\(String(describing: error?.message))")
        let lines = text.components(separatedBy: "\n")
        if case .line(let line) = error?.location {
            #expect(lines[line - 1].contains("\"device\":2"), "\(lines[line - 1])")
        } else {
            Issue.record("no line: \(String(describing: error?.location))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["in.jsonl"])
    }

    @Test("A device added during the trace that a binary trace cannot hold gives up the spool: the output is the one the spool gives")
    func unspoolableInputConvertsTheSame() throws {
        let folder = TemporaryDirectory("spool")
        let two = SampleTraces.twoTouchscreens()
        var header = two.header
        header.devices = [SampleTraces.touchscreen(index: 0)]
        // A property past the 8 MiB a device added during a binary trace may take; not written
        // to libinput record, so the two outputs may be compared byte for byte.
        var large = SampleTraces.touchscreen(index: 1)
        large.properties.append(.init("x-large", String(repeating: "a", count: BinaryLayout.maxAddedDeviceBytes)))
        var outputs: [[UInt8]] = []
        for (name, added) in [("plain", SampleTraces.touchscreen(index: 1)), ("large", large)] {
            let input = folder.file("\(name).jsonl"), output = folder.file("\(name).yml")
            let document = TraceDocument(header: header, events: [.device(.added(time: 0, added))] + two.events)
            writeFileBytes(input, JSONLines.encode(document))
            try TraceFile.convert(input, to: output, as: .libinputRecord)
            outputs.append(readFileBytes(output))
        }
        #expect(outputs[0] == outputs[1])
        #expect(Set(touchSamples(try TraceFile.load(path: folder.file("large.yml")).document).map(\.device)) == [0, 1])
    }

    @Test("A spool gives back every event it was given, exactly and as often as it is read, and has no name in the folder")
    func spoolGivesBackEveryEvent() throws {
        let folder = TemporaryDirectory("spool")
        let spool = try EventSpool(beside: folder.file("out.yml"))
        for event in SampleTraces.everyCase { try spool.append(event) }
        try spool.finish()
        for _ in 0..<2 {
            var back: [TraceEvent] = []
            try spool.forEachEvent { back.append($0) }
            #expect(back == SampleTraces.everyCase)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("A device's block is the same when its pass skips the events its writer ignores as when it adds them all: other devices' events, notes, devices added, with scrolls queued past the limit and times going backwards")
    func ignoredEventsChangeNothing() throws {
        var events: [TraceEvent] = [.annotation(Annotation(time: 0, text: "start"))]
        func touch(_ time: Microseconds, _ device: DeviceIndex, _ phase: TouchPhase, x: Int32) {
            events += [.touch(TouchSample(time: time, device: device, phase: phase, touch: UInt32(device), x: x, y: 100)),
                       .frame(FrameMark(time: time, device: device))]
        }
        touch(10, 0, .down, x: 100)
        touch(15, 1, .down, x: 0)
        events.append(.gesture(GestureSample(time: 20, device: 1, kind: .scroll, phase: .begin, fingers: 0)))
        // More scrolls at one instant than the writer queues, with the other device's frames
        // among them, some later and some earlier (a JSON Lines trace may go backwards).
        for index in 0..<5_000 {
            events.append(.gesture(GestureSample(time: 1_000, device: 1, kind: .scroll, phase: .update, fingers: 0, dx: 1, dy: Double(index))))
            if index % 250 == 0 { touch(index % 500 == 0 ? 2_000 + Microseconds(index) : 500, 0, .motion, x: 100 + Int32(index % 7)) }
        }
        events.append(.device(.added(time: 3_000, SampleTraces.touchscreen(index: 2))))
        events.append(.annotation(Annotation(time: 3_000, text: "mid")))
        events.append(.gesture(GestureSample(time: 4_000, device: 1, kind: .scroll, phase: .end, fingers: 0)))
        touch(4_500, 1, .up, x: 0)
        events.append(.device(.removed(time: 4_800, device: 2)))
        touch(5_000, 0, .up, x: 100)

        for (position, description) in [SampleTraces.touchscreen(index: 0), SampleTraces.touchpad(index: 1)].enumerated() {
            var blocks: [String] = []
            for skipping in [false, true] {
                var output = TextOutput()
                var writer = try LibinputRecordWriter.Events(description, position: position, file: "out.yml", into: &output)
                var skipped = 0
                for event in events {
                    if skipping && writer.ignores(event) { skipped += 1 } else { try writer.add(event, to: &output) }
                }
                writer.finish(to: &output)
                blocks.append(output.text)
                if skipping { #expect(skipped > 0) }
            }
            #expect(blocks[0] == blocks[1], "position \(position)")
            #expect(blocks[0].contains("POINTER_AXIS") == (position == 1))
        }
    }

    @Test("A device's block is the same when its pass skips, undecoded, the spool's chunks that hold nothing its writer takes as when it adds every event: chunks of the other device alone, of notes, and of the other device's frames while scrolls wait past the limit")
    func skippedChunksChangeNothing() throws {
        var events: [TraceEvent] = []
        var touchID: UInt32 = 0
        func tap(_ time: Microseconds, _ device: DeviceIndex) {
            touchID += 1
            events += [.touch(TouchSample(time: time, device: device, phase: .down, touch: touchID, x: 100, y: 100)),
                       .frame(FrameMark(time: time, device: device)),
                       .touch(TouchSample(time: time + 1, device: device, phase: .up, touch: touchID, x: 100, y: 100)),
                       .frame(FrameMark(time: time + 1, device: device))]
        }
        // A chunk holds at most 64 touches: these fill chunks of device 0 alone, then of device 1.
        for index in 0..<300 { tap(10 + Microseconds(index) * 10, 0) }
        events.append(.annotation(Annotation(time: 5_000, text: "mid")))
        events.append(.gesture(GestureSample(time: 10_000, device: 1, kind: .scroll, phase: .begin, fingers: 0)))
        // More scrolls at one instant than the writer queues, device 0's taps among them, some
        // later and some earlier: their times flush device 1's scrolls, so no chunk of them is skipped.
        for index in 0..<5_000 {
            events.append(.gesture(GestureSample(time: 20_000, device: 1, kind: .scroll, phase: .update, fingers: 0, dx: 1, dy: Double(index))))
            if index % 50 == 0 { tap(index % 100 == 0 ? 30_000 + Microseconds(index) : 15_000, 0) }
        }
        events.append(.gesture(GestureSample(time: 40_000, device: 1, kind: .scroll, phase: .end, fingers: 0)))
        for index in 0..<300 { tap(50_000 + Microseconds(index) * 10, 1) }
        for index in 0..<300 { tap(60_000 + Microseconds(index) * 10, 0) }

        let folder = TemporaryDirectory("spool")
        let spool = try EventSpool(beside: folder.file("out.yml"))
        for event in events { try spool.append(event) }
        try spool.finish()
        for (position, description) in [SampleTraces.touchscreen(index: 0), SampleTraces.touchpad(index: 1)].enumerated() {
            var whole = TextOutput()
            var writer = try LibinputRecordWriter.Events(description, position: position, file: "out.yml", into: &whole)
            for event in events { try writer.add(event, to: &whole) }
            writer.finish(to: &whole)

            var skipping = TextOutput()
            writer = try LibinputRecordWriter.Events(description, position: position, file: "out.yml", into: &skipping)
            var read = 0, skipped = 0
            try spool.forEachEvent(skipping: { writer.ignoresEvery($0) }, skipped: { skipped += $0 }) { event in
                read += 1
                if !writer.ignores(event) { try writer.add(event, to: &skipping) }
            }
            writer.finish(to: &skipping)
            #expect(skipping.text == whole.text, "position \(position)")
            #expect(read + skipped == events.count)
            #expect(skipped > 0, "position \(position)")
        }
    }
}
