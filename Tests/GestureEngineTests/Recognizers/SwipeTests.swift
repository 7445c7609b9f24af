import GestureEngine
import Testing

private func swipeScene(_ direction: SwipeGestureRecognizer.Direction = .right) -> (GestureTester, SwipeGestureRecognizer) {
    let tester = GestureTester()
    let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
    let swipe = SwipeGestureRecognizer(name: "swipe")
    swipe.direction = direction
    view.addGestureRecognizer(swipe)
    return (tester, swipe)
}

/// Moves finger 1 from `from` by `step` every 10 ms, `count` times.
private func stroke(_ tester: GestureTester, from: Point, step: Vector, count: Int) {
    tester.down(1, from.x, from.y, at: 0)
    var point = from
    for index in 1...count {
        point = point + step
        tester.move(1, point.x, point.y, at: Double(index * 10))
    }
}

@Suite("Swipe")
struct SwipeTests {
    @Test("a fast stroke to the right recognizes once it has covered 100 points")
    func fastSwipe() {
        let (tester, swipe) = swipeScene()
        stroke(tester, from: Point(x: 50, y: 200), step: Vector(dx: 25, dy: 0), count: 5)
        #expect(tester.actions == ["40ms swipe action ended"])
        #expect(swipe.recognizedDirection == .right)
    }

    @Test("a slow stroke recognizes after 50 points if it stays within 20 degrees")
    func slowSwipe() {
        let (tester, _) = swipeScene()
        stroke(tester, from: Point(x: 50, y: 200), step: Vector(dx: 2, dy: 0.2), count: 30)
        #expect(tester.actions == ["250ms swipe action ended"])
    }

    @Test("a slow stroke 30 degrees off its direction is not a swipe")
    func slowAndCrooked() {
        let (tester, _) = swipeScene()
        stroke(tester, from: Point(x: 50, y: 200), step: Vector(dx: 2, dy: 1.2), count: 40)
        tester.up(1, 130, 248, at: 410)
        #expect(tester.actions.isEmpty)
    }

    @Test("a stroke in a direction not in the mask fails when the finger lifts")
    func wrongDirection() {
        let (tester, _) = swipeScene(.right)
        stroke(tester, from: Point(x: 300, y: 200), step: Vector(dx: -25, dy: 0), count: 5)
        tester.up(1, 175, 200, at: 60)
        #expect(tester.lines(of: "swipe") == ["60ms swipe: possible -> failed", "60ms swipe: failed -> possible"])
    }

    @Test("a stroke slower than 0.5 s in all fails when the time runs out")
    func tooSlow() {
        let (tester, _) = swipeScene()
        tester.down(1, 50, 200, at: 0)
        tester.move(1, 60, 200, at: 400)
        tester.wait(until: 600)
        #expect(tester.lines(of: "swipe") == ["500ms swipe: possible -> failed"])
    }

    @Test("several directions may be allowed; the one recognized is reported")
    func directionMask() {
        let (tester, swipe) = swipeScene([.up, .down])
        stroke(tester, from: Point(x: 200, y: 300), step: Vector(dx: 0, dy: -30), count: 4)
        #expect(swipe.recognizedDirection == .up)
        #expect(swipe.actionValues.location == Point(x: 200, y: 300))
    }
}
