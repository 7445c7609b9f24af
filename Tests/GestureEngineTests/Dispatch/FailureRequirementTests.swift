import GestureEngine
import Testing

@Suite("Failure requirements and delegates")
struct FailureRequirementTests {
    /// A pan that requires a tap to fail, on one view.
    private func panRequiringTap() -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let tap = TapGestureRecognizer(name: "tap")
        let pan = PanGestureRecognizer(name: "pan")
        pan.require(toFail: tap)
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(pan)
        return tester
    }

    @Test("a recognizer waiting on a requirement still moves through its states but sends no action")
    func deferredRecognizerTraversesStates() {
        let tester = panRequiringTap()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 115, 100, at: 10)
        tester.move(1, 130, 100, at: 20)
        #expect(tester.lines(of: "pan") == ["10ms pan: possible -> began", "20ms pan: began -> changed"])
        #expect(tester.actions.isEmpty)
    }

    @Test("when the requirement fails, the deferred recognizer's first action presents began though it is already changed")
    func firstDeferredActionPresentsBegan() {
        let tester = panRequiringTap()
        var statesSeen: [GestureRecognizer.State] = []
        tester.window.subviews[0].gestureRecognizers[1].addAction { statesSeen.append($0.state) }
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 115, 100, at: 10)
        tester.move(1, 130, 100, at: 20)
        tester.move(1, 150, 100, at: 30)
        tester.move(1, 160, 100, at: 40)
        #expect(tester.actions == ["30ms pan action began", "40ms pan action changed"])
        #expect(statesSeen == [.began, .changed])
    }

    @Test("when the requirement recognizes, the recognizer waiting on it fails")
    func requirementRecognizesFailsDependent() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let tap = TapGestureRecognizer(name: "tap")
        let press = LongPressGestureRecognizer(name: "press")
        press.minimumPressDuration = 20_000
        press.require(toFail: tap)
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        tester.down(1, 100, 100, at: 0)
        tester.up(1, 100, 100, at: 40)
        #expect(tester.lines(of: "press").prefix(3) == [
            "20ms press: possible -> began", "40ms press: began -> ended", "40ms press: ended -> failed",
        ])
        #expect(tester.actions == ["40ms tap action ended"])
    }

    /// The actions of one tap on a view with a single and a double tap, the single tap's delegate
    /// answering that it requires the double tap to fail, and saying whether it answers at all.
    private func tapWithDelegateRequiringDoubleTap(answersFailureQuestions: Bool) -> [String] {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        let delegate = ScriptedDelegate()
        delegate.requireFailureOf = [double]
        if !answersFailureQuestions { delegate.answeredQuestions.remove(.failureRequirements) }
        single.delegate = delegate
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        return tester.actions
    }

    @Test("a requirement set up by the delegate works like require(toFail:)")
    func delegateRequirement() {
        #expect(tapWithDelegateRequiringDoubleTap(answersFailureQuestions: true) == ["400ms single action ended"])
    }

    @Test("a delegate that says it answers no failure questions is not asked them for the engine's recognizers")
    func delegateDecliningFailureQuestions() {
        // Unasked, its answer sets up no requirement: the single tap acts at the lift.
        #expect(tapWithDelegateRequiringDoubleTap(answersFailureQuestions: false) == ["50ms single action ended"])
    }

    /// A user's recognizer: it recognizes when its finger lifts, and answers the class-wide
    /// failure questions as it is told.
    private final class LiftRecognizer: GestureRecognizer {
        var requiresFailureOf: String?
        var requiredToFailBy: String?

        init(name: String) { super.init(kind: .discrete, name: name) }

        override func touchesEnded(_ touches: TouchBatch) { state = .ended }
        override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other.name == requiresFailureOf }
        override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { other.name == requiredToFailBy }
    }

    /// The actions of one tap on a view carrying `recognizers`, timers run out.
    private func actionsOfOneTap(on recognizers: GestureRecognizer...) -> [String] {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        return tester.actions
    }

    @Test("a subclass that requires another's failure (shouldRequireFailure(of:)) waits for it")
    func subclassRequiresFailure() {
        let lift = LiftRecognizer(name: "lift")
        lift.requiresFailureOf = "double"
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        #expect(actionsOfOneTap(on: lift, double) == ["400ms lift action ended"])
    }

    @Test("a subclass that must fail before another (shouldBeRequiredToFail(by:)) holds the engine's tap back, and its success fails the tap")
    func subclassRequiredToFail() {
        let lift = LiftRecognizer(name: "lift")
        lift.requiredToFailBy = "tap"
        #expect(actionsOfOneTap(on: TapGestureRecognizer(name: "tap"), lift) == ["50ms lift action ended"])
    }

    @Test("a requirement not in play this sequence counts as failed")
    func requirementOutOfPlay() {
        let tester = GestureTester()
        let left = tester.addView("left", Rect(x: 0, y: 0, width: 100, height: 100))
        let right = tester.addView("right", Rect(x: 200, y: 0, width: 100, height: 100))
        let tap = TapGestureRecognizer(name: "tap")
        let other = TapGestureRecognizer(name: "other")
        tap.require(toFail: other)
        left.addGestureRecognizer(tap)
        right.addGestureRecognizer(other)
        tester.tap(1, 50, 50, at: 0)
        #expect(tester.actions == ["50ms tap action ended"])
    }

    @Test("a delegate that declines shouldBegin fails the recognizer instead")
    func shouldBeginDeclined() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        let tap = TapGestureRecognizer(name: "tap")
        let delegate = ScriptedDelegate()
        delegate.shouldBegin = false
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        tester.tap(1, 100, 100, at: 0)
        #expect(tester.lines(of: "tap") == ["50ms tap: possible -> failed", "50ms tap: failed -> possible"])
        #expect(tester.received(by: "view") == ["0ms began [1]", "50ms ended [1]"])
    }

    @Test("a view that declines gestureRecognizerShouldBegin fails its recognizer")
    func viewShouldBeginDeclined() {
        final class Stubborn: View {
            override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
        }
        let tester = GestureTester()
        let view = Stubborn(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "view")
        tester.window.addSubview(view)
        view.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        tester.tap(1, 100, 100, at: 0)
        #expect(tester.actions.isEmpty)
    }

    @Test("a delegate that declines a touch hides the whole sequence from the recognizer")
    func shouldReceiveDeclined() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        let tap = TapGestureRecognizer(name: "tap")
        let delegate = ScriptedDelegate()
        delegate.shouldReceive = false
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        tester.tap(1, 100, 100, at: 0)
        #expect(tester.lines(of: "tap").isEmpty)
        #expect(tester.received(by: "view") == ["0ms began [1]", "50ms ended [1]"])
    }

    @Test("a delegate is asked only the questions it says it answers, read when it is set")
    func unansweredQuestionsAreNotAsked() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        let tap = TapGestureRecognizer(name: "tap")
        let delegate = ScriptedDelegate()
        delegate.shouldReceive = false
        delegate.shouldBegin = false
        delegate.answeredQuestions = .simultaneity
        tap.delegate = delegate
        // Read when set: answering every question from now on changes nothing for this recognizer.
        delegate.answeredQuestions = .all
        view.addGestureRecognizer(tap)
        tester.tap(1, 100, 100, at: 0)
        #expect(tester.actions == ["50ms tap action ended"])
    }

    @Test("a disabled recognizer receives no touches")
    func disabledRecognizer() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        let tap = TapGestureRecognizer(name: "tap")
        tap.isEnabled = false
        view.addGestureRecognizer(tap)
        tester.tap(1, 100, 100, at: 0)
        #expect(tester.transcript == ["0ms view began [1]", "50ms view ended [1]"])
    }

    @Test("a failed recognizer gets no more touches of the sequence")
    func failedRecognizerStopsReceiving() {
        final class Counting: GestureRecognizer {
            var moves = 0
            init() { super.init(kind: .discrete, name: "counting") }
            override func touchesMoved(_ touches: TouchBatch) {
                moves += 1
                state = .failed
            }
        }
        let tester = GestureTester()
        let counting = Counting()
        tester.window.addGestureRecognizer(counting)
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 101, 100, at: 10)
        tester.move(1, 102, 100, at: 20)
        #expect(counting.moves == 1)
    }

    @Test("require(toFail:) lists each requirement once, however many and however often asked, on both sides")
    func requirementsListedOnce() {
        let dependent = PanGestureRecognizer(name: "dependent")
        // Past the length at which the requirements are also kept as a set.
        let requirements = (0..<100).map { TapGestureRecognizer(name: "tap\($0)") }
        for round in 0..<3 {
            for (index, requirement) in requirements.enumerated() where round == 0 || index % (round + 1) == 0 {
                dependent.require(toFail: requirement)
            }
        }
        #expect(dependent.failureRequirementCount == 100)
        #expect(requirements.allSatisfy { $0.dependentCount == 1 && $0.requirementLinksAreConsistent })
        #expect(requirements.allSatisfy { dependent.requiresFailure(of: $0) })
        #expect(!dependent.requiresFailure(of: TapGestureRecognizer(name: "stranger")))
        #expect(dependent.requirementLinksAreConsistent)
    }

    @Test("freeing dependents of one requirement, in any order, leaves it naming exactly the living ones, which still wait on it")
    func fanOutFreedInAnyOrder() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        let count = 60
        var dependents: [TapGestureRecognizer?] = (0..<count).map { index in
            let tap = TapGestureRecognizer(name: "d\(index)")
            tap.require(toFail: double)
            return tap
        }
        weak let freed: TapGestureRecognizer? = dependents[7]
        // Free two thirds of them, in an order that is neither the order added nor its reverse.
        for step in 0..<count where step % 3 != 0 {
            dependents[(step * 7) % count] = nil
        }
        #expect(freed == nil)
        let living = dependents.compactMap { $0 }
        #expect(double.dependentCount == living.count)
        #expect(double.requirementLinksAreConsistent)
        #expect(living.allSatisfy { $0.requirementLinksAreConsistent })
        // A survivor still waits for the double tap to fail: it acts when that times out.
        view.addGestureRecognizer(living[1])
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.actions == ["400ms \(living[1].name) action ended"])
    }

    /// A 200 × 200 view with `count` double taps, "double0" first: their timers fall due together.
    private func doubleTaps(_ count: Int) -> (GestureTester, View) {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        for index in 0..<count {
            let double = TapGestureRecognizer(name: "double\(index)")
            double.numberOfTapsRequired = 2
            view.addGestureRecognizer(double)
        }
        return (tester, view)
    }

    @Test("timers firing at one instant each settle and reset their own recognizer, the reset pass looking at what settled, not at every recognizer in play")
    func timersAtOneInstantResetWhatSettled() {
        let count = 300
        let (tester, view) = doubleTaps(count)
        view.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        tester.tap(1, 100, 100, at: 0)
        let atLift = tester.transcript.count
        tester.finish()
        // Each double tap fails at its own timer, in the order they joined, and is reset before
        // the next timer fires.
        let expected = (0..<count).flatMap { ["400ms double\($0): possible -> failed", "400ms double\($0): failed -> possible"] }
        #expect(Array(tester.transcript[atLift...]) == expected)
        #expect(tester.dispatcher.recognizersInPlay.isEmpty)
        // The tap at the lift, then each double tap at its timer: looked at once, and taken off
        // the front of the list in play in one step. A pass over every recognizer in play at each
        // timer made that count * (count + 1) / 2 more.
        #expect(tester.dispatcher.resetPassVisits == 2 * (count + 1))
    }

    @Test("a lift held by many double taps whose timers fire at one instant is delivered after the last fails, its recognizers walked once")
    func heldLiftReleasedByTimersAtOneInstant() {
        let count = 300
        let (tester, _) = doubleTaps(count)
        tester.tap(1, 100, 100, at: 0)
        #expect(tester.dispatcher.touchesHeld.count == 1)
        let atLift = tester.transcript.count
        tester.finish()
        let failures = (0..<count).map { ["400ms double\($0): possible -> failed", "400ms double\($0): failed -> possible"] }
        #expect(Array(tester.transcript[atLift...]) == failures.dropLast().flatMap { $0 }
            + [failures[count - 1][0], "400ms view ended [1]", failures[count - 1][1]])
        #expect(tester.dispatcher.touchesHeld.isEmpty && tester.dispatcher.recognizersInPlay.isEmpty)
        // The last double tap listed holds the lift until its own timer, the last: the timers
        // before it leave the lift's flags as they were, and only the last walks its list.
        #expect(tester.dispatcher.heldLiftFlagWalks == 1)
        #expect(tester.dispatcher.resetPassVisits == 2 * count)
    }
}
