import Foundation
import TestSupport
import Testing
import TouchTrace

/// The window's own title bar against the test compositor, which draws no decorations
/// (`--no-decorations`) and prints each window-management request it receives. The window is
/// 640 × 500 points: the bar is 24 points tall, its close button from x 608, maximize from 576.
@Suite("touchstone live's own title bar moves, maximizes, resizes and closes the window")
struct WindowDecorationTests {
    static let undecorated = ["--size", "640", "500", "--no-decorations"]

    private func lines(_ run: TestCompositor.Run, _ prefix: String) -> [String] {
        run.compositorStdout.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map(String.init)
    }

    /// The serial the compositor printed after `prefix` ("pressed", "touch-down"), in order.
    private func serials(_ run: TestCompositor.Run, _ prefix: String) -> [String] {
        lines(run, prefix + " ").map { String($0.dropFirst(prefix.count + 1)) }
    }

    /// Runs `touchstone live ARGUMENTS` against the compositor playing `script`; the session must
    /// end cleanly.
    private func session(
        _ script: String, compositorOptions: [String] = undecorated, liveArguments: [String] = [],
        scratch: TemporaryDirectory = TemporaryDirectory("wayland")
    ) throws -> TestCompositor.Run {
        let run = try TestCompositor.run(
            script: script, compositorOptions: compositorOptions, liveArguments: liveArguments, scratch: scratch)
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        return run
    }

    @Test("Dragging the title bar with the pointer asks the compositor to move the window with the press's serial, whatever other buttons do meanwhile")
    func pointerDragMoves() throws {
        let run = try session(
            "pointer 200 12\nbutton 272 1\nbutton 274 1\nbutton 274 0\nwait 10\npointer 206 12\nwait 10\nbutton 272 0\nwait 50\nclose\n")
        #expect(lines(run, "move") == serials(run, "pressed").prefix(1).map { "move \($0)" })
        #expect(lines(run, "move").count == 1)
    }

    @Test("A click that does not drag moves nothing")
    func clickDoesNotMove() throws {
        let run = try session("pointer 200 12\nbutton 272 1\nwait 10\npointer 202 13\nwait 10\nbutton 272 0\nwait 50\nclose\n")
        #expect(lines(run, "move").isEmpty)
    }

    @Test("A touch dragging the title bar moves the window and never reaches the recording; touches on the scene do")
    func touchOnTitleBarIsTheWindows() throws {
        let scratch = TemporaryDirectory("wayland")
        let script = """
            down 0 200 12
            frame
            wait 10
            motion 0 230 12
            frame
            wait 10
            up 0
            frame
            wait 20
            down 1 320 262
            frame
            wait 20
            up 1
            frame
            wait 50
            close

            """
        let run = try session(script, liveArguments: ["--record", scratch.file("s.trace")], scratch: scratch)
        #expect(lines(run, "move") == serials(run, "touch-down").prefix(1).map { "move \($0)" })
        #expect(lines(run, "move").count == 1)
        let events = try TraceReader(path: scratch.file("s.trace")).readAll()
        let touches = events.compactMap { event -> TouchSample? in
            if case .touch(let sample) = event { return sample } else { return nil }
        }
        let frames = events.filter { if case .frame = $0 { true } else { false } }
        // Only the scene's touch, at the scene's centre, as the window's first touch (id 0).
        #expect(touches.map(\.phase) == [.down, .up])
        #expect(touches.map(\.touch) == [0, 0])
        #expect(touches.first.map { [$0.x, $0.y] } == [640 * 256, 400 * 256])
        #expect(frames.count == 2)
    }

    @Test("A double click on the title bar maximizes the window, and another one restores it")
    func doubleClickTogglesMaximized() throws {
        let doubleClick = "button 272 1\nwait 10\nbutton 272 0\nwait 50\nbutton 272 1\nwait 10\nbutton 272 0\n"
        let run = try session("pointer 300 12\n" + doubleClick + "settle\nwait 500\n" + doubleClick + "settle\nwait 50\nclose\n")
        #expect(lines(run, "maximize") + lines(run, "unmaximize") == ["maximize", "unmaximize"])
    }

    @Test("The maximize button maximizes the window")
    func maximizeButton() throws {
        let run = try session("pointer 590 12\nbutton 272 1\nwait 10\nbutton 272 0\nsettle\nwait 50\nclose\n")
        #expect(lines(run, "maximize") == ["maximize"])
    }

    @Test("The close button ends the session as the compositor's close does, the recording finished")
    func closeButtonCloses() throws {
        let scratch = TemporaryDirectory("wayland")
        let run = try session(
            "down 0 320 262\nframe\nwait 20\nup 0\nframe\nwait 20\npointer 625 12\nbutton 272 1\nwait 10\nbutton 272 0\nwait 5000\n",
            liveArguments: ["--record", scratch.file("s.trace")], scratch: scratch)
        #expect(run.compositorStdout.contains("client gone before the script ended"))
        let touches = try TraceReader(path: scratch.file("s.trace")).readAll().filter { if case .touch = $0 { true } else { false } }
        #expect(touches.count == 2)
    }

    @Test("A pointer press at the window's bottom-right corner resizes it from there; the secondary button opens the window menu")
    func cornerResizesAndMenu() throws {
        let run = try session(
            "pointer 638 498\nbutton 272 1\nwait 10\nbutton 272 0\npointer 100 12\nbutton 273 1\nwait 10\nbutton 273 0\nwait 50\nclose\n")
        let pressed = serials(run, "pressed")
        try #require(pressed.count == 2, "\(run.compositorStdout)")
        #expect(lines(run, "resize") == ["resize \(pressed[0]) 10"])
        #expect(lines(run, "window-menu") == ["window-menu \(pressed[1]) 100 12"])
    }

    @Test("The pointer shows the theme's arrow on entering, with the enter's serial, and a resize arrow over an edge")
    func cursorImages() throws {
        let run = try session("pointer 300 12\nwait 10\npointer 638 498\nwait 10\npointer 300 200\nwait 50\nclose\n")
        let entered = serials(run, "entered")
        let cursors = lines(run, "cursor ")
        // Arrow on entering, the corner's arrow, the arrow again; each set once, with the enter's serial.
        try #require(entered.count == 1 && cursors.count == 3, "\(run.compositorStdout)")
        #expect(cursors.allSatisfy { $0.hasPrefix("cursor \(entered[0]) ") })
        #expect(cursors[0] == cursors[2])
        #expect(lines(run, "cursor-buffer").count == 3)
    }

    @Test("With the compositor's decorations the window draws no bar, and a press at its top moves nothing")
    func serverSideDecorationsLeaveThePressAlone() throws {
        let run = try session(
            "pointer 200 12\nbutton 272 1\nwait 10\npointer 260 12\nwait 10\nbutton 272 0\nwait 50\nclose\n",
            compositorOptions: ["--size", "640", "500"])
        #expect(lines(run, "move").isEmpty)
        #expect(lines(run, "resize").isEmpty)
    }
}
