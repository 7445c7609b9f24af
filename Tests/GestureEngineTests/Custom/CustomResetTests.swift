import GestureEngine
import Testing

/// One custom recognizer and its gesture: `perform(tester, ms, lift)` draws it from `ms`, lifting
/// or not, and returns the time of its last frame.
struct CustomGesture: CustomStringConvertible, Sendable {
    let description: String
    let make: @Sendable () -> GestureRecognizer
    let perform: @Sendable (GestureTester, Double, Bool) -> Double
}

private let gestures: [CustomGesture] = [
    CustomGesture(description: "chevron", make: { ChevronGestureRecognizer(name: "it") }) { tester, ms, lift in
        tester.stroke(1, through: [P(400, 200), P(475, 290), P(400, 380)], at: ms, lift: lift)
    },
    CustomGesture(description: "unistroke checkmark", make: { UnistrokeGestureRecognizer(name: "it") }) { tester, ms, lift in
        tester.stroke(1, through: [P(500, 300), P(540, 350), P(630, 220)], at: ms, lift: lift)
    },
    CustomGesture(description: "reset shake", make: { ResetShakeGestureRecognizer(name: "it") }) { tester, ms, lift in
        let legs: [Point] = [P(540, 400), P(640, 403), P(540, 406), P(640, 400), P(540, 403)]
        return tester.stroke(1, through: legs, at: ms, stepsPerLeg: 8, lift: lift)
    },
    CustomGesture(description: "pattern unlock", make: { PatternUnlockGestureRecognizer(name: "it") }) { tester, ms, lift in
        let targets: [Point] = [P(520, 280), P(640, 280), P(760, 280), P(760, 400), P(760, 520)]
        return tester.stroke(1, through: targets, at: ms, lift: lift)
    },
    CustomGesture(description: "double-tap-drag zoom", make: { DoubleTapDragZoomGestureRecognizer(name: "it") }) { tester, ms, lift in
        tester.tap(1, 640, 400, at: ms)
        return tester.stroke(2, through: [P(642, 402), P(642, 562)], at: ms + 150, lift: lift)
    },
    CustomGesture(description: "two-finger touch-down press", make: {
        let press = TouchDownPressGestureRecognizer(name: "it")
        press.numberOfTouchesRequired = 2
        return press
    }) { tester, ms, lift in
        tester.down(1, 100, 100, at: ms)
        guard lift else { return ms }
        tester.down(2, 160, 100, at: ms + 30)
        tester.up(1, 100, 100, at: ms + 80)
        tester.up(2, 160, 100, at: ms + 80)
        return ms + 80
    },
]

@Suite("Custom recognizers after an interrupted attempt")
struct CustomResetTests {
    @Test("disabled and enabled again mid-gesture, a custom recognizer acts on nothing of that attempt and recognizes the next one", arguments: gestures)
    func recognizesAfterDisabling(_ gesture: CustomGesture) {
        let tester = GestureTester.with(gesture.make())
        let recognizer = tester.window.subviews[0].gestureRecognizers[0]
        let cut = gesture.perform(tester, 0, false)
        recognizer.isEnabled = false
        recognizer.isEnabled = true
        for id: UInt32 in [1, 2] { tester.up(id, 640, 400, at: cut + 10) }
        tester.finish()
        #expect(!tester.actions.contains { $0.hasSuffix("it action ended") })
        let second = 10_000.0
        _ = gesture.perform(tester, second, true)
        tester.finish()
        let later = tester.actions.filter { (Double($0.prefix { $0.isNumber }) ?? 0) >= second }
        #expect(later.last?.hasSuffix("it action ended") == true)
        #expect(recognizer.state == .possible)
    }
}
