import GestureEngine
import Testing

/// A tester with one 400 × 400 view carrying `recognizer`.
private func scene(_ recognizer: GestureRecognizer) -> GestureTester {
    let tester = GestureTester()
    let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
    view.addGestureRecognizer(recognizer)
    return tester
}

private func fingers(_ tester: GestureTester, at ms: Double, _ change: TouchInput.Change, _ points: (UInt32, Double, Double)...) {
    tester.frame(at: ms, points.map { TouchInput(identifier: $0.0, change: change, location: Point(x: $0.1, y: $0.2)) })
}

@Suite("Standard recognizers at their edges")
struct RecognizerEdgeTests {
    @Test("a two-finger long press counts its 0.5 s from the second finger's landing")
    func longPressTwoFingersTimedFromSecond() {
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTouchesRequired = 2
        let tester = scene(press)
        tester.down(1, 100, 100, at: 0)
        tester.down(2, 200, 100, at: 200)
        tester.wait(until: 600)
        #expect(tester.actions.isEmpty)
        tester.wait(until: 700)
        #expect(tester.actions == ["700ms press action began"])
        #expect(tester.reports(of: "press") == ["700ms press began touches=2 at=(150,100) [(100,100) (200,100)]"])
    }

    @Test("a two-finger long press ends when either finger lifts, still counting both, the lifted one where it lifted")
    func longPressEndsAtFirstLift() {
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTouchesRequired = 2
        let tester = scene(press)
        fingers(tester, at: 0, .down, (1, 100, 100), (2, 200, 100))
        tester.wait(until: 500)
        tester.up(2, 210, 100, at: 600)
        #expect(tester.actions == ["500ms press action began", "600ms press action changed", "600ms press action ended"])
        #expect(tester.reports(of: "press").last == "600ms press ended touches=2 at=(155,100) [(100,100) (210,100)]")
    }

