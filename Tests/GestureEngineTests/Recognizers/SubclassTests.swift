import GestureEngine
import Testing

/// The standard recognizers are open, as UIKit's are: a package subclasses one, overrides its
/// touch handlers and failure questions, and the engine treats the subclass as a user's recognizer.
/// This file imports the engine as any package does (not `@testable`), so it compiles only while
/// the classes are open.
@Suite("Subclassing the standard recognizers")
struct SubclassTests {
    /// The most common UIKit subclass: a pan that fails when the drag starts more sideways than
    /// up or down, so that a horizontal pan beside it can take the touch.
    final class VerticalPanGestureRecognizer: PanGestureRecognizer {
        private var start: Point?

        override func touchesBegan(_ touches: TouchBatch) {
            super.touchesBegan(touches)
            if start == nil { start = location(in: nil) }
        }

        override func touchesMoved(_ touches: TouchBatch) {
            if state == .possible, let start {
                let travel = location(in: nil) - start
                if travel.length >= 5 && abs(travel.dx) > abs(travel.dy) {
                    state = .failed
                    return
                }
            }
            super.touchesMoved(touches)
        }

        override func reset() {
            super.reset()
            start = nil
        }
    }

    /// A single tap that always waits for any double tap to fail, by the class-wide question
    /// (`shouldRequireFailure(of:)`) instead of `require(toFail:)` or a delegate.
    final class PatientTapGestureRecognizer: TapGestureRecognizer {
        override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
            (other as? TapGestureRecognizer)?.numberOfTapsRequired ?? 0 > numberOfTapsRequired
        }
    }

    private func verticalPan() -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        view.addGestureRecognizer(VerticalPanGestureRecognizer(name: "vertical"))
        return tester
    }

    @Test("A pan subclass that fails sideways drags fails one before it begins")
    func subclassFailsSidewaysDrag() {
        let tester = verticalPan()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 110, 102, at: 10)
        tester.move(1, 140, 104, at: 20)
        tester.up(1, 140, 104, at: 30)
        #expect(tester.lines(of: "vertical") == ["10ms vertical: possible -> failed", "30ms vertical: failed -> possible"])
        #expect(tester.actions.isEmpty)
    }

    @Test("A pan subclass that calls super pans as the standard pan does")
    func subclassKeepsThePanOfItsSuperclass() {
        let tester = verticalPan()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 101, 115, at: 10)
        tester.move(1, 102, 140, at: 20)
        tester.up(1, 102, 140, at: 30)
        #expect(tester.actions == ["10ms vertical action began", "20ms vertical action changed", "30ms vertical action ended"])
        #expect(tester.reports(of: "vertical").first == "10ms vertical began touches=1 at=(101,115) [(101,115)]")
    }

    @Test("A subclass of a standard recognizer is asked the class-wide failure questions")
    func subclassIsAskedFailureQuestions() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 200, height: 200))
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(PatientTapGestureRecognizer(name: "single"))
        view.addGestureRecognizer(double)
        tester.tap(1, 100, 100, at: 0)
        tester.finish()
        // The single tap waits for the double tap to fail, when its interval runs out (350 ms
        // after the lift), instead of acting at the lift as a plain single tap does.
        #expect(tester.actions == ["400ms single action ended"])
    }
}
