import GestureEngine
import Testing

/// The standard recognizers are open, as UIKit's are: a package subclasses one, overrides its
/// touch handlers and failure questions, and the engine treats the subclass as a user's recognizer.
/// This file imports the engine as any package does (not `@testable`), so it compiles only while
/// the classes are open. A subclass that overrides touch handlers, registered as a scene kind, is
/// in PublicAPITests (`SubclassKindAPITests`).
@Suite("Subclassing the standard recognizers")
struct SubclassTests {
    /// A single tap that always waits for any double tap to fail, by the class-wide question
    /// (`shouldRequireFailure(of:)`) instead of `require(toFail:)` or a delegate.
    final class PatientTapGestureRecognizer: TapGestureRecognizer {
        override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
            (other as? TapGestureRecognizer)?.numberOfTapsRequired ?? 0 > numberOfTapsRequired
        }
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
