import GestureEngine
import Testing

/// Nothing in the engine holds itself alive: the references back up the tree (a recognizer's view
/// and dispatcher, a view's superview) are unowned, so dropping the dispatcher and window frees
/// everything. LeakSanitizer checks this across the whole suite; this pins it without one.
@Suite("Ownership")
struct OwnershipTests {
    @Test("A dispatcher, its window, views, recognizers and observer are freed once nothing outside holds them")
    func everythingFreed() {
        final class Transcript: GestureObserver {
            var count = 0
            func observe(_ observation: Observation, at time: GestureTime) { count += 1 }
        }
        weak var window: Window?
        weak var view: View?
        weak var tap: TapGestureRecognizer?
        weak var dispatcher: TouchDispatcher?
        weak var observer: Transcript?
        var observed = 0
        do {
            let scheduler = VirtualScheduler()
            let madeWindow = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
            let madeView = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "view")
            madeWindow.addSubview(madeView)
            let madeTap = TapGestureRecognizer(name: "tap")
            madeTap.addAction { _ in }
            madeView.addGestureRecognizer(madeTap)
            let transcript = Transcript()
            let madeDispatcher = TouchDispatcher(window: madeWindow, scheduler: scheduler, observer: transcript)
            madeDispatcher.send(TouchFrame(timestamp: 0, touches: [TouchInput(identifier: 1, change: .down, location: Point(x: 50, y: 50))]))
            madeDispatcher.send(TouchFrame(timestamp: 50_000, touches: [TouchInput(identifier: 1, change: .up, location: Point(x: 50, y: 50))]))
            scheduler.runRemaining()
            observed = transcript.count
            (window, view, tap, dispatcher, observer) = (madeWindow, madeView, madeTap, madeDispatcher, transcript)
        }
        #expect(observed > 0)
        #expect(window == nil)
        #expect(view == nil)
        #expect(tap == nil)
        #expect(dispatcher == nil)
        #expect(observer == nil)
    }

    @Test("A chain of 200,000 recognizers, each requiring the one before it to fail, is freed without overflowing the stack")
    func longRequirementChainFreed() {
        weak var first: TapGestureRecognizer?
        do {
            let chainStart = TapGestureRecognizer(name: "0")
            var last = chainStart
            for index in 1..<200_000 {
                let next = TapGestureRecognizer(name: "\(index)")
                next.require(toFail: last)
                last = next
            }
            first = chainStart
            // Only the last link is held from here: each one keeps the one before it alive.
            withExtendedLifetime(last) {}
        }
        #expect(first == nil)
    }
}
