import GestureEngine
import Testing

private func twoFingers(_ tester: GestureTester, at ms: Double, _ a: Point, _ b: Point, _ change: TouchInput.Change) {
    tester.frame(at: ms, [
        TouchInput(identifier: 1, change: change, location: a),
        TouchInput(identifier: 2, change: change, location: b),
    ])
}

@Suite("Exclusion and simultaneity")
struct ExclusionTests {
    @Test("a pan that begins while a tap is still possible excludes the tap, and the view's touch is cancelled")
    func panBeatsTap() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        view.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        view.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 105, 100, at: 10)
        tester.move(1, 115, 100, at: 20)
        tester.up(1, 115, 100, at: 30)
        #expect(tester.transcript == [
            "0ms view began [1]",
            "10ms view moved [1]",
            "20ms pan: possible -> began",
            "20ms tap: possible -> failed",
            "20ms pan action began",
            "20ms view cancelled [1]",
            "30ms pan: began -> ended",
            "30ms pan action ended",
            "30ms tap: failed -> possible",
            "30ms pan: ended -> possible",
        ])
    }

    private func pinchAndRotation(simultaneous: Bool) -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("piece", Rect(x: 0, y: 0, width: 400, height: 400))
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotation = RotationGestureRecognizer(name: "rotation")
        let delegate = ScriptedDelegate()
        delegate.simultaneous = simultaneous
        pinch.delegate = delegate
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        // Spread and turn at once: the distance grows 100 -> 140, the line turns 45 degrees.
        twoFingers(tester, at: 0, Point(x: 150, y: 200), Point(x: 250, y: 200), .down)
        twoFingers(tester, at: 16, Point(x: 200 - 49.4975, y: 200 - 49.4975), Point(x: 200 + 49.4975, y: 200 + 49.4975), .move)
        twoFingers(tester, at: 32, Point(x: 200 - 55, y: 200 - 55), Point(x: 200 + 55, y: 200 + 55), .move)
        twoFingers(tester, at: 48, Point(x: 200 - 55, y: 200 - 55), Point(x: 200 + 55, y: 200 + 55), .up)
        return tester
    }

    @Test("pinch and rotation recognize together when the pinch's delegate allows it")
    func pinchAndRotationTogether() {
        let tester = pinchAndRotation(simultaneous: true)
        #expect(tester.actions == [
            "16ms pinch action began", "16ms rotation action began",
            "32ms pinch action changed", "32ms rotation action changed",
            "48ms pinch action ended", "48ms rotation action ended",
        ])
    }

    @Test("without the delegate, the first of pinch and rotation to begin excludes the other")
    func pinchAndRotationExclusive() {
        let tester = pinchAndRotation(simultaneous: false)
        #expect(tester.actions == ["16ms pinch action began", "32ms pinch action changed", "48ms pinch action ended"])
        #expect(tester.lines(of: "rotation").prefix(2) == ["16ms rotation: possible -> began", "16ms rotation: began -> failed"])
    }

    @Test("the simultaneity delegate is asked again on later state changes; a withdrawn permission cancels the one that changed")
    func simultaneityRechecked() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let outer = PanGestureRecognizer(name: "first")
        let inner = PanGestureRecognizer(name: "second")
        let delegate = ScriptedDelegate()
        delegate.simultaneous = true
        outer.delegate = delegate
        view.addGestureRecognizer(outer)
        view.addGestureRecognizer(inner)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        delegate.simultaneous = false
        tester.move(1, 140, 100, at: 20)
        #expect(tester.actions == [
            "10ms first action began", "10ms second action began",
            "20ms first action cancelled", "20ms second action changed",
        ])
    }

    @Test("a recognizer whose canPrevent says no does not exclude the other")
    func canPreventOverride() {
        final class ShyPan: GestureRecognizer {
            let pan = PanGestureRecognizer()
            init() { super.init(kind: .continuous, name: "shy") }
            override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
            override func touchesMoved(_ touches: TouchBatch) { state = state == .possible ? .began : .changed }
            override func touchesEnded(_ touches: TouchBatch) { state = state == .possible ? .failed : .ended }
        }
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        view.addGestureRecognizer(ShyPan())
        view.addGestureRecognizer(LongPressGestureRecognizer(name: "press"))
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 101, 100, at: 10)
        tester.wait(until: 600)
        #expect(tester.actions == ["10ms shy action began", "500ms press action began"])
    }

    @Test("recognizers on a subview and its ancestors, up to the window, all see a touch on the subview")
    func ancestorsSeeSubviewTouches() {
        let tester = GestureTester()
        let outer = tester.addView("outer", Rect(x: 0, y: 0, width: 300, height: 300))
        let inner = tester.addView("inner", Rect(x: 50, y: 50, width: 100, height: 100), in: outer)
        let sibling = tester.addView("sibling", Rect(x: 300, y: 0, width: 100, height: 100))
        var seen: [String] = []
        for (view, name) in [(inner, "innerTap"), (outer, "outerTap"), (tester.window as View, "windowTap"), (sibling, "siblingTap")] {
            let tap = TapGestureRecognizer(name: name)
            tap.addAction { seen.append($0.name) }
            view.addGestureRecognizer(tap)
        }
        tester.down(1, 60, 60, at: 0)
        #expect(tester.dispatcher.recognizersInPlay.map(\.name) == ["innerTap", "outerTap", "windowTap"])
        tester.up(1, 60, 60, at: 50)
        #expect(seen == ["innerTap"])
        #expect(tester.lines(of: "outerTap").prefix(2) == ["50ms outerTap: possible -> ended", "50ms outerTap: ended -> failed"])
    }

    private func pansOnTwoSiblingViews(simultaneous: Bool) -> GestureTester {
        let tester = GestureTester()
        let left = tester.addView("left", Rect(x: 0, y: 0, width: 200, height: 400))
        let right = tester.addView("right", Rect(x: 200, y: 0, width: 200, height: 400))
        let leftPan = PanGestureRecognizer(name: "leftPan")
        let delegate = ScriptedDelegate()
        delegate.simultaneous = simultaneous
        leftPan.delegate = delegate
        left.addGestureRecognizer(leftPan)
        right.addGestureRecognizer(PanGestureRecognizer(name: "rightPan"))
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 100, 130, at: 10)
        tester.down(2, 300, 100, at: 20)
        tester.move(2, 300, 130, at: 30)
        return tester
    }

    @Test("a pan on one view excludes a pan on a sibling view that another finger drags later")
    func panExcludesSiblingViewsPan() {
        let tester = pansOnTwoSiblingViews(simultaneous: false)
        #expect(tester.actions == ["10ms leftPan action began"])
        #expect(tester.lines(of: "rightPan") == ["30ms rightPan: possible -> began", "30ms rightPan: began -> failed"])
    }

    @Test("pans on two sibling views move together when a delegate allows it")
    func siblingViewsPansTogether() {
        let tester = pansOnTwoSiblingViews(simultaneous: true)
        #expect(tester.actions == ["10ms leftPan action began", "30ms rightPan action began"])
    }

    @Test("nested pans: the inner view's pan, collected first, wins")
    func nestedPans() {
        let tester = GestureTester()
        let outer = tester.addView("outer", Rect(x: 0, y: 0, width: 300, height: 300))
        let inner = tester.addView("inner", Rect(x: 50, y: 50, width: 100, height: 100), in: outer)
        outer.addGestureRecognizer(PanGestureRecognizer(name: "outerPan"))
        inner.addGestureRecognizer(PanGestureRecognizer(name: "innerPan"))
        tester.down(1, 60, 60, at: 0)
        tester.move(1, 90, 60, at: 10)
        #expect(tester.actions == ["10ms innerPan action began"])
    }
}

