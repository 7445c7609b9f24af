import GestureEngine
import Testing

/// A user's continuous recognizer that begins on its first move and records every
/// `touchesCancelled` it is sent: its state then, and each touch's identifier and phase. It leaves
/// its state to the engine unless `failsWhenCancelled` (then it fails itself, from possible).
private final class CancelRecorder: GestureRecognizer {
    struct Call: Equatable {
        var state: State
        var touches: [UInt32]
        var phases: [Touch.Phase]
        var attached: Bool
    }

    /// What a move does: begins (then changes) it, leaves it possible (a recognizer waiting for
    /// a second tap, say), or fails it.
    enum OnMove { case begins, staysPossible, fails }

    var calls: [Call] = []
    var failsWhenCancelled = false
    var onMove = OnMove.begins

    init(name: String) { super.init(kind: .continuous, name: name) }

    override func touchesMoved(_ touches: TouchBatch) {
        switch onMove {
        case .begins: state = state == .possible ? .began : .changed
        case .staysPossible: break
        case .fails: state = .failed
        }
    }

    override func touchesEnded(_ touches: TouchBatch) {
        if state == .began || state == .changed { state = .ended }
    }

    override func touchesCancelled(_ touches: TouchBatch) {
        calls.append(Call(
            state: state, touches: touches.map(\.identifier), phases: touches.map(\.phase), attached: view != nil))
        if failsWhenCancelled && state == .possible { state = .failed }
    }
}

/// A pinch that records the trackpad phases it is sent.
private final class PhaseRecordingPinch: PinchGestureRecognizer {
    var phases: [IndirectGesture.Phase] = []

    override func indirectGestureChanged(_ gesture: IndirectGesture) {
        phases.append(gesture.phase)
        super.indirectGestureChanged(gesture)
    }
}

/// A tester with one 400 × 400 view named "view" carrying `recognizers`.
private func scene(_ recognizers: GestureRecognizer...) -> (GestureTester, View) {
    let tester = GestureTester()
    let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
    for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
    return (tester, view)
}

/// The transition lines of `name`, without resets.
private func transitions(_ tester: GestureTester, _ name: String) -> [String] {
    tester.lines(of: name).filter { $0.contains("->") && !$0.hasSuffix("-> possible") }
}

