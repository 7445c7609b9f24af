import GestureEngine
import Testing

@Suite("Views and hit testing")
struct HitTestingTests {
    @Test("a point hits the deepest view that contains it")
    func deepestView() {
        let tester = GestureTester()
        let outer = tester.addView("outer", Rect(x: 50, y: 50, width: 200, height: 200))
        let inner = tester.addView("inner", Rect(x: 10, y: 10, width: 50, height: 50), in: outer)
        #expect(tester.window.hitTest(Point(x: 70, y: 70)) === inner)
        #expect(tester.window.hitTest(Point(x: 200, y: 200)) === outer)
        #expect(tester.window.hitTest(Point(x: 10, y: 10)) === tester.window)
    }

    @Test("the last subview is on top")
    func lastSubviewWins() {
        let tester = GestureTester()
        tester.addView("below", Rect(x: 0, y: 0, width: 100, height: 100))
        let above = tester.addView("above", Rect(x: 50, y: 50, width: 100, height: 100))
        #expect(tester.window.hitTest(Point(x: 75, y: 75)) === above)
    }

    @Test("hidden views and views without user interaction are never hit, nor are their subviews")
    func hiddenAndNonInteractiveViews() {
        let tester = GestureTester()
        let hidden = tester.addView("hidden", Rect(x: 0, y: 0, width: 100, height: 100))
        tester.addView("child", Rect(x: 0, y: 0, width: 50, height: 50), in: hidden)
        hidden.isHidden = true
        let inert = tester.addView("inert", Rect(x: 200, y: 0, width: 100, height: 100))
        inert.isUserInteractionEnabled = false
        #expect(tester.window.hitTest(Point(x: 10, y: 10)) === tester.window)
        #expect(tester.window.hitTest(Point(x: 210, y: 10)) === tester.window)
    }

    @Test("a point outside the window hits nothing")
    func outsideWindow() {
        let tester = GestureTester(width: 100, height: 100)
        #expect(tester.window.hitTest(Point(x: 100, y: 50)) == nil)
        #expect(tester.window.hitTest(Point(x: -1, y: 50)) == nil)
    }

    @Test("converting a point between views sums the frame origins")
    func conversion() {
        let tester = GestureTester()
        let outer = tester.addView("outer", Rect(x: 50, y: 60, width: 200, height: 200))
        let inner = tester.addView("inner", Rect(x: 10, y: 20, width: 50, height: 50), in: outer)
        #expect(inner.convert(Point(x: 1, y: 2), to: nil) == Point(x: 61, y: 82))
        #expect(inner.convert(Point(x: 1, y: 2), to: outer) == Point(x: 11, y: 22))
        #expect(outer.convert(Point(x: 61, y: 82), from: nil) == Point(x: 11, y: 22))
    }

    @Test("a view receives the touches that land on it through its responder hooks")
    func responderHooks() {
        final class RecordingView: View {
            var calls: [String] = []
            override func touchesBegan(_ touches: TouchBatch) { calls.append("began \(touches[0].location(in: self))") }
            override func touchesEnded(_ touches: TouchBatch) { calls.append("ended") }
        }
        let tester = GestureTester()
        let view = RecordingView(frame: Rect(x: 100, y: 100, width: 50, height: 50), name: "box")
        tester.window.addSubview(view)
        tester.tap(1, 110, 120, at: 0)
        #expect(view.calls == ["began (10.0, 20.0)", "ended"])
    }

    @Test("successive taps at one place count up in the touch's tap count")
    func tapCount() {
        final class TapCountView: View {
            var counts: [Int] = []
            override func touchesBegan(_ touches: TouchBatch) { counts.append(touches[0].tapCount) }
        }
        let tester = GestureTester()
        let view = TapCountView(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "box")
        tester.window.addSubview(view)
        tester.tap(1, 100, 100, at: 0)
        tester.tap(2, 105, 100, at: 200)
        tester.tap(3, 300, 300, at: 400)
        tester.tap(4, 300, 300, at: 2_000)
        #expect(view.counts == [1, 2, 1, 1])
    }
}
