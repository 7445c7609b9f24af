import GestureEngine
import Testing

@Suite("Touch-down press")
struct TouchDownPressTests {
    @Test("recognizes at touch-down, before any lift, so the view never sees the touch")
    func recognizesOnDown() {
        let tester = GestureTester.with(TouchDownPressGestureRecognizer(name: "press"))
        tester.down(1, 100, 100, at: 0)
        #expect(tester.transcript == ["0ms press: possible -> ended", "0ms press action ended"])
        tester.up(1, 100, 100, at: 80)
        #expect(tester.transcript.last == "80ms press: ended -> possible")
    }

    @Test("a two-finger press waits for the second finger")
    func twoFingers() {
        let press = TouchDownPressGestureRecognizer(name: "press")
        press.numberOfTouchesRequired = 2
        let tester = GestureTester.with(press)
        tester.down(1, 100, 100, at: 0)
        #expect(tester.actions.isEmpty)
        tester.down(2, 160, 100, at: 30)
        #expect(tester.actions == ["30ms press action ended"])
    }

    @Test("one finger on a two-finger press fails at lift (near miss)")
    func tooFewFingers() {
        let press = TouchDownPressGestureRecognizer(name: "press")
        press.numberOfTouchesRequired = 2
        let tester = GestureTester.with(press)
        tester.tap(1, 100, 100, at: 0)
        #expect(tester.lines(of: "press").first == "50ms press: possible -> failed")
    }

    @Test("more fingers landing together than required fail it")
    func tooManyFingers() {
        let tester = GestureTester.with(TouchDownPressGestureRecognizer(name: "press"))
        tester.frame(at: 0, [
            TouchInput(identifier: 1, change: .down, location: P(100, 100)),
            TouchInput(identifier: 2, change: .down, location: P(150, 100)),
        ])
        #expect(tester.lines(of: "press").first == "0ms press: possible -> failed")
    }

    @Test("a cancellation before enough fingers are down fails it")
    func cancellation() {
        let press = TouchDownPressGestureRecognizer(name: "press")
        press.numberOfTouchesRequired = 2
        let tester = GestureTester.with(press)
        tester.down(1, 100, 100, at: 0)
        tester.cancel(1, 100, 100, at: 20)
        #expect(tester.lines(of: "press").first == "20ms press: possible -> failed")
    }
}
