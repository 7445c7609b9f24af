import GestureEngine
import Testing

/// One combination of the three delivery flags.
struct Flags: CustomStringConvertible, Sendable {
    var cancels: Bool
    var delaysBegan: Bool
    var delaysEnded: Bool

    var description: String {
        "cancelsTouchesInView \(cancels), delaysTouchesBegan \(delaysBegan), delaysTouchesEnded \(delaysEnded)"
    }

    func apply(to recognizer: GestureRecognizer) {
        recognizer.cancelsTouchesInView = cancels
        recognizer.delaysTouchesBegan = delaysBegan
        recognizer.delaysTouchesEnded = delaysEnded
    }
}

private func scene(_ flags: Flags, _ recognizer: GestureRecognizer) -> GestureTester {
    let tester = GestureTester()
    let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
    flags.apply(to: recognizer)
    view.addGestureRecognizer(recognizer)
    return tester
}

private let T = true, F = false

/// What the view receives for each flag combination, per the rules in docs/semantics.md
/// ("Delivery to views"): cancels cancels what the view saw; delaysBegan holds everything until
/// failure and discards on recognition; delaysEnded holds only the lift.
@Suite("Delivery flags")
struct DeliveryFlagTests {
    /// A tap that recognizes at the lift: down at 0 ms, up at 80 ms.
    @Test("a tap that succeeds", arguments: [
        (Flags(cancels: T, delaysBegan: F, delaysEnded: T), ["0ms began [1]", "80ms cancelled [1]"]),
        (Flags(cancels: T, delaysBegan: F, delaysEnded: F), ["0ms began [1]", "80ms cancelled [1]"]),
        (Flags(cancels: F, delaysBegan: F, delaysEnded: T), ["0ms began [1]", "80ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: F, delaysEnded: F), ["0ms began [1]", "80ms ended [1]"]),
        (Flags(cancels: T, delaysBegan: T, delaysEnded: T), []),
        (Flags(cancels: T, delaysBegan: T, delaysEnded: F), []),
        (Flags(cancels: F, delaysBegan: T, delaysEnded: T), []),
        (Flags(cancels: F, delaysBegan: T, delaysEnded: F), []),
    ])
    func tapSucceeds(_ flags: Flags, _ expected: [String]) {
        let tester = scene(flags, TapGestureRecognizer(name: "tap"))
        tester.down(1, 100, 100, at: 0)
        tester.up(1, 100, 100, at: 80)
        tester.finish()
        #expect(tester.actions == ["80ms tap action ended"])
        #expect(tester.received(by: "view") == expected)
    }

    /// A tap that fails when the finger wanders 60 points at 40 ms; lift at 80 ms.
    @Test("a tap that fails", arguments: [
        (Flags(cancels: T, delaysBegan: F, delaysEnded: T), ["0ms began [1]", "40ms moved [1]", "80ms ended [1]"]),
        (Flags(cancels: T, delaysBegan: F, delaysEnded: F), ["0ms began [1]", "40ms moved [1]", "80ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: F, delaysEnded: T), ["0ms began [1]", "40ms moved [1]", "80ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: F, delaysEnded: F), ["0ms began [1]", "40ms moved [1]", "80ms ended [1]"]),
        // Held until the tap fails at 40 ms: began with its original time, then one catch-up move.
        (Flags(cancels: T, delaysBegan: T, delaysEnded: T), ["40ms began [1] @0ms", "40ms moved [1]", "80ms ended [1]"]),
        (Flags(cancels: T, delaysBegan: T, delaysEnded: F), ["40ms began [1] @0ms", "40ms moved [1]", "80ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: T, delaysEnded: T), ["40ms began [1] @0ms", "40ms moved [1]", "80ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: T, delaysEnded: F), ["40ms began [1] @0ms", "40ms moved [1]", "80ms ended [1]"]),
    ])
    func tapFails(_ flags: Flags, _ expected: [String]) {
        let tester = scene(flags, TapGestureRecognizer(name: "tap"))
        tester.timestampBegan = true
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 160, 100, at: 40)
        tester.up(1, 160, 100, at: 80)
        tester.finish()
        #expect(tester.actions.isEmpty)
        #expect(tester.received(by: "view") == expected)
    }

    /// A pan that begins mid-touch: moves at 10, 20 (begins), 30 ms; lift at 40 ms.
    @Test("a pan that succeeds", arguments: [
        (Flags(cancels: T, delaysBegan: F, delaysEnded: T), ["0ms began [1]", "10ms moved [1]", "20ms cancelled [1]"]),
        (Flags(cancels: T, delaysBegan: F, delaysEnded: F), ["0ms began [1]", "10ms moved [1]", "20ms cancelled [1]"]),
        (Flags(cancels: F, delaysBegan: F, delaysEnded: T),
         ["0ms began [1]", "10ms moved [1]", "20ms moved [1]", "30ms moved [1]", "40ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: F, delaysEnded: F),
         ["0ms began [1]", "10ms moved [1]", "20ms moved [1]", "30ms moved [1]", "40ms ended [1]"]),
        (Flags(cancels: T, delaysBegan: T, delaysEnded: T), []),
        (Flags(cancels: T, delaysBegan: T, delaysEnded: F), []),
        (Flags(cancels: F, delaysBegan: T, delaysEnded: T), []),
        (Flags(cancels: F, delaysBegan: T, delaysEnded: F), []),
    ])
    func panSucceeds(_ flags: Flags, _ expected: [String]) {
        let tester = scene(flags, PanGestureRecognizer(name: "pan"))
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 105, 100, at: 10)
        tester.move(1, 115, 100, at: 20)
        tester.move(1, 125, 100, at: 30)
        tester.up(1, 125, 100, at: 40)
        tester.finish()
        #expect(tester.actions == ["20ms pan action began", "30ms pan action changed", "40ms pan action ended"])
        #expect(tester.received(by: "view") == expected)
    }

    /// A pan that never moves far enough: a 3-point move at 10 ms, lift at 20 ms (the pan fails then).
    @Test("a pan that fails", arguments: [
        (Flags(cancels: T, delaysBegan: F, delaysEnded: T), ["0ms began [1]", "10ms moved [1]", "20ms ended [1]"]),
        (Flags(cancels: T, delaysBegan: F, delaysEnded: F), ["0ms began [1]", "10ms moved [1]", "20ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: F, delaysEnded: T), ["0ms began [1]", "10ms moved [1]", "20ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: F, delaysEnded: F), ["0ms began [1]", "10ms moved [1]", "20ms ended [1]"]),
        (Flags(cancels: T, delaysBegan: T, delaysEnded: T), ["20ms began [1] @0ms", "20ms moved [1]", "20ms ended [1]"]),
        (Flags(cancels: T, delaysBegan: T, delaysEnded: F), ["20ms began [1] @0ms", "20ms moved [1]", "20ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: T, delaysEnded: T), ["20ms began [1] @0ms", "20ms moved [1]", "20ms ended [1]"]),
        (Flags(cancels: F, delaysBegan: T, delaysEnded: F), ["20ms began [1] @0ms", "20ms moved [1]", "20ms ended [1]"]),
    ])
    func panFails(_ flags: Flags, _ expected: [String]) {
        let tester = scene(flags, PanGestureRecognizer(name: "pan"))
        tester.timestampBegan = true
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 103, 100, at: 10)
        tester.up(1, 103, 100, at: 20)
        tester.finish()
        #expect(tester.actions.isEmpty)
        #expect(tester.received(by: "view") == expected)
    }

    @Test("delaysTouchesEnded holds the first tap's lift until a double tap fails, then delivers it")
    func endedHeldUntilFailure() {
        let tap = TapGestureRecognizer(name: "double")
        tap.numberOfTapsRequired = 2
        let tester = scene(Flags(cancels: T, delaysBegan: F, delaysEnded: T), tap)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        #expect(tester.received(by: "view") == ["0ms began [1]", "400ms ended [1]"])
    }

    @Test("delaysTouchesEnded turns the held lift into a cancellation when the double tap recognizes")
    func endedHeldThenCancelled() {
        let tap = TapGestureRecognizer(name: "double")
        tap.numberOfTapsRequired = 2
        let tester = scene(Flags(cancels: T, delaysBegan: F, delaysEnded: T), tap)
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 100, 100, at: 200)
        #expect(tester.received(by: "view") == [
            "0ms began [1]", "200ms began [2]", "250ms cancelled [1,2]",
        ])
    }

    @Test("delaysTouchesEnded without cancelsTouchesInView lets the held lift through as ended when the double tap recognizes")
    func endedHeldThenEndedWithoutCancelling() {
        let tap = TapGestureRecognizer(name: "double")
        tap.numberOfTapsRequired = 2
        let tester = scene(Flags(cancels: F, delaysBegan: F, delaysEnded: T), tap)
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 100, 100, at: 200)
        #expect(tester.actions == ["250ms double action ended"])
        #expect(tester.received(by: "view") == [
            "0ms began [1]", "200ms began [2]", "250ms ended [1]", "250ms ended [2]",
        ])
    }

    @Test("without delaysTouchesEnded the first tap's lift arrives at once and cannot be cancelled later")
    func endedNotHeld() {
        let tap = TapGestureRecognizer(name: "double")
        tap.numberOfTapsRequired = 2
        let tester = scene(Flags(cancels: T, delaysBegan: F, delaysEnded: F), tap)
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 100, 100, at: 200)
        #expect(tester.received(by: "view") == [
            "0ms began [1]", "50ms ended [1]", "200ms began [2]", "250ms cancelled [2]",
        ])
    }

    @Test("a touch ignored by the recognizer is not cancelled in the view when it recognizes")
    func ignoredTouchNotCancelled() {
        final class IgnoringPan: GestureRecognizer {
            init() { super.init(kind: .continuous, name: "ignorer") }
            override func touchesBegan(_ touches: TouchBatch) {
                for touch in touches where touch.identifier == 2 { ignore(touch) }
            }
            override func touchesMoved(_ touches: TouchBatch) { state = state == .possible ? .began : .changed }
            override func touchesEnded(_ touches: TouchBatch) { if numberOfTouches == touches.count { state = .ended } }
        }
        let tester = scene(Flags(cancels: T, delaysBegan: F, delaysEnded: T), IgnoringPan())
        tester.down(1, 100, 100, at: 0)
        tester.down(2, 200, 100, at: 5)
        tester.frame(at: 10, [
            TouchInput(identifier: 1, change: .move, location: Point(x: 120, y: 100)),
            TouchInput(identifier: 2, change: .move, location: Point(x: 220, y: 100)),
        ])
        tester.up(2, 220, 100, at: 20)
        #expect(tester.received(by: "view") == [
            "0ms began [1]", "5ms began [2]", "10ms cancelled [1]", "10ms moved [2]", "20ms ended [2]",
        ])
    }

    /// A finger rests on the view while a second taps three times: the pan, still deciding, holds
    /// every lift (delaysTouchesEnded). Held lifts are walked only when a decision changes, so
    /// these pin that the walk still happens then.
    private func restingFingerAndThreeTaps() -> GestureTester {
        let tester = scene(Flags(cancels: T, delaysBegan: F, delaysEnded: T), PanGestureRecognizer(name: "pan"))
        tester.down(1, 100, 100, at: 0)
        for tap in UInt32(0)..<3 {
            let start = Double(100 + tap * 100)
            tester.down(2 + tap, 300, 300, at: start)
            tester.up(2 + tap, 300, 300, at: start + 50)
        }
        return tester
    }

    @Test("lifts held while a resting finger's pan decides are delivered as ended when it fails")
    func heldLiftsReleasedWhenThePanFails() {
        let tester = restingFingerAndThreeTaps()
        tester.up(1, 100, 100, at: 500)
        #expect(tester.received(by: "view") == [
            "0ms began [1]", "100ms began [2]", "200ms began [3]", "300ms began [4]", "500ms ended [2]", "500ms ended [3]", "500ms ended [4]", "500ms ended [1]",
        ])
    }

    @Test("lifts held while a resting finger's pan decides are cancelled when it begins")
    func heldLiftsCancelledWhenThePanBegins() {
        let tester = restingFingerAndThreeTaps()
        tester.move(1, 140, 100, at: 500)
        #expect(tester.received(by: "view") == [
            "0ms began [1]", "100ms began [2]", "200ms began [3]", "300ms began [4]", "500ms cancelled [2,3,4,1]",
        ])
    }
}
