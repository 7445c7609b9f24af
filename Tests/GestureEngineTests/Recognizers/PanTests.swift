import GestureEngine
import Testing

private func panScene(_ configure: (PanGestureRecognizer) -> Void = { _ in }) -> (GestureTester, PanGestureRecognizer) {
    let tester = GestureTester()
    let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
    let pan = PanGestureRecognizer(name: "pan")
    configure(pan)
    view.addGestureRecognizer(pan)
    return (tester, pan)
}

@Suite("Pan")
struct PanTests {
    @Test("a pan begins once the finger has moved 10 points, then changes on every move and ends at the lift")
    func lifecycle() {
        let (tester, _) = panScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 106, 100, at: 10)
        tester.move(1, 110, 100, at: 20)
        tester.move(1, 130, 100, at: 30)
        tester.up(1, 130, 100, at: 40)
        #expect(tester.actions == ["20ms pan action began", "30ms pan action changed", "40ms pan action ended"])
    }

    @Test("a finger that lifts before moving 10 points fails the pan")
    func tooShort() {
        let (tester, _) = panScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 109, 100, at: 10)
        tester.up(1, 109, 100, at: 20)
        #expect(tester.lines(of: "pan") == ["20ms pan: possible -> failed", "20ms pan: failed -> possible"])
    }

    @Test("translation is cumulative from the touch-down and setTranslation re-bases it")
    func translation() {
        let (tester, pan) = panScene()
        var translations: [Vector] = []
        pan.addAction { [unowned pan] _ in translations.append(pan.translation(in: nil)) }  // unowned: the recognizer keeps its actions
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 112, 95, at: 10)
        pan.setTranslation(.zero, in: nil)
        tester.move(1, 120, 90, at: 20)
        #expect(translations == [Vector(dx: 12, dy: -5), Vector(dx: 8, dy: -5)])
    }

    @Test("velocity comes from the touch timestamps, in points per second")
    func velocity() {
        let (tester, pan) = panScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 110, 100, at: 10)
        tester.move(1, 120, 100, at: 20)
        tester.move(1, 130, 100, at: 30)
        #expect(pan.velocity(in: nil) == Vector(dx: 1_000, dy: 0))
    }

    @Test("a finger that pauses for more than 100 ms before lifting ends the pan with zero velocity")
    func velocityAfterPause() {
        let (tester, pan) = panScene()
        var endVelocity: Vector?
        pan.addAction { [unowned pan] in if $0.state == .ended { endVelocity = pan.velocity(in: nil) } }
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        tester.move(1, 140, 100, at: 20)
        tester.up(1, 140, 100, at: 250)
        #expect(endVelocity == .zero)
    }

    @Test("a second finger landing does not move the translation")
    func fingerLandingKeepsTranslation() {
        let (tester, pan) = panScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 10)
        tester.down(2, 200, 200, at: 20)
        tester.frame(at: 30, [
            TouchInput(identifier: 1, change: .move, location: Point(x: 125, y: 100)),
            TouchInput(identifier: 2, change: .move, location: Point(x: 205, y: 200)),
        ])
        #expect(pan.translation(in: nil) == Vector(dx: 25, dy: 0))
        #expect(pan.numberOfTouches == 2)
    }

    @Test("fewer fingers than the minimum never begin a pan")
    func minimumTouches() {
        let (tester, _) = panScene { $0.minimumNumberOfTouches = 2 }
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 150, 100, at: 10)
        tester.up(1, 150, 100, at: 20)
        #expect(tester.actions.isEmpty)
    }

    @Test("movement made with fewer fingers than the minimum counts neither toward beginning nor in the translation")
    func movementBeforeTheMinimum() {
        let (tester, pan) = panScene { $0.minimumNumberOfTouches = 2 }
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 160, 100, at: 10)
        tester.down(2, 300, 100, at: 20)
        tester.frame(at: 30, [
            TouchInput(identifier: 1, change: .move, location: Point(x: 161, y: 100)),
            TouchInput(identifier: 2, change: .move, location: Point(x: 301, y: 100)),
        ])
        #expect(tester.actions.isEmpty)
        tester.frame(at: 40, [
            TouchInput(identifier: 1, change: .move, location: Point(x: 181, y: 100)),
            TouchInput(identifier: 2, change: .move, location: Point(x: 321, y: 100)),
        ])
        #expect(tester.actions == ["40ms pan action began"])
        #expect(pan.translation(in: nil) == Vector(dx: 21, dy: 0))
    }

    @Test("a finger beyond the maximum fails a pan that has not begun")
    func maximumTouches() {
        let (tester, _) = panScene { $0.maximumNumberOfTouches = 1 }
        tester.down(1, 100, 100, at: 0)
        tester.down(2, 150, 100, at: 10)
        #expect(tester.lines(of: "pan") == ["10ms pan: possible -> failed"])
    }

    @Test("the pan reports translation and velocity to observers")
    func actionValues() {
        let (tester, pan) = panScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 20)
        #expect(pan.actionValues.translation == Vector(dx: 20, dy: 0))
        #expect(pan.actionValues.velocity == Vector(dx: 1_000, dy: 0))
        tester.move(1, 160, 100, at: 40)
        #expect(pan.actionValues.velocity == Vector(dx: 1_500, dy: 0))
    }

    @Test("touch-down is the velocity's first sample: a first move that begins the pan already has a velocity")
    func velocityFromTouchDown() {
        let (tester, pan) = panScene()
        var began: Vector?
        pan.addAction { [unowned pan] in if $0.state == .began { began = pan.velocity(in: nil) } }
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 150, 100, at: 16)
        #expect(began == Vector(dx: 3_125, dy: 0))
    }

    @Test("a touch-down older than the velocity window is no sample of it")
    func touchDownOutsideWindow() {
        let (tester, pan) = panScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 150, 100, at: 200)
        #expect(pan.velocity(in: nil) == .zero)
    }

    @Test("a second finger landing mid-pan adds no velocity sample")
    func secondFingerAddsNoSample() {
        let (tester, pan) = panScene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 120, 100, at: 20)
        tester.move(1, 140, 100, at: 40)
        tester.down(2, 300, 300, at: 60)
        // The newest sample is still the move at 40 ms, measured from touch-down at 0.
        #expect(pan.velocity(in: nil) == Vector(dx: 1_000, dy: 0))
    }
}

