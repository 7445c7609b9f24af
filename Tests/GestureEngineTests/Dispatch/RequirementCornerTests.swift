import GestureEngine
import Testing

@Suite("Failure requirement chains and changing answers")
struct RequirementCornerTests {
    /// Single, double and triple taps on one view, single requiring double and double requiring
    /// triple to fail.
    private func threeTaps() -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        let triple = TapGestureRecognizer(name: "triple")
        triple.numberOfTapsRequired = 3
        single.require(toFail: double)
        double.require(toFail: triple)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        view.addGestureRecognizer(triple)
        return tester
    }

    @Test("in a chain of three taps, a lone tap fires the single tap once the timers of double and triple have failed them")
    func chainLoneTap() {
        let tester = threeTaps()
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.actions == ["400ms single action ended"])
    }

    @Test("in a chain of three taps, a double tap waits for the triple tap's timer and fires the double tap alone")
    func chainDoubleTap() {
        let tester = threeTaps()
        tester.tap(1, 100, 100, at: 0)
        tester.tap(1, 100, 100, at: 150)
        tester.finish()
        #expect(tester.actions == ["550ms double action ended"])
        #expect(tester.lines(of: "single").prefix(2) == ["50ms single: possible -> ended", "200ms single: ended -> failed"])
    }

    @Test("in a chain of three taps, a triple tap fires the triple tap alone, at its last lift")
    func chainTripleTap() {
        let tester = threeTaps()
        tester.tap(1, 100, 100, at: 0)
        tester.tap(1, 100, 100, at: 150)
        tester.tap(1, 100, 100, at: 300)
        tester.finish()
        #expect(tester.actions == ["350ms triple action ended"])
    }

    @Test("a shouldBegin answer that changes between attempts is asked again each time")
    func shouldBeginAskedPerAttempt() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let tap = TapGestureRecognizer(name: "tap")
        let delegate = ScriptedDelegate()
        delegate.shouldBegin = false
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        tester.tap(1, 100, 100, at: 0)
        delegate.shouldBegin = true
        tester.tap(1, 100, 100, at: 1000)
        #expect(tester.actions == ["1050ms tap action ended"])
        #expect(tester.lines(of: "tap").first == "50ms tap: possible -> failed")
    }

    @Test("shouldReceive is asked per touch: a recognizer that declined one finger still receives another")
    func shouldReceivePerTouch() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let pan = PanGestureRecognizer(name: "pan")
        let delegate = ScriptedDelegate()
        delegate.shouldReceive = false
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        tester.down(1, 100, 100, at: 0)
        delegate.shouldReceive = true
        tester.down(2, 200, 100, at: 10)
        tester.move(1, 100, 150, at: 20)
        #expect(tester.actions.isEmpty)
        tester.move(2, 200, 150, at: 30)
        #expect(tester.actions == ["30ms pan action began"])
        #expect(tester.reports(of: "pan") == ["30ms pan began touches=1 at=(200,150) [(200,150)]"])
    }

    @Test("either delegate answering yes to simultaneity is enough, whichever side it is on")
    func simultaneityEitherSide() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let outer = PanGestureRecognizer(name: "first")
        let inner = PanGestureRecognizer(name: "second")
        let refusing = ScriptedDelegate()
        let allowing = ScriptedDelegate()
        allowing.simultaneous = true
        outer.delegate = refusing
        inner.delegate = allowing
        view.addGestureRecognizer(outer)
        view.addGestureRecognizer(inner)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 10)
        #expect(tester.actions == ["10ms first action began", "10ms second action began"])
    }
    @Test("disabling the double tap while a single tap waits on it fails it and lets the single tap act at once")
    func disablingRequirementReleasesDependent() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        tester.tap(1, 100, 100, at: 0)
        tester.wait(until: 100)
        double.isEnabled = false
        #expect(tester.actions == ["100ms single action ended"])
        #expect(tester.lines(of: "double").first == "100ms double: possible -> failed")
        tester.finish()
        #expect(tester.actions == ["100ms single action ended"])
    }
    /// A single tap and a double tap on one view, the single tap requiring the double tap to fail
    /// by `require(toFail:)` or, with `delegate`, through the delegate's answer.
    private func singleAndDouble(delegate: ScriptedDelegate? = nil) -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        if let delegate {
            delegate.requireFailureOf = [double]
            single.delegate = delegate
        } else {
            single.require(toFail: double)
        }
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        return tester
    }

    @Test("a failure requirement met in one sequence must be met again in the next")
    func requirementMetAgain() {
        let tester = singleAndDouble()
        tester.tap(1, 100, 100, at: 0)
        tester.tap(1, 100, 100, at: 150)
        tester.finish()
        tester.tap(1, 100, 100, at: 2000)
        tester.finish()
        #expect(tester.actions == ["200ms double action ended", "2400ms single action ended"])
    }

    @Test("the delegate's failure requirement is asked each attempt: an answer withdrawn between sequences takes it away")
    func delegateRequirementPerAttempt() {
        let delegate = ScriptedDelegate()
        let tester = singleAndDouble(delegate: delegate)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        delegate.requireFailureOf = []
        tester.tap(1, 100, 100, at: 2000)
        tester.finish()
        #expect(tester.actions == ["400ms single action ended", "2050ms single action ended"])
    }

    @Test("a requirement that fails because its delegate declined shouldBegin lets its dependent through")
    func shouldBeginFailureFulfilsRequirement() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let press = LongPressGestureRecognizer(name: "press")
        press.allowableMovement = 100
        let pan = PanGestureRecognizer(name: "pan")
        let delegate = ScriptedDelegate()
        delegate.shouldBegin = false
        pan.delegate = delegate
        press.require(toFail: pan)
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 100)
        tester.wait(until: 600)
        tester.up(1, 130, 100, at: 700)
        #expect(tester.lines(of: "pan").first == "100ms pan: possible -> failed")
        #expect(tester.actions == ["500ms press action began", "700ms press action ended"])
    }
    /// A tap requiring a long press to fail, which requires a pan to fail, on one view.
    private func tapPressPan() -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let tap = TapGestureRecognizer(name: "tap")
        let press = LongPressGestureRecognizer(name: "press")
        let pan = PanGestureRecognizer(name: "pan")
        tap.require(toFail: press)
        press.require(toFail: pan)
        for recognizer in [tap, press, pan] as [GestureRecognizer] { view.addGestureRecognizer(recognizer) }
        return tester
    }

    @Test("with a long press's timer in the middle of a chain, the press beginning fails the tap, and it acts, began then ended, once the pan fails at the lift")
    func chainWithTimerInTheMiddle() {
        let tester = tapPressPan()
        tester.down(1, 100, 100, at: 0)
        tester.up(1, 100, 100, at: 600)
        #expect(tester.lines(of: "tap").first == "500ms tap: possible -> failed")
        #expect(tester.actions == ["600ms press action began", "600ms press action ended"])
    }

    @Test("with a long press's timer in the middle of a chain, a quick tap fails the press and the pan at the lift and fires the tap at once")
    func chainWithTimerInTheMiddleQuickTap() {
        let tester = tapPressPan()
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.actions == ["50ms tap action ended"])
    }
    @Test("a requirement disabled before the sequence counts as failed: the single tap acts at its lift")
    func disabledRequirementCountsAsFailed() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        double.isEnabled = false
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.actions == ["50ms single action ended"])
        #expect(tester.lines(of: "double").isEmpty)
    }
}
