import GestureEngine
import Testing

private func longPressScene(_ configure: (LongPressGestureRecognizer) -> Void = { _ in }) -> GestureTester {
    let tester = GestureTester()
    let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
    let press = LongPressGestureRecognizer(name: "press")
    configure(press)
    view.addGestureRecognizer(press)
    return tester
}

@Suite("Long press")
struct LongPressTests {
    @Test("a long press begins exactly 0.5 s after the finger comes down, cancelling the view's touch")
    func beginsAtHalfASecond() {
        let tester = longPressScene()
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 499.999)
        #expect(tester.lines(of: "press").isEmpty)
        tester.wait(until: 500)
        #expect(tester.transcript == [
            "0ms view began [1]",
            "500ms press: possible -> began",
            "500ms press action began",
            "500ms view cancelled [1]",
        ])
    }

    @Test("a lift at the same instant as the 0.5 s deadline comes after the timer: began, then ended")
    func liftAtTheDeadline() {
        let tester = longPressScene()
        tester.down(1, 100, 100, at: 0)
        tester.up(1, 100, 100, at: 500)
        #expect(tester.actions == ["500ms press action began", "500ms press action ended"])
    }

    @Test("lifting before 0.5 s fails the long press")
    func liftTooSoon() {
        let tester = longPressScene()
        tester.down(1, 100, 100, at: 0)
        tester.up(1, 100, 100, at: 499)
        tester.finish()
        #expect(tester.lines(of: "press") == ["499ms press: possible -> failed", "499ms press: failed -> possible"])
        #expect(tester.received(by: "view") == ["0ms began [1]", "499ms ended [1]"])
    }

    @Test("moving more than 10 points before it begins fails the long press")
    func allowableMovement() {
        let tester = longPressScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 100, 111, at: 100)
        #expect(tester.lines(of: "press") == ["100ms press: possible -> failed"])
    }

    @Test("after it begins, movement is unlimited and reports changed; lifting ends it")
    func changesThenEnds() {
        let tester = longPressScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 100, 105, at: 300)
        tester.move(1, 180, 150, at: 600)
        tester.up(1, 180, 150, at: 700)
        #expect(tester.actions == ["500ms press action began", "600ms press action changed", "700ms press action ended"])
    }

    @Test("the minimum press duration can be overridden")
    func customDuration() {
        let tester = longPressScene { $0.minimumPressDuration = 200_000 }
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 1_000)
        #expect(tester.actions == ["200ms press action began"])
    }

    @Test("with a tap required first, the press begins 0.5 s after the second touch-down")
    func tapThenPress() {
        let tester = longPressScene { $0.numberOfTapsRequired = 1 }
        tester.tap(1, 100, 100, at: 0)
        tester.down(2, 100, 100, at: 200)
        tester.wait(until: 1_000)
        #expect(tester.actions == ["700ms press action began"])
    }

    @Test("a finger that lands on a long press that has begun is not counted and does not move its location")
    func laterFingerNotCounted() {
        let tester = longPressScene()
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 500)
        tester.down(2, 180, 100, at: 600)
        tester.move(2, 180, 150, at: 650)
        tester.move(1, 100, 120, at: 700)
        #expect(tester.actions == ["500ms press action began", "700ms press action changed"])
        #expect(tester.reports(of: "press") == [
            "500ms press began touches=1 at=(100,100) [(100,100)]",
            "700ms press changed touches=1 at=(100,120) [(100,120)]",
        ])
    }

    @Test("a finger that lands on a long press that has begun and lifts does not end it")
    func laterFingerLiftDoesNotEnd() {
        let tester = longPressScene()
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 500)
        tester.down(2, 180, 100, at: 600)
        tester.up(2, 180, 100, at: 650)
        #expect(tester.lines(of: "press") == ["500ms press: possible -> began", "500ms press action began"])
        tester.up(1, 100, 100, at: 800)
        #expect(tester.actions == ["500ms press action began", "800ms press action ended"])
    }

    @Test("a finger that lands on a long press that has begun reaches the view whole: the press does not cancel it")
    func laterFingerReachesView() {
        let tester = longPressScene()
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 500)
        tester.down(2, 180, 100, at: 600)
        tester.up(2, 180, 100, at: 650)
        tester.up(1, 100, 100, at: 800)
        #expect(tester.received(by: "view") == ["0ms began [1]", "500ms cancelled [1]", "600ms began [2]", "650ms ended [2]"])
    }
}
