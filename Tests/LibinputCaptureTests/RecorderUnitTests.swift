import Foundation
import TestSupport
import Testing
import TouchTrace
@testable import LibinputCapture

@Suite("The recorder's own rules, without devices")
struct RecorderUnitTests {
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
