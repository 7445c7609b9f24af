import Foundation
import TestSupport
import Testing

/// `touchstone live` with nothing to connect to.
@Suite("touchstone live without a compositor")
struct NoCompositorTests {
    @Test("exits 1 with one clear line when WAYLAND_DISPLAY is not set")
    func noDisplayVariable() throws {
        let scratch = TemporaryDirectory("wayland")
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        let live = try ChildProcess(TestPaths.touchstone, ["live"], environment: environment, scratch: scratch, name: "live")
        #expect(live.wait(seconds: 10) == 1)
        #expect(live.stderr == "error: no Wayland session (WAYLAND_DISPLAY is not set)\n")
    }

    @Test("exits 1 with one clear line when no compositor listens on the socket")
    func nothingListening() throws {
        let scratch = TemporaryDirectory("wayland")
        let environment = TestCompositor.clientEnvironment(scratch: scratch, socket: "nobody-here")
        let live = try ChildProcess(TestPaths.touchstone, ["live"], environment: environment, scratch: scratch, name: "live")
        #expect(live.wait(seconds: 10) == 1)
        #expect(live.stderr == "error: cannot connect to Wayland display \"nobody-here\": No such file or directory\n")
    }

    @Test("leaves an existing --log file byte for byte as it was when the session cannot start")
    func failedSessionKeepsOldLog() throws {
        let scratch = TemporaryDirectory("wayland")
        let oldLog = Array("an old log\n".utf8)
        writeFileBytes(scratch.file("old.log"), oldLog)
        let environment = TestCompositor.clientEnvironment(scratch: scratch, socket: "nobody-here")
        let live = try ChildProcess(
            TestPaths.touchstone, ["live", "--log", scratch.file("old.log")], environment: environment, scratch: scratch, name: "live")
        #expect(live.wait(seconds: 10) == 1)
        #expect(readFileBytes(scratch.file("old.log")) == oldLog)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains("old.log") } == ["old.log"])
    }
}