@Suite("Screen-edge pan")
struct ScreenEdgePanTests {
    private func scene(edges: ScreenEdgePanGestureRecognizer.Edges) -> GestureTester {
        let tester = GestureTester(width: 400, height: 800)
        let edge = ScreenEdgePanGestureRecognizer(name: "edge")
        edge.edges = edges
        tester.window.addGestureRecognizer(edge)
        return tester
    }

    @Test("a drag from within 20 points of a chosen edge, moving inwards, begins an edge pan")
    func fromLeftEdge() {
        let tester = scene(edges: .left)
        tester.down(1, 5, 300, at: 0)
        tester.move(1, 20, 302, at: 16)
        tester.up(1, 20, 302, at: 32)
        #expect(tester.actions == ["16ms edge action began", "32ms edge action ended"])
    }

    @Test("touch-down is the edge pan's first velocity sample")
    func velocityFromTouchDown() {
        let tester = scene(edges: .left)
        let edge = tester.window.gestureRecognizers[0] as! ScreenEdgePanGestureRecognizer
        tester.down(1, 5, 300, at: 0)
        tester.move(1, 25, 300, at: 16)
        #expect(edge.velocity(in: nil) == Vector(dx: 1_250, dy: 0))
    }

    @Test("a touch landing away from every chosen edge fails at once")
    func awayFromEdge() {
        let tester = scene(edges: .left)
        tester.down(1, 395, 300, at: 0)
        #expect(tester.lines(of: "edge") == ["0ms edge: possible -> failed"])
    }

    @Test("with no edges (the default) an edge pan never begins")
    func defaultEdgesNone() {
        let tester = scene(edges: [])
        tester.down(1, 0, 300, at: 0)
        #expect(tester.lines(of: "edge") == ["0ms edge: possible -> failed"])
    }

    @Test("moving along the edge rather than inwards fails it")
    func alongTheEdge() {
        let tester = scene(edges: .right)
        tester.down(1, 395, 300, at: 0)
        tester.move(1, 393, 330, at: 16)
        #expect(tester.lines(of: "edge") == ["16ms edge: possible -> failed"])
    }

    @Test("touches after the first are ignored")
    func ignoresLaterTouches() {
        let tester = scene(edges: .bottom)
        tester.down(1, 200, 795, at: 0)
        tester.down(2, 100, 400, at: 5)
        tester.move(1, 200, 770, at: 16)
        #expect(tester.actions == ["16ms edge action began"])
    }
}

@Suite("Pan with several fingers")
struct MultiFingerPanTests {
    @Test("a two-finger pan ends when a finger lifts and fewer than the minimum remain")
    func endsBelowMinimum() {
        let tester = GestureTester()
        let pan = PanGestureRecognizer(name: "pan")
        pan.minimumNumberOfTouches = 2
        tester.window.addGestureRecognizer(pan)
        tester.frame(at: 0, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 100, y: 100)),
            TouchInput(identifier: 2, change: .down, location: Point(x: 200, y: 100)),
        ])
        tester.frame(at: 10, [
            TouchInput(identifier: 1, change: .move, location: Point(x: 100, y: 120)),
            TouchInput(identifier: 2, change: .move, location: Point(x: 200, y: 120)),
        ])
        tester.up(1, 100, 120, at: 20)
        #expect(tester.actions == ["10ms pan action began", "20ms pan action ended"])
    }
}
