import Foundation
import TestSupport
import Testing
import TouchTrace

/// `touchstone live` against a real protocol peer: the scripted libwayland-server compositor.
@Suite("touchstone live against the test compositor")
struct TestCompositorSessionTests {
    @Test("records exactly the touches, frames, gestures and resize the compositor sent")
    func recordingIsExact() throws {
        let run = try FullSessionRun.shared.get()
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        #expect(run.events == SessionScript.expectedEvents)
    }

    @Test("describes the seat's touch and gestures as Wayland devices in scene points, with the window's facts")
    func headerDescribesDevices() throws {
        let header = try FullSessionRun.shared.get().header
        #expect(header.recorder.name == "touchstone live")
        #expect(header.devices.map(\.kind) == [.touchscreen, .touchpad])
        #expect(header.devices.map(\.index) == [0, 1])
        for device in header.devices {
            #expect(device.source == .wayland)
            #expect(device.unitsPerPoint == 256)
            // The compositor left the size to the client: the map scene's 1280 x 800, drawn 1:1.
            #expect(device.x == AxisRange(minimum: 0, maximum: 1280 * 256))
            #expect(device.y == AxisRange(minimum: 0, maximum: 800 * 256))
            #expect(device.property("wayland.surface.width") == "1280")
            #expect(device.property("wayland.surface.height") == "800")
            #expect(device.property("wayland.surface.scale") == "1")
            #expect(device.property("wayland.surface.mapping") == "scene 1280x800 at 1 from 0,0")
            #expect(device.property("wayland.seat") == "seat-test")
        }
    }

    @Test("the live log equals `touchstone replay` of the recording through the same scene")
    func liveMatchesReplay() throws {
        let run = try FullSessionRun.shared.get()
        #expect(!run.liveLog.isEmpty)
        #expect(run.liveLog == run.replayLog)
    }

