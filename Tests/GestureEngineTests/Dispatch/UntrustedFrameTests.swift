import GestureEngine
import Testing

@Suite("Untrusted frames")
struct UntrustedFrameTests {
    private func scene() -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        view.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        return tester
    }

    @Test("moves and lifts of a finger that is not down are ignored")
    func unknownFinger() {
        let tester = scene()
        tester.move(7, 10, 10, at: 0)
        tester.up(7, 10, 10, at: 10)
        tester.cancel(8, 10, 10, at: 20)
        #expect(tester.transcript.isEmpty)
        #expect(tester.dispatcher.touchesDown.isEmpty)
    }

    @Test("a second touch-down of a finger already down is a move")
    func repeatedDown() {
        let tester = scene()
        tester.down(1, 100, 100, at: 0)
        tester.down(1, 110, 100, at: 10)
        #expect(tester.received(by: "view") == ["0ms began [1]", "10ms moved [1]"])
        #expect(tester.dispatcher.touchesDown.count == 1)
    }

    @Test("a finger listed twice in one frame splits the frame in two at the same instant")
    func fingerTwiceInOneFrame() {
        let tester = scene()
        tester.frame(at: 0, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 100, y: 100)),
            TouchInput(identifier: 1, change: .up, location: Point(x: 100, y: 100)),
        ])
        #expect(tester.transcript == [
            "0ms view began [1]",
            "0ms tap: possible -> ended",
            "0ms tap action ended",
            "0ms view cancelled [1]",
            "0ms tap: ended -> possible",
        ])
    }

    @Test("a touch outside the window reaches no view and no recognizer")
    func outsideWindow() {
        let tester = scene()
        tester.window.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        tester.tap(1, -5, 900, at: 0)
        #expect(tester.transcript.isEmpty)
        #expect(tester.dispatcher.touchesDown.isEmpty)
        #expect(tester.dispatcher.touchesHeld.isEmpty)
    }

    @Test("touch objects are recycled: a thousand taps leave nothing down or held and nothing in play")
    func recycling() {
        let tester = scene()
        for index in 0..<1_000 {
            tester.tap(UInt32(index), 100, 100, at: Double(index) * 1_000)
        }
        #expect(tester.dispatcher.touchesDown.isEmpty)
        #expect(tester.dispatcher.touchesHeld.isEmpty)
        #expect(tester.dispatcher.recognizersInPlay.isEmpty)
        #expect(tester.actions.count == 1_000)
    }
}
