import GestureEngine
import Testing

/// A view that takes itself out of the window in its own `touchesBegan`.
private final class SelfRemovingView: View {
    override func touchesBegan(_ touches: TouchBatch) {
        removeFromSuperview()
    }
}

/// A view that takes another view out of the window in its own `touchesBegan`.
private final class RemovingOtherView: View {
    weak var other: View?

    override func touchesBegan(_ touches: TouchBatch) {
        other?.removeFromSuperview()
    }
}

/// A window with a 400 × 400 view "parent" holding a 200 × 200 subview "child" at its origin.
private func nested() -> (GestureTester, parent: View, child: View) {
    let tester = GestureTester()
    let parent = tester.addView("parent", Rect(x: 0, y: 0, width: 400, height: 400))
    let child = tester.addView("child", Rect(x: 0, y: 0, width: 200, height: 200), in: parent)
    return (tester, parent, child)
}

/// A window with "remover" (0...200 wide), whose `touchesBegan` takes "removed" (200...400) out.
private func removerBesideRemoved() -> (GestureTester, removed: View) {
    let tester = GestureTester()
    let remover = RemovingOtherView(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "remover")
    let removed = View(frame: Rect(x: 200, y: 0, width: 200, height: 200), name: "removed")
    remover.other = removed
    tester.window.addSubview(remover)
    tester.window.addSubview(removed)
    return (tester, removed)
}

/// The transition lines of `name`, without resets.
private func transitions(_ tester: GestureTester, _ name: String) -> [String] {
    tester.lines(of: name).filter { $0.contains("->") && !$0.hasSuffix("-> possible") }
}

