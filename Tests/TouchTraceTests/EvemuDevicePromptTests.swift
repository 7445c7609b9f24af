import Foundation
import TestSupport
import Testing
import TouchTrace

/// A terminal session of `evemu-record` started without a device, pasted whole: the device prompt
/// it printed (which evtest prints in the same words), then the recording.
@Suite("evemu-record's device prompt")
struct EvemuDevicePromptTests {
    static let recordingPath = Fixtures.path("evemu/touchscreens/EP0430M09.2-fingers-touch-release.events")

    static let prompt = """
        $ sudo evemu-record
        Available devices:
        /dev/input/event0:\tPower Button
        /dev/input/event5:\tEP0430M09
        Select the device event number [0-5]: 5

        """

    /// `text` written to a file and loaded as every command loads it (content detection included).
    static func load(_ text: String) throws -> LoadedTrace {
        let directory = TemporaryDirectory("prompt")
        let path = directory.file("session.txt")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try TraceFile.load(path: path)
    }

    @Test("A session pasted with its device prompt is read as the evemu recording after it, the prompt's lines skipped with one warning")
    func promptThenRecording() throws {
        let recording = try String(contentsOfFile: Self.recordingPath, encoding: .utf8)
        let alone = try Self.load(recording)
        let pasted = try Self.load(Self.prompt + recording)

        #expect(pasted.format == .evemu)
        #expect(pasted.trace.document.events == alone.trace.document.events)
        #expect(pasted.trace.document.header.devices.map(\.name) == alone.trace.document.header.devices.map(\.name))
        #expect(pasted.warnings.count == alone.warnings.count + 1)
        let skipped = try #require(pasted.warnings.first)
        #expect(skipped.location == .line(1))
        #expect(skipped.message.hasPrefix("lines 1–5: 1 line of text, then evemu-record's device prompt"))
    }

    @Test("With standard error and output in one file, the recording's first line follows the prompt on its line and is read")
    func recordingOnThePromptLine() throws {
        let recording = try String(contentsOfFile: Self.recordingPath, encoding: .utf8)
        let alone = try Self.load(recording)
        let joined = "Available devices:\n/dev/input/event5:\tEP0430M09\nSelect the device event number [0-5]: " + recording
        let pasted = try Self.load(joined)

        #expect(pasted.format == .evemu)
        #expect(pasted.trace.document.events == alone.trace.document.events)
        #expect(pasted.trace.document.header.recorder.version == alone.trace.document.header.recorder.version)
    }

    @Test("evemu-record's own error after its prompt is refused with an evemu message naming the line")
    func promptThenError() throws {
        let text = Self.prompt + "error: could not open device (Permission denied)\n"
        #expect(TraceFormat.detect(prefix: Array(text.utf8)) == .evemu)
        do {
            _ = try Self.load(text)
            Issue.record("evemu-record's error was read as a recording")
        } catch let error as TraceInputError {
            #expect(error.location == .line(6))
            #expect(error.message == "evemu-record's own error after its device prompt (line 5), not a recording: error: could not open device (Permission denied)")
        }
    }

    @Test("A recording after the prompt that has a line evemu cannot read is refused at that line with evemu's message")
    func promptThenBadRecording() throws {
        let recording = try String(contentsOfFile: Self.recordingPath, encoding: .utf8)
        var lines = recording.components(separatedBy: "\n")
        let event = try #require(lines.firstIndex { $0.hasPrefix("E: ") })
        lines[event + 3] = "Event: time 1.000000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 10"
        do {
            _ = try Self.load(Self.prompt + lines.joined(separator: "\n"))
            Issue.record("a line that is no evemu line was accepted")
        } catch let error as TraceInputError {
            #expect(error.location == .line(5 + event + 4))
            #expect(error.message.contains("evemu"))
        }
    }

    @Test("The same prompt before evtest's output is still evtest's")
    func promptThenEvtest() {
        let text = Self.prompt + "Input driver version is 1.0.1\nInput device ID: bus 0x18 vendor 0x0 product 0x0 version 0x0\n"
        #expect(TraceFormat.detect(prefix: Array(text.utf8)) == .evtest)
    }
}
