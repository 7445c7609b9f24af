import Foundation
import GestureEngine
import Testing

/// The map's one-finger recognizers: pan waits for the zoom to fail, the single tap for both the
/// double tap and the zoom.
private func mapScene() -> (GestureTester, DoubleTapDragZoomGestureRecognizer) {
    let tester = GestureTester(width: 1280, height: 800)
    let view = tester.addView("map", Rect(x: 0, y: 0, width: 1280, height: 800))
    let zoom = DoubleTapDragZoomGestureRecognizer(name: "zoom")
    let pan = PanGestureRecognizer(name: "pan")
    let doubleTap = TapGestureRecognizer(name: "doubleTap")
    doubleTap.numberOfTapsRequired = 2
    let singleTap = TapGestureRecognizer(name: "singleTap")
    pan.require(toFail: zoom)
    singleTap.require(toFail: doubleTap)
    singleTap.require(toFail: zoom)
    for recognizer in [pan, doubleTap, singleTap, zoom] as [GestureRecognizer] { view.addGestureRecognizer(recognizer) }
    return (tester, zoom)
}

/// A tap at (640, 400), then a second touch at 150 ms dragged down 160 points.
private func tapThenDrag(_ tester: GestureTester, dy: Double = 160, dx: Double = 0, lift: Bool = true) {
    tester.tap(1, 640, 400, at: 0)
    tester.stroke(2, through: [P(642, 402), P(642 + dx, 402 + dy)], at: 150, lift: lift)
}

@Suite("Double-tap-drag zoom")
struct DoubleTapDragZoomTests {
    @Test("tap then drag down: the zoom begins, changes and ends with a scale above 1")
    func zoomsIn() {
        let zoom = DoubleTapDragZoomGestureRecognizer(name: "zoom")
        let tester = GestureTester.with(zoom)
        var scales: [Double] = []
        zoom.addAction { scales.append(($0 as! DoubleTapDragZoomGestureRecognizer).scale) }
        tapThenDrag(tester)
        let actions = tester.actions
        #expect(actions.first?.hasSuffix("zoom action began") == true)
        #expect(actions.last?.hasSuffix("zoom action ended") == true)
        #expect(abs(scales.last! - exp2(160.0 / 150.0)) < 1e-9)
        #expect(scales == scales.sorted())
    }

    @Test("dragging up zooms out (scale below 1)")
    func zoomsOut() {
        let zoom = DoubleTapDragZoomGestureRecognizer(name: "zoom")
        let tester = GestureTester.with(zoom)
        tapThenDrag(tester, dy: -150)
        #expect(abs(zoom.scale - 0.5) < 1e-9)
    }

    @Test("a drag of 5,000 pt at 1 pt per doubling reports a finite scale, 2^1000")
    func longDragScaleStaysFinite() {
        let zoom = DoubleTapDragZoomGestureRecognizer(name: "zoom")
        zoom.pointsPerDoubling = 1
        let tester = GestureTester.with(zoom)
        var scales: [Double] = []
        zoom.addAction { scales.append(($0 as! DoubleTapDragZoomGestureRecognizer).scale) }
        tapThenDrag(tester, dy: 5000)
        #expect(scales.allSatisfy { $0.isFinite })
        #expect(scales.last == exp2(1000))
    }

    @Test("a drag of 5,000 pt up at 1 pt per doubling reports a scale above 0, 2^-1000")
    func longDragUpScaleStaysAboveZero() {
        let zoom = DoubleTapDragZoomGestureRecognizer(name: "zoom")
        zoom.pointsPerDoubling = 1
        let tester = GestureTester.with(zoom)
        tapThenDrag(tester, dy: -5000)
        #expect(zoom.scale == exp2(-1000))
    }

    @Test("a second touch-down later than the tap interval fails it (near miss)")
    func lateSecondTouch() {
        let tester = GestureTester.with(DoubleTapDragZoomGestureRecognizer(name: "zoom"))
        tester.tap(1, 640, 400, at: 0)
        tester.stroke(2, through: [P(642, 402), P(642, 562)], at: 450)
        #expect(tester.lines(of: "zoom").first == "400ms zoom: possible -> failed")
    }

    @Test("a horizontal drag of the second touch fails it")
    func horizontalDrag() {
        let tester = GestureTester.with(DoubleTapDragZoomGestureRecognizer(name: "zoom"))
        tapThenDrag(tester, dy: 20, dx: 160)
        #expect(tester.actions.isEmpty)
    }

    @Test("a cancellation after it began cancels it; before, fails it")
    func cancellation() {
        let tester = GestureTester.with(DoubleTapDragZoomGestureRecognizer(name: "zoom"))
        tapThenDrag(tester, lift: false)
        tester.cancel(2, 642, 562, at: 400)
        #expect(tester.actions.last == "400ms zoom action cancelled")
        tester.down(1, 640, 400, at: 1000)
        tester.cancel(1, 640, 400, at: 1020)
        #expect(tester.lines(of: "zoom").suffix(2) == ["1020ms zoom: possible -> failed", "1020ms zoom: failed -> possible"])
    }

    @Test("in the map, tap-then-drag zooms and neither the pan nor the double tap acts")
    func mapZoomWins() {
        let (tester, _) = mapScene()
        tapThenDrag(tester)
        let acting = Set(tester.actions.map { $0.split(separator: " ")[1] })
        #expect(acting == ["zoom"])
    }

    @Test("in the map, a plain double tap still recognizes and the zoom fails")
    func mapDoubleTap() {
        let (tester, _) = mapScene()
        tester.tap(1, 640, 400, at: 0)
        tester.tap(2, 642, 401, at: 150)
        #expect(tester.actions == ["200ms doubleTap action ended"])
        #expect(tester.lines(of: "zoom").contains("200ms zoom: possible -> failed"))
    }

    @Test("in the map, a plain drag pans once the zoom has failed")
    func mapPan() {
        let (tester, _) = mapScene()
        tester.stroke(1, through: [P(640, 400), P(640, 600)], at: 0)
        #expect(tester.actions.first?.hasSuffix("pan action began") == true)
        #expect(!tester.actions.contains { $0.contains("zoom") })
    }

    @Test("in the map, a drag of exactly the pan's 10 points pans at once: the zoom's first tap fails at the same distance")
    func mapPanAtTheBoundary() {
        let (tester, _) = mapScene()
        tester.down(1, 640, 400, at: 0)
        tester.move(1, 640, 410, at: 8)
        #expect(tester.actions == ["8ms pan action began"])
        #expect(tester.lines(of: "zoom").first == "8ms zoom: possible -> failed")
    }

    @Test("in the map, a single tap acts once both the double tap and the zoom have failed")
    func mapSingleTap() {
        let (tester, _) = mapScene()
        tester.tap(1, 640, 400, at: 0)
        tester.finish()
        #expect(tester.actions == ["400ms singleTap action ended"])
    }
}