/// UIKit's `_cancelGestureRecognizers:` (setEnabled:NO and removal, DC-GR) first sends the
/// recognizer a cancelled event, then fails or cancels it if its own handling did not
/// (docs/semantics.md R4).
@Suite("Recognizers withdrawn mid-sequence are sent a cancelled event")
struct CancelledEventTests {
    @Test("a recognizer disabled mid-sequence gets touchesCancelled with its touches, reading cancelled, before its state changes")
    func disabledGetsTouchesCancelledFirst() {
        let recorder = CancelRecorder(name: "it")
        let (tester, _) = scene(recorder)
        tester.frame(at: 0, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 100, y: 100)),
            TouchInput(identifier: 2, change: .down, location: Point(x: 200, y: 100)),
        ])
        tester.move(1, 110, 100, at: 10)
        tester.wait(until: 30)
        recorder.isEnabled = false
        #expect(recorder.calls == [CancelRecorder.Call(state: .began, touches: [1, 2], phases: [.cancelled, .cancelled], attached: true)])
        #expect(transitions(tester, "it") == ["10ms it: possible -> began", "30ms it: began -> cancelled"])
        #expect(tester.actions == ["10ms it action began", "30ms it action cancelled"])
    }

    @Test("a recognizer removed from its view mid-sequence gets touchesCancelled before its state changes, already without a view")
    func removedGetsTouchesCancelledFirst() {
        let recorder = CancelRecorder(name: "it")
        let (tester, view) = scene(recorder)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 110, 100, at: 10)
        tester.wait(until: 30)
        view.removeGestureRecognizer(recorder)
        #expect(recorder.calls == [CancelRecorder.Call(state: .began, touches: [1], phases: [.cancelled], attached: false)])
        #expect(transitions(tester, "it") == ["10ms it: possible -> began", "30ms it: began -> cancelled"])
    }

    @Test("a withdrawn recognizer that fails itself in touchesCancelled is not changed again")
    func ownFailureStands() {
        let recorder = CancelRecorder(name: "it")
        recorder.onMove = .staysPossible
        recorder.failsWhenCancelled = true
        let (tester, _) = scene(recorder)
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 30)
        recorder.isEnabled = false
        #expect(recorder.calls.map(\.state) == [.possible])
        #expect(transitions(tester, "it") == ["30ms it: possible -> failed"])
        #expect(tester.actions.isEmpty)
    }

    @Test("the touches a withdrawn recognizer was sent as cancelled go on for the view: it receives their moves and lift")
    func touchesGoOnForTheView() {
        let recorder = CancelRecorder(name: "it")
        recorder.onMove = .staysPossible
        let (tester, _) = scene(recorder)
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 30)
        recorder.isEnabled = false
        tester.move(1, 120, 100, at: 40)
        tester.up(1, 120, 100, at: 50)
        #expect(recorder.calls.count == 1)
        #expect(tester.received(by: "view") == ["0ms began [1]", "40ms moved [1]", "50ms ended [1]"])
    }

    @Test("a recognizer tracking no touch when it is withdrawn (between taps) is sent no touchesCancelled, and fails")
    func nothingTrackedNothingSent() {
        let recorder = CancelRecorder(name: "it")
        recorder.onMove = .staysPossible
        let (tester, _) = scene(recorder)
        tester.tap(1, 100, 100, at: 0)
        tester.wait(until: 100)
        recorder.isEnabled = false
        #expect(recorder.calls.isEmpty)
        #expect(transitions(tester, "it") == ["100ms it: possible -> failed"])
    }

    @Test("a recognizer already finished when it is withdrawn is sent no touchesCancelled")
    func finishedNothingSent() {
        let recorder = CancelRecorder(name: "it")
        recorder.onMove = .fails
        let (tester, _) = scene(recorder)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 110, 100, at: 10)
        tester.wait(until: 30)
        recorder.isEnabled = false
        #expect(recorder.calls.isEmpty)
        #expect(transitions(tester, "it") == ["10ms it: possible -> failed"])
    }

    @Test("a pan disabled while it pans cancels itself in touchesCancelled: one began -> cancelled, one cancelled action counting no touches")
    func panCancelsItself() {
        let pan = PanGestureRecognizer(name: "pan")
        let (tester, _) = scene(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 130, 100, at: 10)
        tester.wait(until: 30)
        pan.isEnabled = false
        #expect(transitions(tester, "pan") == ["10ms pan: possible -> began", "30ms pan: began -> cancelled"])
        #expect(tester.reports(of: "pan") == ["10ms pan began touches=1 at=(130,100) [(130,100)]", "30ms pan cancelled touches=0 at=(130,100)"])
    }

    @Test("a tap disabled while it decides fails itself in touchesCancelled: one possible -> failed, no action")
    func tapFailsItself() {
        let tap = TapGestureRecognizer(name: "tap")
        let (tester, _) = scene(tap)
        tester.down(1, 100, 100, at: 0)
        tester.wait(until: 20)
        tap.isEnabled = false
        #expect(transitions(tester, "tap") == ["20ms tap: possible -> failed"])
        #expect(tester.actions.isEmpty)
    }

    @Test("a pinch following a trackpad pinch is sent the gesture's cancelled phase when it is disabled")
    func trackpadGestureCancelled() {
        let pinch = PhaseRecordingPinch(name: "pinch")
        let (tester, _) = scene(pinch)
        let pointer = Point(x: 200, y: 150)
        for (ms, phase, scale) in [(0.0, IndirectGesture.Phase.began, 1.0), (10, .changed, 1.5)] {
            let time = GestureTime(ms * 1000)
            tester.scheduler.advance(to: time)
            tester.dispatcher.send(IndirectGesture(kind: .transform, phase: phase, timestamp: time, location: pointer, scale: scale))
        }
        tester.wait(until: 30)
        pinch.isEnabled = false
        #expect(pinch.phases == [.began, .changed, .cancelled])
        #expect(transitions(tester, "pinch") == ["10ms pinch: possible -> began", "30ms pinch: began -> cancelled"])
        #expect(tester.actions == ["10ms pinch action began", "30ms pinch action cancelled"])
    }
}
