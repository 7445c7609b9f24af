import Foundation
import TestSupport
import Testing
import TouchTrace

/// A real evemu recording from the fixtures: one file with its own header, or a `.desc` + `.events` pair.
struct CorpusRecording: CustomTestStringConvertible, Sendable {
    var events: String
    var description: String?

    var testDescription: String { events }

    static let fixtures = URL(fileURLWithPath: packagePath("Tests/LibinputCaptureTests/Fixtures/evemu"))

    var eventsPath: String { Self.fixtures.appendingPathComponent(events).path }
    var descriptionPath: String? { description.map { Self.fixtures.appendingPathComponent($0).path } }

    static let all = [
        CorpusRecording(events: "Atmel maXTouch Touchscreen.2-fingers-touch-release.events"),
        CorpusRecording(events: "Atmel maXTouch Touchscreen.4-finger-drag-down.events"),
        CorpusRecording(events: "EP0430M09.2-finger-scroll-down.events"),
        CorpusRecording(events: "N-Trig MultiTouch.1-finger-drag-NW-SE.events", description: "N-Trig MultiTouch.desc"),
        CorpusRecording(events: "QUANTA OpticalTouchScreen.touch-on-left.events", description: "QUANTA OpticalTouchScreen.desc"),
    ]
}

/// One touch sample with what survives a replay: everything but the time.
struct Contact: Equatable, CustomStringConvertible {
    var touch: TouchID
    var phase: TouchPhase
    var x: Int32
    var y: Int32

    var description: String { "#\(touch) \(phase) \(x),\(y)" }
}

extension TraceDocument {
    /// Touch samples frame by frame, without times: what two captures of one session share.
    var contactFrames: [[Contact]] {
        var frames: [[Contact]] = []
        var current: [Contact] = []
        for event in events {
            switch event {
            case .touch(let sample):
                current.append(Contact(touch: sample.touch, phase: sample.phase, x: sample.x, y: sample.y))
            case .frame:
                if !current.isEmpty { frames.append(current) }
                current = []
            default:
                continue
            }
        }
        if !current.isEmpty { frames.append(current) }
        return frames
    }
}

extension EndToEnd {
    @Suite("Real evemu recordings through emulated copies of their devices")
    struct CorpusReplayTests {
        /// Plays a recording's frames into `node` at the recording's own rhythm, long pauses cut to 4 ms.
        func play(_ frames: [[EvemuEvent]], into node: Testbed.Node) {
            var previous = frames.first?.first?.time ?? 0
            for frame in frames {
                Injector.pause(milliseconds: Int(min(max(0, frame[0].time - previous) / 1_000, 4)))
                previous = frame[0].time
                Injector(node: node).frame(frame.dropLast().map { InputEvent(Int($0.type), Int($0.code), $0.value) })
            }
            Injector.pause(milliseconds: 50)
        }

        func load(_ recording: CorpusRecording) throws -> (device: EmulatedDevice, frames: [[EvemuEvent]], imported: TraceDocument) {
            let eventsText = try String(contentsOfFile: recording.eventsPath, encoding: .utf8)
            let headerText = try recording.descriptionPath.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? eventsText
            let imported = try recording.descriptionPath.map {
                try EvemuFormat.read(descPath: $0, eventsPath: recording.eventsPath).0
            } ?? EvemuFormat.read(path: recording.eventsPath).0
            let device = EmulatedDevice(evemu: headerText[...], udevType: .touchscreen)
            return (device, EvemuEvent.frames(in: eventsText[...]), imported)
        }

        /// Records a recording with `touchstone record`.
        /// Records a recording with `touchstone record`, once per test run: the three comparisons
        /// below share the capture, as they would share one session captured on real hardware.
        func record(_ recording: CorpusRecording) throws -> (trace: TraceDocument, imported: TraceDocument, device: EmulatedDevice) {
            let (device, frames, imported) = try load(recording)
            if let trace = Self.captures.withLock({ $0[recording.events] }) { return (trace, imported, device) }
            let scenario = try Scenario([device], arguments: Scenario.pathBackend)
            play(frames, into: scenario.nodes[0])
            let trace = try scenario.finish()
            Self.captures.withLock { $0[recording.events] = trace }
            return (trace, imported, device)
        }

