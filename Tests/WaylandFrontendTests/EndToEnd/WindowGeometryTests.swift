import Foundation
import TestSupport
import Testing
import TouchTrace

/// The window's size, scale and mapping against the test compositor, which prints every buffer
/// the client commits ("buffer W H").
@Suite("touchstone live window geometry against the test compositor")
struct WindowGeometryTests {
    private func buffers(_ run: TestCompositor.Run) -> [String] {
        run.compositorStdout.split(separator: "\n").filter { $0.hasPrefix("buffer") }.map(String.init)
    }

    @Test("opens at the scene's size bounded by the output and draws at the output's scale")
    func sizeAndScaleFollowTheOutput() throws {
        let scratch = TemporaryDirectory("wayland")
        // 1600 x 1000 pixels at scale 2: 800 x 500 points, of which the window may take nine tenths.
        let run = try TestCompositor.run(
            script: "wait 50\nclose\n", compositorOptions: ["--output", "1600", "1000", "2"], liveArguments: [],
            scratch: scratch)
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        #expect(buffers(run).last == "buffer 1440 900")
    }

    @Test("maps a touch into scene points by the uniform scale, below its own title bar")
    func touchesAreMappedIntoTheScene() throws {
        let scratch = TemporaryDirectory("wayland")
        // 640 x 500 with a 24-point title bar: the 1280 x 800 scene at 0.5, from (0, 24 + 38).
        let run = try TestCompositor.run(
            script: "down 0 320 262\nframe\nwait 20\nup 0\nframe\nwait 50\nclose\n",
            compositorOptions: ["--size", "640", "500", "--no-decorations"],
            liveArguments: ["--record", scratch.file("s.trace")], scratch: scratch)
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        let reader = try TraceReader(path: scratch.file("s.trace"))
        #expect(reader.header.devices.first?.property("wayland.surface.mapping") == "scene 1280x800 at 0.5 from 0,62")
        let touches = try reader.readAll().compactMap { event -> TouchSample? in
            if case .touch(let sample) = event { return sample } else { return nil }
        }
        let centre: [Int32] = [640 * 256, 400 * 256]
        #expect(touches.map { [$0.x, $0.y] } == [centre, centre])
    }

    @Test("takes its preferred size for a configure of 0 x 0 or of an absurd size")
    func absurdConfiguresGiveTheDefault() throws {
        let scratch = TemporaryDirectory("wayland")
        let run = try TestCompositor.run(
            script: "wait 20\nresize 0 0\nsettle\nresize 100000 100000\nsettle\nresize -5 7\nsettle\nclose\n",
            compositorOptions: ["--size", "400", "300"], liveArguments: [], scratch: scratch)
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        #expect(Set(buffers(run)) == ["buffer 400 300", "buffer 1280 800"])
        #expect(buffers(run).last == "buffer 1280 800")
    }

    @Test("survives a storm of configures and ends at the last size")
    func resizeStorm() throws {
        let scratch = TemporaryDirectory("wayland")
        let run = try TestCompositor.run(
            script: "wait 20\nstorm 200\nsettle\nclose\n", compositorOptions: ["--size", "400", "300"],
            liveArguments: [], scratch: scratch)
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        #expect(buffers(run).last == "buffer 700 500")
    }
}