    @Test("a long press whose finger moves exactly its allowable 10 points still begins")
    func longPressMovementBoundary() {
        let tester = scene(LongPressGestureRecognizer(name: "press"))
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 110, 100, at: 100)
        tester.wait(until: 500)
        #expect(tester.actions == ["500ms press action began"])
    }

    @Test("a long press that needs one tap first fails when the press lands more than 45 points from the tap")
    func longPressTapThenPressElsewhere() {
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTapsRequired = 1
        let tester = scene(press)
        tester.tap(1, 100, 100, at: 0)
        tester.down(1, 200, 100, at: 150)
        tester.finish()
        #expect(tester.actions.isEmpty)
        #expect(tester.lines(of: "press").first == "150ms press: possible -> failed")
    }

    @Test("a long press that needs one tap first fails when the press comes down later than 0.35 s after the tap's lift")
    func longPressTapThenLatePress() {
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTapsRequired = 1
        let tester = scene(press)
        tester.tap(1, 100, 100, at: 0)
        tester.down(1, 100, 100, at: 450)
        tester.finish()
        #expect(tester.actions.isEmpty)
        #expect(tester.lines(of: "press").first == "400ms press: possible -> failed")
    }

    @Test("a tap that needs two fingers fails when only one comes down and lifts")
    func twoFingerTapWithOneFinger() {
        let tap = TapGestureRecognizer(name: "tap")
        tap.numberOfTouchesRequired = 2
        let tester = scene(tap)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.actions.isEmpty)
        #expect(tester.lines(of: "tap").first?.hasSuffix("tap: possible -> failed") == true)
    }

    @Test("setTranslation re-bases the translation but leaves the velocity as the fingers make it")
    func setTranslationKeepsVelocity() {
        let pan = PanGestureRecognizer(name: "pan")
        let tester = scene(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        tester.move(1, 140, 100, at: 20)
        let before = pan.velocity(in: nil)
        pan.setTranslation(Vector(dx: 0, dy: 0), in: nil)
        #expect(pan.velocity(in: nil) == before)
        #expect(pan.translation(in: nil) == Vector(dx: 0, dy: 0))
        tester.move(1, 150, 105, at: 30)
        #expect(pan.translation(in: nil) == Vector(dx: 10, dy: 5))
    }

    @Test("a two-finger pan (minimum and maximum 2) ignores a third finger once it has begun")
    func panIgnoresThirdFinger() {
        let pan = PanGestureRecognizer(name: "pan")
        pan.minimumNumberOfTouches = 2
        pan.maximumNumberOfTouches = 2
        let tester = scene(pan)
        fingers(tester, at: 0, .down, (1, 100, 100), (2, 200, 100))
        fingers(tester, at: 10, .move, (1, 100, 120), (2, 200, 120))
        tester.down(3, 300, 300, at: 20)
        fingers(tester, at: 30, .move, (1, 100, 130), (2, 200, 130), (3, 300, 390))
        #expect(tester.actions == ["10ms pan action began", "30ms pan action changed"])
        #expect(pan.translation(in: nil) == Vector(dx: 0, dy: 30))
        #expect(tester.reports(of: "pan").last == "30ms pan changed touches=2 at=(150,130) [(100,130) (200,130)]")
    }

    @Test("a third finger neither changes a pinch's scale nor counts among its touches")
    func pinchIgnoresThirdFinger() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tester = scene(pinch)
        fingers(tester, at: 0, .down, (1, 150, 200), (2, 250, 200))
        fingers(tester, at: 10, .move, (1, 100, 200), (2, 300, 200))
        tester.down(3, 200, 50, at: 20)
        tester.move(3, 200, 350, at: 30)
        #expect(pinch.scale == 2)
        #expect(pinch.numberOfTouches == 2)
        #expect(tester.actions == ["10ms pinch action began"])
    }

    @Test("a third finger neither turns a rotation nor counts among its touches")
    func rotationIgnoresThirdFinger() {
        let rotation = RotationGestureRecognizer(name: "rotation")
        let tester = scene(rotation)
        fingers(tester, at: 0, .down, (1, 150, 200), (2, 250, 200))
        fingers(tester, at: 10, .move, (1, 200, 150), (2, 200, 250))
        let turned = rotation.rotation
        tester.down(3, 300, 300, at: 20)
        tester.move(3, 100, 300, at: 30)
        #expect(rotation.rotation == turned)
        #expect(rotation.numberOfTouches == 2)
        #expect(tester.actions == ["10ms rotation action began"])
    }

    @Test("a two-finger swipe recognizes with two fingers and reports where they began")
    func twoFingerSwipe() {
        let swipe = SwipeGestureRecognizer(name: "swipe")
        swipe.numberOfTouchesRequired = 2
        let tester = scene(swipe)
        fingers(tester, at: 0, .down, (1, 50, 100), (2, 50, 200))
        for step in 1...5 {
            let x = 50 + 25 * Double(step)
            fingers(tester, at: Double(step * 10), .move, (1, x, 100), (2, x, 200))
        }
        #expect(tester.actions == ["40ms swipe action ended"])
        #expect(tester.reports(of: "swipe").first?.contains("at=(50,150)") == true)
    }

    @Test("a one-finger stroke does not recognize a swipe that needs two fingers")
    func twoFingerSwipeWithOne() {
        let swipe = SwipeGestureRecognizer(name: "swipe")
        swipe.numberOfTouchesRequired = 2
        let tester = scene(swipe)
        tester.down(1, 50, 100, at: 0)
        for step in 1...5 { tester.move(1, 50 + 25 * Double(step), 100, at: Double(step * 10)) }
        tester.up(1, 175, 100, at: 60)
        tester.finish()
        #expect(tester.actions.isEmpty)
    }

    @Test("a swipe allowed left and up recognizes a stroke up and reports up")
    func swipeCombinedDirections() {
        let swipe = SwipeGestureRecognizer(name: "swipe")
        swipe.direction = [.left, .up]
        let tester = scene(swipe)
        tester.down(1, 200, 300, at: 0)
        for step in 1...5 { tester.move(1, 200, 300 - 25 * Double(step), at: Double(step * 10)) }
        #expect(tester.actions == ["40ms swipe action ended"])
        #expect(swipe.recognizedDirection == .up)
    }

    @Test("a long press reports its finger in began, changed and ended, where it lifted")
    func longPressTouchesPerState() {
        let tester = scene(LongPressGestureRecognizer(name: "press"))
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 500)
        tester.move(1, 150, 100, at: 600)
        tester.up(1, 150, 100, at: 700)
        #expect(tester.reports(of: "press") == [
            "500ms press began touches=1 at=(100,100) [(100,100)]",
            "600ms press changed touches=1 at=(150,100) [(150,100)]",
            "700ms press ended touches=1 at=(150,100) [(150,100)]",
        ])
    }

    @Test("a long press whose finger is cancelled reports that finger in its cancelled action")
    func longPressCancelledCountsItsFinger() {
        let tester = scene(LongPressGestureRecognizer(name: "press"))
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 500)
        tester.cancel(1, 100, 100, at: 600)
        #expect(tester.reports(of: "press").last == "600ms press cancelled touches=1 at=(100,100) [(100,100)]")
    }

    @Test("a long press disabled while it presses reports its finger in its cancelled action")
    func longPressDisabledCountsItsFinger() {
        let press = LongPressGestureRecognizer(name: "press")
        let tester = scene(press)
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 600)
        press.isEnabled = false
        #expect(tester.reports(of: "press").last == "600ms press cancelled touches=1 at=(100,100) [(100,100)]")
    }

    @Test("after its reset a long press counts only the fingers of its new press")
    func longPressCountsAfreshAfterReset() {
        let press = LongPressGestureRecognizer(name: "press")
        press.numberOfTouchesRequired = 2
        let tester = scene(press)
        fingers(tester, at: 0, .down, (1, 100, 100), (2, 200, 100))
        tester.wait(until: 500)
        fingers(tester, at: 600, .up, (1, 100, 100), (2, 200, 100))
        fingers(tester, at: 1000, .down, (1, 120, 100), (2, 220, 100))
        tester.wait(until: 1500)
        #expect(tester.reports(of: "press").last == "1500ms press began touches=2 at=(170,100) [(120,100) (220,100)]")
    }
    @Test("pinch and rotation report no change while one finger moves alone after the other lifted, and change again once a second is down", arguments: [false, true])
    func twoFingerChangesOnly(_ rotation: Bool) {
        let recognizer: GestureRecognizer = rotation ? RotationGestureRecognizer(name: "it") : PinchGestureRecognizer(name: "it")
        let tester = scene(recognizer)
        fingers(tester, at: 0, .down, (1, 150, 200), (2, 250, 200))
        fingers(tester, at: 10, .move, (1, 100, 150), (2, 300, 250))
        tester.up(1, 100, 150, at: 20)
        tester.move(2, 350, 350, at: 30)
        #expect(tester.actions == ["10ms it action began"])
        tester.down(3, 100, 100, at: 40)
        tester.move(3, 50, 50, at: 50)
        tester.up(2, 350, 350, at: 60)
        tester.up(3, 50, 50, at: 70)
        #expect(tester.actions == ["10ms it action began", "50ms it action changed", "70ms it action ended"])
    }
    @Test("a pan on an offset subview reports its location and each touch's in the view asked for, the window's for nil")
    func locationInViews() {
        let tester = GestureTester()
        let outer = tester.addView("outer", Rect(x: 100, y: 50, width: 300, height: 300))
        let inner = tester.addView("inner", Rect(x: 20, y: 30, width: 200, height: 200), in: outer)
        let pan = PanGestureRecognizer(name: "pan")
        inner.addGestureRecognizer(pan)
        var seen: [String] = []
        // The views weakly: `inner` holds the pan, which holds this action (a cycle leaks).
        pan.addAction { [weak outer, weak inner] recognizer in
            guard recognizer.state == .began else { return }
            for view in [nil, outer, inner] as [View?] {
                seen.append(GestureTester.text(recognizer.location(in: view)) + " " + GestureTester.text(recognizer.location(ofTouch: 0, in: view)))
            }
        }
        tester.down(1, 150, 120, at: 0)
        tester.move(1, 170, 120, at: 10)
        #expect(seen == ["(170,120) (170,120)", "(70,70) (70,70)", "(50,40) (50,40)"])
    }
}
