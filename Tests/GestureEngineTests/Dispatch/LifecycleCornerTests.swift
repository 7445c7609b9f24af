import GestureEngine
import Testing

/// A user's recognizer that fails at its first touch and counts its resets with the time of each.
private final class CountingResets: GestureRecognizer {
    var resets: [GestureTime] = []
    init(name: String) { super.init(kind: .discrete, name: name) }
    override func touchesBegan(_ touches: TouchBatch) { state = .failed }
    override func reset() {
        super.reset()
        resets.append(now)
    }
}

@Suite("Recognizers changed mid-sequence")
struct LifecycleCornerTests {
    @Test("a pan that disables itself in its began action is cancelled, and enabled again at once it takes the next sequence")
    func disabledInOwnAction() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let pan = PanGestureRecognizer(name: "pan")
        var disableNext = true
        pan.addAction { recognizer in
            if recognizer.state == .began && disableNext {
                disableNext = false
                recognizer.isEnabled = false
                recognizer.isEnabled = true
            }
        }
        view.addGestureRecognizer(pan)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        tester.move(1, 140, 100, at: 20)
        tester.up(1, 140, 100, at: 30)
        #expect(tester.actions == ["10ms pan action began", "10ms pan action cancelled"])
        tester.down(1, 100, 100, at: 100)
        tester.move(1, 120, 100, at: 110)
        tester.up(1, 120, 100, at: 120)
        #expect(tester.actions.suffix(2) == ["110ms pan action began", "120ms pan action ended"])
    }

    @Test("a recognizer added while a finger is down does not see that finger, but sees the next touch")
    func addedMidSequence() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        tester.down(1, 100, 100, at: 0)
        let pan = PanGestureRecognizer(name: "pan")
        view.addGestureRecognizer(pan)
        tester.move(1, 140, 100, at: 10)
        tester.up(1, 140, 100, at: 20)
        #expect(tester.lines(of: "pan").isEmpty)
        tester.down(1, 100, 100, at: 100)
        tester.move(1, 140, 100, at: 110)
        tester.up(1, 140, 100, at: 120)
        #expect(tester.actions == ["110ms pan action began", "120ms pan action ended"])
    }

    @Test("reset is called once per sequence, when the last finger lifts, not when the recognizer fails")
    func resetWhenSequenceEnds() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let counting = CountingResets(name: "counting")
        view.addGestureRecognizer(counting)
        tester.down(1, 100, 100, at: 0)
        tester.down(2, 200, 100, at: 10)
        tester.up(1, 100, 100, at: 20)
        #expect(counting.resets.isEmpty)
        tester.up(2, 200, 100, at: 30)
        #expect(counting.resets == [30_000])
        #expect(tester.lines(of: "counting") == ["0ms counting: possible -> failed", "30ms counting: failed -> possible"])
    }

    @Test("a tap whose finger lands while a pan on another view has already won is failed by exclusion when it recognizes")
    func touchLandsWhileOtherRecognized() {
        let tester = GestureTester()
        let left = tester.addView("left", Rect(x: 0, y: 0, width: 200, height: 400))
        let right = tester.addView("right", Rect(x: 200, y: 0, width: 200, height: 400))
        left.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        right.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 100, 130, at: 10)
        tester.tap(2, 300, 100, at: 20)
        tester.up(1, 100, 130, at: 100)
        #expect(tester.actions == ["10ms pan action began", "100ms pan action ended"])
        #expect(tester.lines(of: "tap").prefix(2) == ["70ms tap: possible -> ended", "70ms tap: ended -> failed"])
        // The tap never won, so the view it landed on receives the touch whole.
        #expect(tester.received(by: "right") == ["20ms began [2]", "70ms ended [2]"])
    }

    @Test("a tap that lands while a pan has won recognizes when a delegate allows the two together")
    func touchLandsWhileOtherRecognizedAllowed() {
        let tester = GestureTester()
        let left = tester.addView("left", Rect(x: 0, y: 0, width: 200, height: 400))
        let right = tester.addView("right", Rect(x: 200, y: 0, width: 200, height: 400))
        let tap = TapGestureRecognizer(name: "tap")
        let delegate = ScriptedDelegate()
        delegate.simultaneous = true
        tap.delegate = delegate
        left.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        right.addGestureRecognizer(tap)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 100, 130, at: 10)
        tester.tap(2, 300, 100, at: 20)
        tester.up(1, 100, 130, at: 100)
        #expect(tester.actions == ["10ms pan action began", "70ms tap action ended", "100ms pan action ended"])
    }
}
