import GestureEngine
import Testing

@Suite("Scroll view content touch delay")
struct ContentTouchDelayTests {
    /// A scroll view with a pan and a 0.15 s content touch delay, holding a button whose tap does
    /// not cancel touches; a finger lands on the button, moves 5 points at `firstMove` ms, then
    /// 30 at `secondMove` ms, and lifts at 300 ms.
    private func drag(firstMove: Double, secondMove: Double) -> GestureTester {
        let tester = GestureTester()
        tester.timestampBegan = true
        let scroll = tester.addView("scroll", Rect(x: 0, y: 0, width: 400, height: 800))
        scroll.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        scroll.addGestureRecognizer(ContentTouchDelayRecognizer(name: "delay", delay: 150_000))
        let button = tester.addView("button", Rect(x: 0, y: 0, width: 200, height: 200), in: scroll)
        let tap = TapGestureRecognizer(name: "tap")
        tap.cancelsTouchesInView = false
        button.addGestureRecognizer(tap)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 100, 105, at: firstMove)
        tester.move(1, 100, 130, at: secondMove)
        tester.up(1, 100, 130, at: 300)
        return tester
    }

    @Test("a drag that begins the scroll view's pan within 0.15 s never reaches the content")
    func earlyDragHidesTouch() {
        let tester = drag(firstMove: 50, secondMove: 100)
        #expect(tester.received(by: "button").isEmpty)
        #expect(tester.actions == ["100ms pan action began", "300ms pan action ended"])
    }

    @Test("a finger still after 0.15 s reaches the content with its landing time, and a later scroll cancels it there")
    func lateDragCancelsContent() {
        let tester = drag(firstMove: 200, secondMove: 250)
        #expect(tester.received(by: "button") == ["150ms began [1] @0ms", "200ms moved [1]", "250ms cancelled [1]"])
    }
}
