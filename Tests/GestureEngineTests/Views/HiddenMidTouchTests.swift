import GestureEngine
import Testing

/// A touch is hit-tested once, when it begins (docs/semantics.md V1, V2, V8): hiding its view or
/// turning off the view's user interaction afterwards changes neither its view nor its
/// recognizers. UIKit's documentation describes both properties only as excluding a view from
/// hit-testing; the change takes effect at the next touch that begins.
@Suite("Views hidden or made non-interactive mid-sequence")
struct HiddenMidTouchTests {
    private func tester() -> (GestureTester, View) {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        return (tester, view)
    }

    @Test("a view hidden while a finger is on it keeps receiving that touch to its lift")
    func hiddenKeepsTouch() {
        let (tester, view) = tester()
        tester.down(1, 100, 100, at: 0)
        view.isHidden = true
        tester.move(1, 110, 100, at: 10)
        tester.up(1, 110, 100, at: 20)
        #expect(tester.received(by: "view") == ["0ms began [1]", "10ms moved [1]", "20ms ended [1]"])
    }

    @Test("a view whose user interaction is turned off mid-touch keeps that touch, and its tap still recognizes")
    func nonInteractiveKeepsTouchAndRecognizer() {
        let (tester, view) = tester()
        let tap = TapGestureRecognizer(name: "tap")
        view.addGestureRecognizer(tap)
        tester.down(1, 100, 100, at: 0)
        view.isUserInteractionEnabled = false
        tester.up(1, 100, 100, at: 50)
        #expect(tester.lines(of: "tap").contains("50ms tap: possible -> ended"))
    }

    @Test("a finger landing after the view was hidden is not hit-tested to it")
    func nextTouchMissesHiddenView() {
        let (tester, view) = tester()
        tester.down(1, 100, 100, at: 0)
        view.isHidden = true
        tester.down(2, 150, 150, at: 10)
        #expect(tester.received(by: "view") == ["0ms began [1]"])
    }
}
