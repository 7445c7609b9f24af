import GestureEngine
import Testing

/// The dispatcher's settle and reconcile loops are bounded: a round more than the recognizers in
/// play can need is a loop feeding itself, a programmer error stopped loudly with the recognizers
/// still changing named, never a silent exit. Each test runs in a child process (an exit test),
/// because the guard stops the program.
///
/// Only the settle loop's guard is reachable through the public API, by an action that changes its
/// own recognizer's state every time it runs. The reconcile loop's guard is not: reconciliation only
/// fails or cancels (each final) and wakes a recognizer once per requirement that finishes, so no
/// recognizer, delegate or action can make it exceed its bound; it guards the engine's own code.
@Suite("Loop guards")
struct LoopGuardTests {
    @Test("an action that changes its recognizer's state every time it runs stops the program, naming the recognizer and its state")
    func selfFeedingActionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let tester = GestureTester()
            let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
            let pan = PanGestureRecognizer(name: "drag")
            // A programmer error: only the recognizer's own touch and timer handlers assign `state`.
            pan.addAction { $0.state = .changed }
            view.addGestureRecognizer(pan)
            tester.down(1, 100, 100, at: 0)
            tester.move(1, 130, 100, at: 10)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("settle() did not settle after 4 rounds with 1 recognizers in play"))
        #expect(message.contains("still changing: PanGestureRecognizer \"drag\" (changed)"))
    }
}