        private static let captures = Locked<[String: TraceDocument]>([:])

        @Test(
            "touchstone record captures the touches the evemu importer decodes from the same file",
            arguments: CorpusRecording.protocolB
        )
        func recorderMatchesImporter(recording: CorpusRecording) throws {
            let (recorded, imported, _) = try record(recording)
            let importedDevice = try #require(imported.header.devices.first)
            let recordedDevice = try #require(recorded.header.devices.first)
            #expect(recordedDevice.name == importedDevice.name)
            #expect([recordedDevice.bus, recordedDevice.vendor, recordedDevice.product] == [importedDevice.bus, importedDevice.vendor, importedDevice.product])
            #expect(recordedDevice.x == importedDevice.x)
            #expect(recordedDevice.y == importedDevice.y)
            #expect(recordedDevice.slots == importedDevice.slots)
            // Samples inside one frame are simultaneous: libinput reports them in slot order, the file
            // in the order the kernel wrote them.
            #expect(recorded.contactFrames.map(Contact.sorted) == imported.contactFrames.map(Contact.sorted))
        }

        @Test(
            "touchstone record captures exactly what libinput debug-events reports for the same frames",
            arguments: CorpusRecording.all
        )
        func recorderMatchesLibinputDebugEvents(recording: CorpusRecording) throws {
            let (recorded, _, device) = try record(recording)
            let (_, frames, _) = try load(recording)
            let bed = try Testbed()
            let node = try bed.add(device, eventNumber: 5)
            let tool = try RecorderProcess([], in: bed, waitingFor: [node], startedFile: nil, reference: ["stdbuf", "-oL", "libinput", "debug-events", "--device", node.path])
            // debug-events prints DEVICE_ADDED once its set-up (and its drain of queued events) is done.
            try tool.waitForOutput(containing: "DEVICE_ADDED")
            play(frames, into: node)
            try tool.stop()
            let recordedDevice = try #require(recorded.header.devices.first)
            let reference = LibinputDebugEvents.contactFrames(tool.standardOutput, x: recordedDevice.x, y: recordedDevice.y)
            #expect(!reference.isEmpty)
            #expect(recorded.contactFrames == reference)
        }
    }
}

extension EndToEnd.CorpusReplayTests {
    @Test(
        "touchstone record captures the touches libinput record writes for the same frames",
        arguments: CorpusRecording.protocolB
    )
    func recorderMatchesLibinputRecord(recording: CorpusRecording) throws {
        let (recorded, _, device) = try record(recording)
        let (_, frames, _) = try load(recording)
        let bed = try Testbed()
        let node = try bed.add(device, eventNumber: 5)
        let yaml = bed.root + "/reference.yml"
        let tool = try RecorderProcess([], in: bed, waitingFor: [node], startedFile: nil, reference: ["libinput", "record", "-o", yaml, node.path])
        try RecorderProcess.waitForFile(yaml, containing: "  events:")
        play(frames, into: node)
        try tool.stop()
        let (reference, _) = try LibinputRecordFormat.read(path: yaml)
        #expect(reference.header.devices.first?.name == recorded.header.devices.first?.name)
        #expect(!reference.contactFrames.isEmpty)
        #expect(recorded.contactFrames.map(Contact.sorted) == reference.contactFrames.map(Contact.sorted))
    }
}

extension CorpusRecording {
    /// Multitouch protocol B (slots). Protocol A devices go through mtdev inside libinput, which
    /// filters small movements (its default fuzz), so libinput reports fewer, smoothed positions
    /// than the file holds: those are compared with libinput's own report only.
    var isProtocolB: Bool { !events.hasPrefix("N-Trig") }

    static let protocolB = all.filter(\.isProtocolB)
}

extension Contact {
    static func sorted(_ frame: [Contact]) -> [Contact] {
        frame.sorted { ($0.touch, $0.phase.rawValue) < ($1.touch, $1.phase.rawValue) }
    }
}
