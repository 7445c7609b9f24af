import GestureEngine
import Testing

/// A tester with one 400 × 400 view named "view" carrying `recognizers`.
private func scene(_ recognizers: GestureRecognizer...) -> (GestureTester, View) {
    let tester = GestureTester()
    let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
    for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
    return (tester, view)
}

/// A finger that lands at (100,100) and drags a pan 30 points right: the pan begins at 10 ms.
private func dragBegins(_ tester: GestureTester) {
    tester.down(1, 100, 100, at: 0)
    tester.move(1, 130, 100, at: 10)
}

/// A single tap that requires a double tap to fail, both on one view, with one tap (down at 0 ms,
/// up at 50 ms) made: the single tap has recognized and waits for the double tap's 0.35 s.
private func singleWaitingOnDouble() -> (GestureTester, View, single: TapGestureRecognizer, double: TapGestureRecognizer) {
    let single = TapGestureRecognizer(name: "single")
    let double = TapGestureRecognizer(name: "double")
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    let (tester, view) = scene(single, double)
    tester.tap(1, 100, 100, at: 0)
    return (tester, view, single, double)
}

@Suite("Recognizers removed mid-sequence")
struct RemovalTests {
    @Test("a pan removed from its view while it pans is cancelled, and its cancelled action reads no view")
    func recognizingIsCancelled() {
        let pan = PanGestureRecognizer(name: "pan")
        var attachedInActions: [Bool] = []
        pan.addAction { attachedInActions.append($0.view != nil) }
        let (tester, view) = scene(pan)
        dragBegins(tester)
        tester.wait(until: 30)
        view.removeGestureRecognizer(pan)
        #expect(tester.lines(of: "pan").filter { $0.contains("->") } == ["10ms pan: possible -> began", "30ms pan: began -> cancelled"])
        #expect(tester.actions == ["10ms pan action began", "30ms pan action cancelled"])
        #expect(attachedInActions == [true, false])
        #expect(view.gestureRecognizers.isEmpty)
    }

    @Test("a pan removed mid-sequence gets no more of it: later moves and the lift send nothing")
    func removedGetsNoMoreTouches() {
        let pan = PanGestureRecognizer(name: "pan")
        let (tester, view) = scene(pan)
        dragBegins(tester)
        tester.wait(until: 30)
        view.removeGestureRecognizer(pan)
        tester.move(1, 200, 100, at: 40)
        tester.up(1, 200, 100, at: 50)
        #expect(tester.actions == ["10ms pan action began", "30ms pan action cancelled"])
        #expect(tester.lines(of: "pan").last == "50ms pan: cancelled -> possible")
    }