@Suite("Touch cancellation")
struct TouchCancellationTests {
    @Test("a cancelled touch cancels the continuous recognizers that were recognizing and reaches the view as cancelled")
    func cancelsContinuousRecognizers() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        view.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        let noCancel = PanGestureRecognizer(name: "pan2")
        noCancel.cancelsTouchesInView = false
        let delegate = ScriptedDelegate()
        delegate.simultaneous = true
        noCancel.delegate = delegate
        view.addGestureRecognizer(noCancel)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 10)
        tester.cancel(1, 130, 100, at: 20)
        #expect(tester.actions == [
            "10ms pan action began", "10ms pan2 action began",
            "20ms pan action cancelled", "20ms pan2 action cancelled",
        ])
        #expect(tester.lines(of: "pan").contains("20ms pan: began -> cancelled"))
    }

    @Test("a cancelled touch the view was still receiving arrives as touchesCancelled")
    func viewSeesCancellation() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        view.addGestureRecognizer(LongPressGestureRecognizer(name: "press"))
        tester.down(1, 100, 100, at: 0)
        tester.cancel(1, 100, 100, at: 100)
        #expect(tester.received(by: "view") == ["0ms began [1]", "100ms cancelled [1]"])
        #expect(tester.lines(of: "press").first == "100ms press: possible -> failed")
    }

    @Test("disabling a recognizing recognizer cancels it; disabling a deciding one fails it")
    func disabling() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let pan = PanGestureRecognizer(name: "pan")
        let press = LongPressGestureRecognizer(name: "press")
        press.allowableMovement = 100
        view.addGestureRecognizer(pan)
        tester.window.addGestureRecognizer(press)
        let delegate = ScriptedDelegate()
        delegate.simultaneous = true
        pan.delegate = delegate
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 10)
        tester.wait(until: 100)
        press.isEnabled = false
        pan.isEnabled = false
        #expect(tester.lines(of: "press") == ["100ms press: possible -> failed"])
        #expect(tester.lines(of: "pan").filter { $0.contains("->") } == ["10ms pan: possible -> began", "100ms pan: began -> cancelled"])
        #expect(tester.actions.last == "100ms pan action cancelled")
    }

    /// A delegate that allows every pair and counts the questions, its answers declared fixed or not.
    private final class CountingDelegate: GestureRecognizerDelegate {
        let fixed: Bool
        var allows = true
        var questions = 0
        init(fixed: Bool) { self.fixed = fixed }
        var answeredQuestions: GestureRecognizerDelegateQuestions { .simultaneity }
        var simultaneityAnswersAreFixed: Bool { fixed }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            questions += 1
            return allows
        }
    }

    /// Four pans on one view, all allowed together by `delegate`, dragged by one finger: the
    /// questions asked after the frame in which they all began, and every action and state change.
    private func fourPans(_ delegate: CountingDelegate, moves: Int) -> (questions: Int, transcript: [String]) {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        for index in 0..<4 {
            let pan = PanGestureRecognizer(name: "pan\(index)")
            pan.delegate = delegate
            view.addGestureRecognizer(pan)
        }
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        let atBegan = delegate.questions
        for step in 1...moves { tester.move(1, 120 + Double(step), 100, at: 10 + 10 * Double(step)) }
        tester.up(1, 120 + Double(moves), 100, at: 20 + 10 * Double(moves))
        return (delegate.questions - atBegan, tester.lines(of: "pan"))
    }

    @Test("a pair allowed by a delegate whose answers are fixed is not asked again at each change, with the same outcome")
    func fixedSimultaneityAskedOnce() {
        let fixed = fourPans(CountingDelegate(fixed: true), moves: 5)
        let asked = fourPans(CountingDelegate(fixed: false), moves: 5)
        #expect(fixed.transcript == asked.transcript)
        #expect(fixed.transcript.filter { $0.contains("action changed") }.count == 20)
        // Each pan, at its first change, asks about the pans let through after it: 3 + 2 + 1 pairs.
        #expect(fixed.questions == 6)
        // Asked again at every change: each of the 4 pans about the 3 others, at each of 5 moves.
        #expect(asked.questions == 4 * 3 * 5)
    }

    @Test("replacing a delegate whose answers are fixed asks the pairs again: a withdrawn permission cancels the one that changed")
    func fixedSimultaneityDelegateReplaced() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let first = PanGestureRecognizer(name: "first")
        let second = PanGestureRecognizer(name: "second")
        let allowing = CountingDelegate(fixed: true)
        first.delegate = allowing
        view.addGestureRecognizer(first)
        view.addGestureRecognizer(second)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        tester.move(1, 130, 100, at: 20)
        let refusing = CountingDelegate(fixed: true)
        refusing.allows = false
        first.delegate = refusing
        tester.move(1, 140, 100, at: 30)
        #expect(tester.actions == [
            "10ms first action began", "10ms second action began",
            "20ms first action changed", "20ms second action changed",
            "30ms first action cancelled", "30ms second action changed",
        ])
    }
}

