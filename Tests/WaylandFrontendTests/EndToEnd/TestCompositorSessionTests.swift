import Foundation
import GestureEngine
import Testing
import TouchTrace
@testable import WaylandFrontend

/// `touchstone live` against a real protocol peer: the scripted libwayland-server compositor.
@Suite("touchstone live against the test compositor")
struct TestCompositorSessionTests {
    @Test("records exactly the touches, frames, gestures and resize the compositor sent")
    func recordingIsExact() throws {
        let run = try FullSessionRun.shared.get()
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        #expect(run.events == SessionScript.expectedEvents)
    }

    @Test("describes the seat's touch and gestures as Wayland devices in surface points")
    func headerDescribesDevices() throws {
        let header = try FullSessionRun.shared.get().header
        #expect(header.recorder.name == "touchstone live")
        #expect(header.devices.map(\.kind) == [.touchscreen, .touchpad])
        #expect(header.devices.map(\.index) == [0, 1])
        for device in header.devices {
            #expect(device.source == .wayland)
            #expect(device.unitsPerPoint == 256)
            #expect(device.x == AxisRange(minimum: 0, maximum: 400 * 256))
            #expect(device.y == AxisRange(minimum: 0, maximum: 300 * 256))
            #expect(device.property("wayland.surface.width") == "400")
            #expect(device.property("wayland.surface.height") == "300")
            #expect(device.property("wayland.surface.scale") == "1")
            #expect(device.property("wayland.seat") == "seat-test")
        }
    }

    @Test("live observations equal a virtual-time replay of the recording through the same scene")
    func liveMatchesReplay() throws {
        let run = try FullSessionRun.shared.get()
        #expect(!run.liveLog.isEmpty)
        #expect(run.liveLog == run.replayLog)
    }

    @Test("the recognizers see the tap, the two-finger pan, the cancel and the long press at their instants")
    func liveRecognitionIsRight() throws {
        let actions = try FullSessionRun.shared.get().liveLog.split(separator: "\n").filter { $0.contains(" action ") }
        #expect(actions == [
            "1050000 action \"tap\" ended touches 1 at 100.000 100.000 taps 1",
            "1466000 action \"pan\" began touches 2 at 110.000 60.000 translation 10.000 5.000",
            "1482000 action \"pan\" changed touches 2 at 130.000 70.000 translation 30.000 15.000",
            "1514000 action \"pan\" ended touches 1 at 180.000 75.000 translation 30.000 15.000",
            "1930000 action \"pan\" began touches 1 at 210.000 205.000 translation 10.000 5.000",
            "1930000 action \"pan\" cancelled touches 1 at 210.000 205.000 translation 10.000 5.000",
            // Down at 3006 ms plus the 0.5 s minimum press duration: fired by the live clock.
            "3506000 action \"long press\" began touches 1 at 300.000 150.000",
            "3806000 action \"long press\" ended touches 1 at 300.000 150.000",
        ])
    }

    @Test("honours a resize by drawing buffers at the new size")
    func resizeIsHonoured() throws {
        let scratch = try Scratch()
        let run = try TestCompositor.run(
            script: "wait 20\nresize 500 350\nwait 100\nclose\n", liveArguments: [], scratch: scratch)
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        let buffers = run.compositorStdout.split(separator: "\n").filter { $0.hasPrefix("buffer") }
        #expect(buffers.first == "buffer 400 300")
        #expect(buffers.last == "buffer 500 350")
    }

    @Test("names each missing capability and keeps running")
    func missingCapabilitiesAreReported() throws {
        let scratch = try Scratch()
        let run = try TestCompositor.run(
            script: "wait 20\nclose\n", compositorOptions: ["--no-touch", "--no-gestures"],
            liveArguments: ["--record", scratch.file("session.trace")], scratch: scratch)
        #expect(run.liveStatus == 0)
        #expect(run.liveStderr.contains("no touch capability"))
        #expect(run.liveStderr.contains("does not offer zwp_pointer_gestures_v1"))
        #expect(try TraceReader(path: scratch.file("session.trace")).header.devices.isEmpty)
    }

    @Test("closes the recording cleanly when the compositor vanishes mid-session")
    func compositorGoneClosesRecording() throws {
        let scratch = try Scratch()
        let script = "down 7 10 20\nframe\nwait 30\nmotion 7 15 25\nframe\nwait 30\nvanish\n"
        let run = try TestCompositor.run(
            script: script, liveArguments: ["--record", scratch.file("session.trace")], scratch: scratch)
        #expect(run.liveStatus == 0)
        #expect(run.liveStderr.contains("the compositor closed the connection"))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("session.trace.partial")))
        let events = try TraceReader(path: scratch.file("session.trace")).readAll()
        #expect(events.suffix(2) == [
            .touch(TouchSample(time: 1_030_000, phase: .cancel, touch: 0, x: 15 * 256, y: 25 * 256)),
            .frame(FrameMark(time: 1_030_000, device: 0)),
        ])
        #expect(events.count == 6)
    }
}

/// Replays a recording through the default scene on a virtual clock, the way the replay module
/// will: advance to each event's time, deliver it, and run the remaining timers at the end.
enum VirtualReplay {
    static func observations(of events: [TraceEvent], width: Double, height: Double, scratch: Scratch) throws -> String {
        let path = scratch.file("replay.log")
        let recognition = EngineRecognition(
            window: DefaultLiveScene.makeWindow(width: width, height: height), log: try ObservationLog(path: path),
            unitsPerPoint: 256)
        for event in events {
            recognition.advance(to: event.time)
            recognition.receive(event)
        }
        recognition.finish()
        return scratch.read("replay.log")
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
        let scratch = try Scratch()
        let run = try TestCompositor.run(
            script: SessionScript.text,
            liveArguments: ["--record", scratch.file("session.trace"), "--log", scratch.file("live.log")],
            scratch: scratch)
        let reader = try TraceReader(path: scratch.file("session.trace"))
        let events = try reader.readAll()
        return FullSessionRun(
            liveStatus: run.liveStatus, liveStderr: run.liveStderr, header: reader.header, events: events,
            liveLog: scratch.read("live.log"),
            replayLog: try VirtualReplay.observations(of: events, width: 400, height: 300, scratch: scratch))
    }
}
