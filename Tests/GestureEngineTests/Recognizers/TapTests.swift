import GestureEngine
import Testing

/// A 200×200 view at the window's origin with one recognizer attached.
private func tapScene(_ configure: (TapGestureRecognizer) -> Void = { _ in }) -> (GestureTester, TapGestureRecognizer) {
    let tester = GestureTester()
    let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
    let tap = TapGestureRecognizer(name: "tap")
    configure(tap)
    view.addGestureRecognizer(tap)
    return (tester, tap)
}

@Suite("Tap")
struct TapTests {
    @Test("a single tap with the defaults: the action fires at the lift and the view sees began then cancelled, no ended")
    func singleTapDefaults() {
        let (tester, _) = tapScene()
        tester.down(1, 100, 100, at: 0)
        tester.up(1, 100, 100, at: 80)
        #expect(tester.transcript == [
            "0ms view began [1]",
            "80ms tap: possible -> ended",
            "80ms tap action ended",
            "80ms view cancelled [1]",
            "80ms tap: ended -> possible",
        ])
    }

    @Test("moving farther than 45 points fails the tap")
    func allowableMovement() {
        let (tester, _) = tapScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 146, 100, at: 20)
        tester.up(1, 146, 100, at: 40)
        #expect(tester.lines(of: "tap") == ["20ms tap: possible -> failed", "40ms tap: failed -> possible"])
        #expect(tester.actions.isEmpty)
    }

    @Test("moving up to 45 points still taps")
    func withinAllowableMovement() {
        let (tester, _) = tapScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 145, 100, at: 20)
        tester.up(1, 145, 100, at: 40)
        #expect(tester.actions == ["40ms tap action ended"])
    }

    @Test("holding the finger down past the maximum tap duration fails the tap at that instant")
    func maximumTapDuration() {
        let (tester, _) = tapScene()
        tester.down(1, 100, 100, at: 0)
        tester.up(1, 100, 100, at: 900)
        #expect(tester.lines(of: "tap") == ["750ms tap: possible -> failed", "900ms tap: failed -> possible"])
    }

    @Test("a second finger fails a one-finger tap")
    func tooManyFingers() {
        let (tester, _) = tapScene()
        tester.down(1, 100, 100, at: 0)
        tester.down(2, 120, 100, at: 10)
        tester.up(1, 100, 100, at: 40)
        tester.up(2, 120, 100, at: 40)
        #expect(tester.lines(of: "tap").first == "10ms tap: possible -> failed")
    }

    @Test("a two-finger tap recognizes when both fingers have lifted")
    func twoFingerTap() {
        let (tester, _) = tapScene { $0.numberOfTouchesRequired = 2 }
        tester.frame(at: 0, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 80, y: 100)),
            TouchInput(identifier: 2, change: .down, location: Point(x: 120, y: 100)),
        ])
        tester.up(1, 80, 100, at: 50)
        #expect(tester.actions.isEmpty)
        tester.up(2, 120, 100, at: 60)
        #expect(tester.actions == ["60ms tap action ended"])
    }

    @Test("a two-finger tap whose fingers lift one at a time is measured on both: the first lift does not move it")
    func twoFingerTapStaggeredLift() {
        let (tester, _) = tapScene { $0.numberOfTouchesRequired = 2 }
        tester.frame(at: 0, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 50, y: 100)),
            TouchInput(identifier: 2, change: .down, location: Point(x: 150, y: 100)),
        ])
        tester.up(1, 50, 100, at: 40)
        tester.move(2, 151, 100, at: 48)
        tester.up(2, 151, 100, at: 56)
        #expect(tester.actions == ["56ms tap action ended"])
    }

    @Test("a two-finger double tap places its second tap once both fingers are down, not at the first to land")
    func twoFingerDoubleTapStaggeredLanding() {
        let (tester, _) = tapScene {
            $0.numberOfTouchesRequired = 2
            $0.numberOfTapsRequired = 2
        }
        for (start, ids) in [(0.0, (UInt32(1), UInt32(2))), (150, (3, 4))] {
            tester.down(ids.0, 50, 100, at: start)
            tester.down(ids.1, 150, 100, at: start + 8)
            tester.frame(at: start + 50, [
                TouchInput(identifier: ids.0, change: .up, location: Point(x: 50, y: 100)),
                TouchInput(identifier: ids.1, change: .up, location: Point(x: 150, y: 100)),
            ])
        }
        #expect(tester.actions == ["200ms tap action ended"])
    }

    @Test("a double-tap recognizer fails when the second tap comes later than 0.35 s after the first lift")
    func doubleTapInterval() {
        let (tester, _) = tapScene { $0.numberOfTapsRequired = 2 }
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 100, 100, at: 401)
        #expect(tester.lines(of: "tap").first == "400ms tap: possible -> failed")
        #expect(tester.actions.isEmpty)
    }

    @Test("a double tap with its second tap 45 points away or less recognizes at the second lift")
    func doubleTapPlace() {
        let (tester, _) = tapScene { $0.numberOfTapsRequired = 2 }
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 130, 100, at: 200)
        #expect(tester.actions == ["250ms tap action ended"])
    }

    @Test("a second tap farther than 45 points from the first fails the double tap")
    func doubleTapTooFar() {
        let (tester, _) = tapScene { $0.numberOfTapsRequired = 2 }
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 150, 100, at: 200)
        #expect(tester.lines(of: "tap").first == "200ms tap: possible -> failed")
    }

    @Test("a cancelled touch fails the tap")
    func cancelledTouch() {
        let (tester, _) = tapScene()
        tester.down(1, 100, 100, at: 0)
        tester.cancel(1, 100, 100, at: 30)
        #expect(tester.lines(of: "tap").first == "30ms tap: possible -> failed")
    }

    @Test("the tap reports the first tap's location and the taps it counted")
    func actionValues() {
        let (tester, tap) = tapScene { $0.numberOfTapsRequired = 2 }
        var seen: [ActionValues] = []
        tap.addAction { seen.append($0.actionValues) }
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 104, 100, at: 200)
        #expect(seen.map(\.tapCount) == [2])
        #expect(seen.map(\.location) == [Point(x: 100, y: 100)])
    }
}

