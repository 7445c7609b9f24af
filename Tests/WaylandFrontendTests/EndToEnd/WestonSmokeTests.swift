import Foundation
import TestSupport
import Testing
import TouchTrace

/// `touchstone live` against a real compositor: weston 10 headless with kiosk-shell, and a small
/// module (Fixtures/WestonTouch) that injects a tap and a drag through libweston's touch path.
@Suite("touchstone live against weston 10 headless")
struct WestonSmokeTests {
    @Test("records and recognizes touches that weston delivers")
    func westonTouchSession() throws {
        let scratch = TemporaryDirectory("wayland")
        let weston = try TestWeston(scratch: scratch, arguments: ["--shell=kiosk-shell.so"])
        defer { weston.process.stop() }
        let environment = weston.environment
        let westonLog = weston.log

        let live = try ChildProcess(
            TestPaths.touchstone,
            ["live", "--record", scratch.file("session.trace"), "--log", scratch.file("live.log")],
            environment: environment, scratch: scratch, name: "live")
        defer { live.stop() }
        try #require(waitForLine("touch-injector: done", in: westonLog, seconds: 15), "no touches injected")
        // Weston sends no frame after the last lift: let the live frame grace deliver it, then stop.
        usleep(200_000)
        live.process.interrupt()
        #expect(live.wait(seconds: 10) == 0, "\(live.stderr)")

        let reader = try TraceReader(path: scratch.file("session.trace"))
        #expect(reader.header.devices.first?.kind == .touchscreen)
        let touches = try reader.readAll().compactMap { event -> TouchSample? in
            if case .touch(let sample) = event { return sample } else { return nil }
        }
        #expect(touches.map(\.phase) == [.down, .up, .down, .motion, .motion, .motion, .up])
        #expect(touches.map(\.touch) == [0, 0, 1, 1, 1, 1, 1])
        // Weston's kiosk window fills the 1024 x 640 output: the scene is drawn at 0.8 from (0, 0) and
        // the touches, injected in output points, are recorded in scene points.
        #expect(reader.header.devices.first?.property("wayland.surface.mapping") == "scene 1280x800 at 0.8 from 0,0")
        let injected: [[Int32]] = [[100, 100], [100, 100], [300, 200], [320, 210], [340, 220], [360, 230], [360, 230]]
        #expect(touches.map { [$0.x, $0.y] } == injected.map { $0.map { $0 * 256 * 5 / 4 } })
        let actions = scratch.read("live.log").split(separator: "\n").filter { $0.contains(" action ") }
        #expect(actions.map { $0.split(separator: " ").dropFirst().prefix(3).joined(separator: " ") } == [
            "action singleTap recognized", "action pan began", "action pan changed", "action pan changed",
            "action pan ended",
        ])
        let replay = try ChildProcess(
            TestPaths.touchstone, ["replay", scratch.file("session.trace"), "--scene", "map", "--output", scratch.file("replay.log")],
            environment: [:], scratch: scratch, name: "replay")
        #expect(replay.wait(seconds: 20) == 0)
        #expect(scratch.read("replay.log") == scratch.read("live.log"))
    }

    private func waitForLine(_ text: String, in path: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if readFileText(path).contains(text) { return true }
            usleep(20_000)
        }
        return false
    }
}