/// UIKit cancels the touches of a view removed from its window (AD UIResponder
/// `touchesCancelled`) and takes its recognizers in play out as disabled ones (DC-GR); recognizers
/// of views still in the window keep the touches (docs/semantics.md V7).
@Suite("Views leaving the window mid-sequence")
struct ViewRemovalTests {
    @Test("a view removed while a finger is on it gets touchesCancelled for it at once, then nothing more of it")
    func touchCancelledInRemovedView() {
        let (tester, _, child) = nested()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 110, 100, at: 10)
        tester.wait(until: 30)
        child.removeFromSuperview()
        #expect(tester.received(by: "child") == ["0ms began [1]", "10ms moved [1]", "30ms cancelled [1]"])
        tester.move(1, 120, 100, at: 40)
        tester.up(1, 120, 100, at: 50)
        #expect(tester.received(by: "child").count == 3)
    }

    @Test("a view removed with its subviews cancels each touch in the subview it landed on")
    func subviewTouchesCancelled() {
        let (tester, parent, _) = nested()
        tester.frame(at: 0, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 100, y: 100)),
            TouchInput(identifier: 2, change: .down, location: Point(x: 300, y: 300)),
        ])
        tester.wait(until: 30)
        parent.removeFromSuperview()
        #expect(tester.received(by: "child") == ["0ms began [1]", "30ms cancelled [1]"])
        #expect(tester.received(by: "parent") == ["0ms began [2]", "30ms cancelled [2]"])
    }

    @Test("a touch whose began a recognizer still holds back never reaches the removed view, even once that recognizer fails")
    func heldBeganDropped() {
        let (tester, _, child) = nested()
        let tap = TapGestureRecognizer(name: "tap")
        tap.delaysTouchesBegan = true
        tester.window.addGestureRecognizer(tap)
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 30)
        child.removeFromSuperview()
        tester.move(1, 190, 100, at: 40)
        tester.up(1, 190, 100, at: 50)
        #expect(transitions(tester, "tap") == ["40ms tap: possible -> failed"])
        #expect(tester.received(by: "child").isEmpty)
    }

    @Test("a lift a recognizer was holding back reaches the removed view as cancelled, at the removal")
    func heldLiftCancelled() {
        let (tester, _, child) = nested()
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        tester.window.addGestureRecognizer(double)
        tester.tap(1, 100, 100, at: 0)
        tester.wait(until: 100)
        child.removeFromSuperview()
        tester.finish()
        #expect(tester.received(by: "child") == ["0ms began [1]", "100ms cancelled [1]"])
    }

    @Test("a pan of the removed view that is panning is cancelled: its touchesCancelled runs, one cancelled action")
    func recognizingRecognizerCancelled() {
        let (tester, _, child) = nested()
        let pan = PanGestureRecognizer(name: "pan")
        child.addGestureRecognizer(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 10)
        tester.wait(until: 30)
        child.removeFromSuperview()
        tester.move(1, 160, 100, at: 40)
        tester.up(1, 160, 100, at: 50)
        #expect(transitions(tester, "pan") == ["10ms pan: possible -> began", "30ms pan: began -> cancelled"])
        #expect(tester.actions == ["10ms pan action began", "30ms pan action cancelled"])
        #expect(pan.view === child)
    }

    @Test("a tap of a subview of the removed view that is still deciding fails without acting")
    func decidingRecognizerOfSubviewFails() {
        let (tester, parent, child) = nested()
        let tap = TapGestureRecognizer(name: "tap")
        child.addGestureRecognizer(tap)
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 20)
        parent.removeFromSuperview()
        tester.up(1, 100, 100, at: 50)
        #expect(transitions(tester, "tap") == ["20ms tap: possible -> failed"])
        #expect(tester.actions.isEmpty)
    }

    @Test("a pan of a view still in the window keeps the touch of a removed subview: it goes on and ends at the lift")
    func ancestorRecognizerKeepsTouch() {
        let (tester, parent, child) = nested()
        let pan = PanGestureRecognizer(name: "pan")
        pan.cancelsTouchesInView = false
        parent.addGestureRecognizer(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 10)
        tester.wait(until: 30)
        child.removeFromSuperview()
        tester.move(1, 160, 100, at: 40)
        tester.up(1, 160, 100, at: 50)
        #expect(tester.actions == ["10ms pan action began", "40ms pan action changed", "50ms pan action ended"])
        #expect(tester.received(by: "child") == ["0ms began [1]", "10ms moved [1]", "30ms cancelled [1]"])
    }

    @Test("a view removed by an action of the frame gets its touch cancelled before that frame's move would reach it")
    func removedByActionBeforeDelivery() {
        let (tester, parent, child) = nested()
        let pan = PanGestureRecognizer(name: "pan")
        pan.cancelsTouchesInView = false
        pan.addAction { [weak child] recognizer in
            if recognizer.state == .began { child?.removeFromSuperview() }
        }
        parent.addGestureRecognizer(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 10)
        #expect(tester.received(by: "child") == ["0ms began [1]", "10ms cancelled [1]"])
    }

    @Test("a view that removes itself in its own touchesBegan gets that touch cancelled in the same frame, then nothing more of it")
    func removedInOwnBegan() {
        let tester = GestureTester()
        let view = SelfRemovingView(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "view")
        tester.window.addSubview(view)
        tester.down(1, 100, 100, at: 0)
        #expect(view.superview == nil)
        #expect(tester.received(by: "view") == ["0ms began [1]", "0ms cancelled [1]"])
        tester.move(1, 110, 100, at: 10)
        tester.up(1, 110, 100, at: 20)
        #expect(tester.received(by: "view").count == 2)
    }

    @Test("a view removed by another view's touchesBegan in the same frame, before its own touch was shown, never sees that touch")
    func removedBeforeShown() {
        let (tester, removed) = removerBesideRemoved()
        tester.frame(at: 0, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 100, y: 100)),
            TouchInput(identifier: 2, change: .down, location: Point(x: 300, y: 100)),
        ])
        tester.up(2, 300, 100, at: 10)
        #expect(removed.superview == nil)
        #expect(tester.received(by: "remover") == ["0ms began [1]"])
        #expect(tester.received(by: "removed").isEmpty)
    }

    @Test("a view removed by another view's touchesBegan in the frame where its own finger lifts gets that touch cancelled, not ended")
    func removedAsItsFingerLifts() {
        let (tester, removed) = removerBesideRemoved()
        tester.down(2, 300, 100, at: 0)
        tester.frame(at: 10, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 100, y: 100)),
            TouchInput(identifier: 2, change: .up, location: Point(x: 300, y: 100)),
        ])
        #expect(removed.superview == nil)
        #expect(tester.received(by: "removed") == ["0ms began [2]", "10ms cancelled [2]"])
    }

    @Test("a view moved under a view outside the window leaves it as a removed one does")
    func movedOutOfWindow() {
        let (tester, _, child) = nested()
        let tap = TapGestureRecognizer(name: "tap")
        child.addGestureRecognizer(tap)
        let detached = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "detached")
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 20)
        detached.addSubview(child)
        #expect(tester.received(by: "child") == ["0ms began [1]", "20ms cancelled [1]"])
        #expect(transitions(tester, "tap") == ["20ms tap: possible -> failed"])
    }

    @Test("a view moved to another superview within the window keeps its touches and recognizers")
    func movedWithinWindow() {
        let (tester, parent, child) = nested()
        let other = tester.addView("other", Rect(x: 0, y: 400, width: 400, height: 400))
        let pan = PanGestureRecognizer(name: "pan")
        pan.cancelsTouchesInView = false
        child.addGestureRecognizer(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 10)
        other.addSubview(child)
        tester.up(1, 130, 100, at: 20)
        #expect(tester.actions == ["10ms pan action began", "20ms pan action ended"])
        #expect(tester.received(by: "child") == ["0ms began [1]", "10ms moved [1]", "20ms ended [1]"])
        #expect(child.superview === other && !parent.subviews.contains { $0 === child })
    }

    @Test("a view freed after leaving the window mid-sequence leaves its recognizer finished, reset when the sequence ends")
    func freedAfterLeaving() {
        let (tester, parent, _) = nested()
        let pan = PanGestureRecognizer(name: "pan")
        var container: View? = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "container")
        container?.addGestureRecognizer(pan)
        tester.window.addSubview(container!)
        container?.addSubview(parent)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 10)
        container?.removeFromSuperview()
        container = nil
        #expect(pan.view == nil)
        tester.up(1, 130, 100, at: 20)
        #expect(transitions(tester, "pan") == ["10ms pan: possible -> began", "10ms pan: began -> cancelled"])
        #expect(pan.state == .possible)
    }
}