@Suite("Tap and double tap")
struct TapVersusDoubleTapTests {
    private func scene(singleRequiresDouble: Bool) -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        if singleRequiresDouble { single.require(toFail: double) }
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        return tester
    }

    @Test("without a failure requirement a double tap fires the single tap at the first lift and the double tap, alone, at the second")
    func withoutRequirement() {
        let tester = scene(singleRequiresDouble: false)
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 100, 100, at: 200)
        tester.finish()
        #expect(tester.actions == ["50ms single action ended", "250ms double action ended"])
        #expect(tester.lines(of: "single").suffix(3) == [
            "250ms single: possible -> ended", "250ms single: ended -> failed", "250ms single: failed -> possible",
        ])
    }

    @Test("without a failure requirement a lone tap fires the single tap at once")
    func loneTapWithoutRequirement() {
        let tester = scene(singleRequiresDouble: false)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.actions == ["50ms single action ended"])
    }

    @Test("when the single tap requires the double tap to fail, a double tap fires only the double tap")
    func doubleTapWithRequirement() {
        let tester = scene(singleRequiresDouble: true)
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 100, 100, at: 200)
        tester.finish()
        #expect(tester.actions == ["250ms double action ended"])
        #expect(tester.lines(of: "single") == [
            "50ms single: possible -> ended",
            "250ms single: ended -> failed",
            "250ms single: failed -> possible",
        ])
    }

    @Test("when the single tap requires the double tap to fail, a lone tap fires when the double tap times out 0.35 s after the lift")
    func loneTapWithRequirement() {
        let tester = scene(singleRequiresDouble: true)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.actions == ["400ms single action ended"])
    }

    @Test("linked recognizers are reset together, once the requirement has resolved")
    func resetTogether() {
        let tester = scene(singleRequiresDouble: true)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(Array(tester.transcript.suffix(4)) == [
            "400ms single action ended",
            "400ms view cancelled [1]",
            "400ms single: ended -> possible",
            "400ms double: failed -> possible",
        ])
    }

    @Test("with default delivery flags, the view sees the lone tap's began then cancelled when the single tap finally fires")
    func viewDuringDeferredSingleTap() {
        let tester = scene(singleRequiresDouble: true)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.received(by: "view") == ["0ms began [1]", "400ms cancelled [1]"])
    }
}
