import GestureEngine
import Testing

/// What an action reads: `numberOfTouches`, `location(in:)` and `location(ofTouch:in:)` in each
/// state, deferred actions included (docs/semantics.md AC3–AC5, V6).
@Suite("What an action reports")
struct ActionTouchesTests {
    private func scene(_ recognizers: GestureRecognizer...) -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
        return tester
    }

    private func pair(_ tester: GestureTester, at ms: Double, _ change: TouchInput.Change, _ a: Point, _ b: Point) {
        tester.frame(at: ms, [
            TouchInput(identifier: 1, change: change, location: a),
            TouchInput(identifier: 2, change: change, location: b),
        ])
    }

    @Test("a two-finger tap reports both fingers and their centroid")
    func twoFingerTap() {
        let tap = TapGestureRecognizer(name: "tap")
        tap.numberOfTouchesRequired = 2
        let tester = scene(tap)
        pair(tester, at: 0, .down, Point(x: 80, y: 100), Point(x: 120, y: 110))
        tester.up(1, 80, 100, at: 50)
        tester.up(2, 120, 110, at: 60)
        #expect(tester.reports(of: "tap") == ["60ms tap ended touches=2 at=(100,105) [(80,100) (120,110)]"])
    }

    @Test("a single tap deferred until the double tap fails reports its finger and place, not 0")
    func deferredSingleTap() {
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let tester = scene(single, double)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.reports(of: "single") == ["400ms single ended touches=1 at=(100,100) [(100,100)]"])
    }

    @Test("a tap reports where its fingers came down, not where they lifted")
    func tapLocationIsTouchDown() {
        let tap = TapGestureRecognizer(name: "tap")
        let tester = scene(tap)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 20)
        tester.up(1, 130, 100, at: 40)
        #expect(tester.reports(of: "tap") == ["40ms tap ended touches=1 at=(100,100) [(100,100)]"])
    }

    @Test("a double tap reports the first tap's place")
    func doubleTapLocationIsFirstTap() {
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        let tester = scene(double)
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 110, 104, at: 150)
        #expect(tester.reports(of: "double") == ["200ms double ended touches=1 at=(100,100) [(100,100)]"])
    }

    @Test("before all its fingers are down a tap reports no touches and the centre of its view")
    func tapBeforeItsFingers() {
        let tap = TapGestureRecognizer(name: "tap")
        tap.numberOfTouchesRequired = 2
        let tester = scene(tap)
        tester.down(1, 30, 40, at: 0)
        #expect(tap.numberOfTouches == 0)
        #expect(tap.location(in: nil) == Point(x: 200, y: 200))
    }

    @Test("a pan's ended action counts no touches and reports where the finger lifted")
    func panEnded() {
        let pan = PanGestureRecognizer(name: "pan")
        let tester = scene(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        tester.up(1, 120, 100, at: 20)
        #expect(tester.reports(of: "pan") == [
            "10ms pan began touches=1 at=(120,100) [(120,100)]",
            "20ms pan ended touches=0 at=(120,100)",
        ])
    }

    @Test("a finger that lifts from a two-finger pan is no longer counted in the same frame's action")
    func panFingerLifts() {
        let pan = PanGestureRecognizer(name: "pan")
        let tester = scene(pan)
        pair(tester, at: 0, .down, Point(x: 100, y: 100), Point(x: 140, y: 100))
        pair(tester, at: 10, .move, Point(x: 120, y: 100), Point(x: 160, y: 100))
        tester.frame(at: 20, [
            TouchInput(identifier: 1, change: .up, location: Point(x: 120, y: 100)),
            TouchInput(identifier: 2, change: .move, location: Point(x: 170, y: 100)),
        ])
        #expect(tester.reports(of: "pan").last == "20ms pan changed touches=1 at=(170,100) [(170,100)]")
    }

    @Test("a pinch whose fingers lift together ends counting no touches, at their centroid")
    func pinchEnded() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tester = scene(pinch)
        pair(tester, at: 0, .down, Point(x: 150, y: 200), Point(x: 250, y: 200))
        pair(tester, at: 16, .move, Point(x: 125, y: 200), Point(x: 275, y: 210))
        pair(tester, at: 32, .up, Point(x: 125, y: 200), Point(x: 275, y: 210))
        #expect(tester.reports(of: "pinch") == [
            "16ms pinch began touches=2 at=(200,205) [(125,200) (275,210)]",
            "32ms pinch ended touches=0 at=(200,205)",
        ])
    }

    @Test("a lift at a new position reaches recognizers as a move first, so location and translation agree")
    func liftWithNewPosition() throws {
        let pan = PanGestureRecognizer(name: "pan")
        var ended: (location: Point, translation: Vector)?
        pan.addAction { [unowned pan] _ in  // unowned: the recognizer keeps its actions
            if pan.state == .ended { ended = (pan.location(in: nil), pan.translation(in: nil)) }
        }
        let tester = scene(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        tester.up(1, 150, 110, at: 20)
        #expect(tester.reports(of: "pan") == [
            "10ms pan began touches=1 at=(120,100) [(120,100)]",
            "20ms pan changed touches=1 at=(150,110) [(150,110)]",
            "20ms pan ended touches=0 at=(150,110)",
        ])
        let result = try #require(ended)
        #expect(result.location == Point(x: 100, y: 100) + result.translation)
    }

    @Test("the view sees a lift's new position as a move before the lift")
    func liftWithNewPositionInTheView() {
        let pan = PanGestureRecognizer(name: "pan")
        pan.cancelsTouchesInView = false
        let tester = scene(pan)
        tester.down(1, 100, 100, at: 0)
        tester.up(1, 104, 100, at: 20)
        #expect(tester.received(by: "view") == ["0ms began [1]", "20ms moved [1]", "20ms ended [1]"])
    }

    @Test("a lift at the position the finger already had is delivered in one pass")
    func liftInPlace() {
        let pan = PanGestureRecognizer(name: "pan")
        let tester = scene(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        tester.up(1, 120, 100, at: 20)
        #expect(tester.actions == ["10ms pan action began", "20ms pan action ended"])
    }
}
