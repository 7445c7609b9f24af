import GestureEngine
import Testing

/// Back and forth `legs` times between x = 540 and 640, with a small vertical wobble.
private func shake(legs: Int, amplitude: Double = 100) -> [Point] {
    (0...legs).map { leg in P(leg % 2 == 0 ? 540 : 540 + amplitude, 400 + Double(leg % 3) * 3) }
}

@Suite("Reset shake")
struct ResetShakeTests {
    @Test("four strokes (three direction changes) recognize at lift, reporting the turns")
    func recognizes() {
        let recognizer = ResetShakeGestureRecognizer(name: "shake")
        let tester = GestureTester.with(recognizer)
        let lift = tester.stroke(1, through: shake(legs: 4), at: 0, stepsPerLeg: 8)
        #expect(tester.lines(of: "shake").first == "\(Int(lift))ms shake: possible -> ended")
        #expect(recognizer.directionChanges == 3)
    }

    @Test("three strokes (two direction changes) fail at lift")
    func tooFewTurns() {
        let tester = GestureTester.with(ResetShakeGestureRecognizer(name: "shake"))
        let lift = tester.stroke(1, through: shake(legs: 3), at: 0, stepsPerLeg: 8)
        #expect(tester.lines(of: "shake").first == "\(Int(lift))ms shake: possible -> failed")
    }

    @Test("jitter shorter than the minimum stroke length never counts as a turn (near miss)")
    func jitterDoesNotCount() {
        let recognizer = ResetShakeGestureRecognizer(name: "shake")
        let tester = GestureTester.with(recognizer)
        tester.stroke(1, through: shake(legs: 8, amplitude: 8), at: 0, stepsPerLeg: 4)
        #expect(tester.actions.isEmpty)
        #expect(recognizer.directionChanges == 0)
    }

    @Test("the minimum number of direction changes is a parameter")
    func parameter() {
        let recognizer = ResetShakeGestureRecognizer(name: "shake")
        recognizer.minimumDirectionChanges = 2
        let tester = GestureTester.with(recognizer)
        tester.stroke(1, through: shake(legs: 3), at: 0, stepsPerLeg: 8)
        #expect(tester.actions.count == 1)
    }

    @Test("drifting vertically beyond the limit fails at once")
    func verticalDrift() {
        let tester = GestureTester.with(ResetShakeGestureRecognizer(name: "shake"))
        tester.stroke(1, through: [P(540, 400), P(640, 400), P(540, 480)], at: 0, stepsPerLeg: 8)
        #expect(tester.lines(of: "shake").first?.hasSuffix("shake: possible -> failed") == true)
        #expect(tester.actions.isEmpty)
    }

    @Test("a cancelled shake fails")
    func cancellation() {
        let tester = GestureTester.with(ResetShakeGestureRecognizer(name: "shake"))
        tester.stroke(1, through: shake(legs: 4), at: 0, stepsPerLeg: 8, lift: false)
        tester.cancel(1, 540, 400, at: 400)
        #expect(tester.lines(of: "shake").first == "400ms shake: possible -> failed")
    }
}