    @Test("the map scene sees the tap, the two-finger pan, the cancel, the touchpad pinch and the long press at their instants")
    func liveRecognitionIsRight() throws {
        let actions = try FullSessionRun.shared.get().liveLog.split(separator: "\n").filter { $0.contains(" action ") }
        #expect(actions == [
            // Virtual time: microseconds since the session's first event (the tap's down).
            "    400000 action singleTap recognized touches=1 at=(100.00,100.00)",
            "    466000 action pan began touches=2 at=(110.00,60.00) translation=(10.00,5.00) velocity=(625.00,312.50)",
            "    482000 action pan changed touches=2 at=(130.00,70.00) translation=(30.00,15.00) velocity=(937.50,468.75)",
            "    514000 action pan ended touches=0 at=(180.00,75.00) translation=(30.00,15.00) velocity=(937.50,468.75)",
            "    930000 action pan began touches=1 at=(210.00,205.00) translation=(10.00,5.00) velocity=(625.00,312.50)",
            "    930000 action pan cancelled touches=0 at=(210.00,205.00) translation=(10.00,5.00) velocity=(625.00,312.50)",
            // The touchpad pinch drives the map's pinch as a trackpad transform, at the window's centre.
            "   1486000 action pinch began touches=0 at=(640.00,400.00) scale=1.2500 velocity=0.0000",
            "   1496000 action pinch changed touches=0 at=(640.00,400.00) scale=1.5000 velocity=25.0000",
            "   1506000 action pinch ended touches=0 at=(640.00,400.00) scale=1.5000 velocity=25.0000",
            // Down at 2006 ms plus the 0.5 s minimum press duration: fired by the live clock.
            "   2506000 action longPress began touches=1 at=(300.00,150.00)",
            "   2806000 action longPress ended touches=1 at=(300.00,150.00)",
        ])
    }

    @Test("honours a resize by drawing buffers at the new size")
    func resizeIsHonoured() throws {
        let scratch = TemporaryDirectory("wayland")
        let run = try TestCompositor.run(
            script: "wait 20\nresize 500 350\nsettle\nclose\n", compositorOptions: ["--size", "400", "300"],
            liveArguments: [], scratch: scratch)
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        let buffers = run.compositorStdout.split(separator: "\n").filter { $0.hasPrefix("buffer") }
        #expect(buffers.first == "buffer 400 300")
        #expect(buffers.last == "buffer 500 350")
    }

    @Test("names each missing capability and keeps running")
    func missingCapabilitiesAreReported() throws {
        let scratch = TemporaryDirectory("wayland")
        let run = try TestCompositor.run(
            script: "wait 20\nclose\n", compositorOptions: ["--no-touch", "--no-gestures"],
            liveArguments: ["--record", scratch.file("session.trace")], scratch: scratch)
        #expect(run.liveStatus == 0)
        #expect(run.liveStderr.contains("no touch capability"))
        #expect(run.liveStderr.contains("does not offer zwp_pointer_gestures_v1"))
        #expect(try TraceReader(path: scratch.file("session.trace")).header.devices.isEmpty)
    }

    @Test("closes the recording, leaves an existing log as it was and exits 1 with a message when the compositor vanishes mid-session")
    func compositorGoneClosesRecording() throws {
        let scratch = TemporaryDirectory("wayland")
        let script = "down 7 10 20\nframe\nwait 30\nmotion 7 15 25\nframe\nwait 30\nvanish\n"
        let oldLog = Array("an old log\n".utf8)
        writeFileBytes(scratch.file("live.log"), oldLog)
        let run = try TestCompositor.run(
            script: script,
            liveArguments: ["--record", scratch.file("session.trace"), "--log", scratch.file("live.log")],
            scratch: scratch)
        #expect(run.liveStatus == 1)
        #expect(run.liveStderr.contains(
            "the compositor closed the connection; the session was cut short; the log was not written, \(scratch.file("live.log")) is as it was"))
        // A failed command leaves every existing file as it was, and no temporary file behind.
        #expect(readFileBytes(scratch.file("live.log")) == oldLog)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains("live.log") } == ["live.log"])
        #expect(!FileManager.default.fileExists(atPath: scratch.file("session.trace.partial")))
        let events = try TraceReader(path: scratch.file("session.trace")).readAll()
        #expect(events.suffix(2) == [
            .touch(TouchSample(time: 1_030_000, phase: .cancel, touch: 0, x: 15 * 256, y: 25 * 256)),
            .frame(FrameMark(time: 1_030_000, device: 0)),
        ])
        #expect(events.count == 6)
    }
}

/// One run of the whole scripted session with recording and logging, shared by the tests that
/// check its facets (it takes about four seconds of scripted real time). Everything is read into
/// memory and the scratch directory removed at once.
struct FullSessionRun: Sendable {
    var liveStatus: Int32?
    var liveStderr: String
    var header: TraceHeader
    var events: [TraceEvent]
    var liveLog: String
    var replayLog: String

    static let shared = Result<FullSessionRun, any Error> {
        let scratch = TemporaryDirectory("wayland")
        let run = try TestCompositor.run(
            script: SessionScript.text,
            liveArguments: ["--record", scratch.file("session.trace"), "--log", scratch.file("live.log")],
            scratch: scratch)
        let reader = try TraceReader(path: scratch.file("session.trace"))
        let events = try reader.readAll()
        return FullSessionRun(
            liveStatus: run.liveStatus, liveStderr: run.liveStderr, header: reader.header, events: events,
            liveLog: scratch.read("live.log"),
            replayLog: try replay(scratch.file("session.trace"), scratch: scratch))
    }

    /// The log of `touchstone replay TRACE --scene map`, the command a user would run.
    private static func replay(_ trace: String, scratch: TemporaryDirectory) throws -> String {
        let output = scratch.file("replay.log")
        let replay = try ChildProcess(
            TestPaths.touchstone, ["replay", trace, "--scene", "map", "--output", output],
            environment: [:], scratch: scratch, name: "replay")
        guard replay.wait(seconds: 20) == 0 else {
            throw TestPaths.ShellFailure(command: "touchstone replay", output: replay.stderr)
        }
        return scratch.read("replay.log")
    }
}
