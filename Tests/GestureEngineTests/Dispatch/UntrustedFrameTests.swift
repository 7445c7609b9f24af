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

@Suite("Dispatcher lifetime")
struct DispatcherLifetimeTests {
    @Test("recognizers left mid-gesture by a discarded dispatcher start afresh with the next one")
    func recognizersOutliveDispatcher() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let pan = PanGestureRecognizer(name: "pan")
        window.addGestureRecognizer(pan)
        do {
            let dispatcher = TouchDispatcher(window: window, scheduler: VirtualScheduler())
            dispatcher.send(TouchFrame(timestamp: 0, touches: [TouchInput(identifier: 1, change: .down, location: Point(x: 10, y: 10))]))
            dispatcher.send(TouchFrame(timestamp: 10, touches: [TouchInput(identifier: 1, change: .move, location: Point(x: 40, y: 10))]))
            #expect(pan.state == .began)
        }
        #expect(pan.state == .possible)
        pan.isEnabled = false
        pan.isEnabled = true
        let tester = GestureTester()
        tester.window.addGestureRecognizer(pan)
        tester.down(1, 10, 10, at: 0)
        tester.move(1, 40, 10, at: 10)
        #expect(tester.actions == ["10ms pan action began"])
    }
}