    @Test("a recognizer removed while it is still deciding fails: no action, and the view gets its touch whole")
    func decidingFails() {
        let tap = TapGestureRecognizer(name: "tap")
        let (tester, view) = scene(tap)
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 20)
        view.removeGestureRecognizer(tap)
        tester.up(1, 100, 100, at: 50)
        tester.finish()
        #expect(tester.lines(of: "tap") == ["20ms tap: possible -> failed", "50ms tap: failed -> possible"])
        #expect(tester.received(by: "view") == ["0ms began [1]", "50ms ended [1]"])
    }

    @Test("a began a removed recognizer was delaying reaches the view when it is removed, with its landing time")
    func delayedBeganReleased() {
        let tap = TapGestureRecognizer(name: "tap")
        tap.delaysTouchesBegan = true
        let (tester, view) = scene(tap)
        tester.timestampBegan = true
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 20)
        #expect(tester.received(by: "view").isEmpty)
        view.removeGestureRecognizer(tap)
        #expect(tester.received(by: "view") == ["20ms began [1] @0ms"])
        tester.up(1, 100, 100, at: 50)
        #expect(tester.received(by: "view") == ["20ms began [1] @0ms", "50ms ended [1]"])
    }

    @Test("a lift a removed double tap was holding reaches the view as ended when it is removed")
    func heldLiftReleased() {
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        let (tester, view) = scene(double)
        tester.timestampBegan = true
        tester.tap(1, 100, 100, at: 0)
        tester.wait(until: 100)
        #expect(tester.received(by: "view") == ["0ms began [1]"])
        view.removeGestureRecognizer(double)
        tester.finish()
        #expect(tester.received(by: "view") == ["0ms began [1]", "100ms ended [1] @50ms"])
        #expect(tester.actions.isEmpty)
    }

    @Test("a view's touch a removed recognizer has cancelled stays cancelled: the view gets nothing more of it")
    func cancelledTouchStaysCancelled() {
        let pan = PanGestureRecognizer(name: "pan")
        let (tester, view) = scene(pan)
        dragBegins(tester)
        tester.wait(until: 30)
        view.removeGestureRecognizer(pan)
        tester.move(1, 200, 100, at: 40)
        tester.up(1, 200, 100, at: 50)
        #expect(tester.received(by: "view") == ["0ms began [1]", "10ms cancelled [1]"])
    }

    @Test("a recognizer waiting for a removed recognizer to fail acts at once")
    func dependentReleased() {
        let (tester, view, _, double) = singleWaitingOnDouble()
        tester.wait(until: 100)
        #expect(tester.actions.isEmpty)
        view.removeGestureRecognizer(double)
        #expect(tester.lines(of: "double").first == "100ms double: possible -> failed")
        #expect(tester.actions == ["100ms single action ended"])
    }

    @Test("a recognizer removed while its action waits for a failure requirement fails and never acts")
    func waitingDependentFails() {
        let (tester, view, single, _) = singleWaitingOnDouble()
        tester.wait(until: 100)
        view.removeGestureRecognizer(single)
        tester.finish()
        #expect(tester.lines(of: "single").prefix(2) == ["50ms single: possible -> ended", "100ms single: ended -> failed"])
        #expect(tester.lines(of: "double").first == "400ms double: possible -> failed")
        #expect(tester.actions.isEmpty)
    }

    @Test("removing one of two pans allowed to recognize together cancels it alone; the other goes on")
    func simultaneousPartnerGoesOn() {
        let first = PanGestureRecognizer(name: "first")
        let second = PanGestureRecognizer(name: "second")
        let delegate = ScriptedDelegate()
        delegate.simultaneous = true
        first.delegate = delegate
        let (tester, view) = scene(first, second)
        dragBegins(tester)
        tester.wait(until: 30)
        view.removeGestureRecognizer(first)
        tester.move(1, 160, 100, at: 40)
        tester.up(1, 160, 100, at: 50)
        #expect(tester.actions == [
            "10ms first action began", "10ms second action began", "30ms first action cancelled",
            "40ms second action changed", "50ms second action ended",
        ])
    }

    @Test("a pan removed mid-sequence no longer excludes a pan that another finger drags later")
    func removedNoLongerExcludes() {
        let tester = GestureTester()
        let left = tester.addView("left", Rect(x: 0, y: 0, width: 200, height: 400))
        let right = tester.addView("right", Rect(x: 200, y: 0, width: 200, height: 400))
        let leftPan = PanGestureRecognizer(name: "leftPan")
        left.addGestureRecognizer(leftPan)
        right.addGestureRecognizer(PanGestureRecognizer(name: "rightPan"))
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 100, 130, at: 10)
        tester.wait(until: 30)
        left.removeGestureRecognizer(leftPan)
        tester.down(2, 300, 100, at: 40)
        tester.move(2, 300, 130, at: 50)
        #expect(tester.actions == ["10ms leftPan action began", "30ms leftPan action cancelled", "50ms rightPan action began"])
    }

    @Test("a recognizer removed mid-sequence and added back sits out the rest of it and takes the next")
    func addedBackTakesNextSequence() {
        let pan = PanGestureRecognizer(name: "pan")
        let (tester, view) = scene(pan)
        dragBegins(tester)
        tester.wait(until: 30)
        view.removeGestureRecognizer(pan)
        view.addGestureRecognizer(pan)
        tester.move(1, 200, 100, at: 40)
        tester.up(1, 200, 100, at: 50)
        #expect(tester.actions == ["10ms pan action began", "30ms pan action cancelled"])
        tester.down(1, 100, 100, at: 100)
        tester.move(1, 130, 100, at: 110)
        tester.up(1, 130, 100, at: 120)
        #expect(tester.actions.suffix(2) == ["110ms pan action began", "120ms pan action ended"])
    }

    @Test("a recognizer moved to another view mid-sequence leaves it as a removed one does")
    func movedIsCancelled() {
        let pan = PanGestureRecognizer(name: "pan")
        let (tester, view) = scene(pan)
        let other = tester.addView("other", Rect(x: 0, y: 400, width: 400, height: 400))
        dragBegins(tester)
        tester.wait(until: 30)
        other.addGestureRecognizer(pan)
        tester.up(1, 130, 100, at: 50)
        #expect(tester.actions == ["10ms pan action began", "30ms pan action cancelled"])
        #expect(pan.view === other && view.gestureRecognizers.isEmpty)
    }
}
