import Foundation
import TestSupport
import Testing
import TouchTrace

/// Two-finger scrolling from a real protocol peer: the test compositor sends `wl_pointer.axis`
/// with `axis_source` finger, then `axis_stop`, and `touchstone live` must record the scroll and
/// drive a pan that allows continuous scrolling.
@Suite("touchstone live scrolling against the test compositor")
struct TestCompositorScrollTests {
    /// A full-window list whose pan takes a trackpad's two-finger scrolling.
    static let scene = """
        {"name": "scroll-list", "window": {"width": 1280, "height": 800},
         "views": [{"id": "list", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
                    "recognizers": [{"id": "scroll", "type": "pan", "allowedScrollTypes": ["continuous"]}]}]}
        """

    /// Four frames of scrolling down (and a little right), the stop, then a wheel-less pause.
    static let script = """
        axis-finger 0 6
        wait 10
        axis-finger 0 6
        wait 10
        axis-finger 1.5 6
        wait 10
        axis-finger 0 6
        wait 10
        axis-stop
        wait 100
        close

        """

    struct Run {
        var status: Int32?
        var stderr: String
        var events: [TraceEvent]
        var liveLog: String
        var replayLog: String
    }

    static let shared = Result<Run, any Error> {
        let scratch = TemporaryDirectory("wayland-scroll")
        let scenePath = try scratch.write(scene, to: "scroll-list.json")
        let trace = scratch.file("scroll.trace"), log = scratch.file("live.log"), replayLog = scratch.file("replay.log")
        let run = try TestCompositor.run(
            script: script, liveArguments: ["--scene", scenePath, "--record", trace, "--log", log], scratch: scratch)
        let replay = try ChildProcess(
            TestPaths.touchstone, ["replay", trace, "--scene", scenePath, "--output", replayLog],
            environment: [:], scratch: scratch, name: "replay")
        guard replay.wait(seconds: 20) == 0 else {
            throw TestPaths.ShellFailure(command: "touchstone replay", output: replay.stderr)
        }
        return Run(
            status: run.liveStatus, stderr: run.liveStderr, events: try TraceReader(path: trace).readAll(),
            liveLog: scratch.read("live.log"), replayLog: scratch.read("replay.log"))
    }

    @Test("wl_pointer.axis with finger source and its axis_stop are recorded as one scroll gesture on the touchpad device")
    func scrollIsRecorded() throws {
        let run = try Self.shared.get()
        #expect(run.status == 0, "\(run.stderr)")
        func scroll(_ ms: Int64, _ phase: GesturePhase, dx: Double = 0, dy: Double = 0) -> TraceEvent {
            .gesture(GestureSample(
                time: ms * 1000, device: 1, kind: .scroll, phase: phase, fingers: 0,
                dx: dx, dy: dy, dxUnaccelerated: dx, dyUnaccelerated: dy))
        }
        #expect(run.events.filter { if case .gesture = $0 { true } else { false } } == [
            scroll(1000, .begin), scroll(1000, .update, dy: 6), scroll(1010, .update, dy: 6),
            scroll(1020, .update, dx: 1.5, dy: 6), scroll(1030, .update, dy: 6), scroll(1040, .end),
        ])
    }

    @Test("the scroll drives the pan that allows continuous scrolling, at the window's centre, live and in replay alike")
    func scrollDrivesPan() throws {
        let run = try Self.shared.get()
        let actions = run.liveLog.split(separator: "\n").filter { $0.contains(" action ") }
        #expect(actions.first?.contains("action scroll began touches=0 at=(640.00,400.00) translation=(0.00,12.00)") == true, "\(actions)")
        #expect(actions.last?.contains("action scroll ended touches=0 at=(640.00,400.00) translation=(1.50,24.00)") == true, "\(actions)")
        #expect(run.liveLog == run.replayLog)
    }
}
