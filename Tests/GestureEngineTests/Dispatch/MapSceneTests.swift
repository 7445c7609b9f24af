import GestureEngine
import Testing

/// The `map` set-up the replay benchmarks use: pan, pinch and rotation together, a double-tap zoom, a single
/// tap that requires the double tap to fail, and a long press, all on one view.
private final class MapScene: GestureRecognizerDelegate {
    let tester = GestureTester()
    let pan = PanGestureRecognizer(name: "pan")
    let pinch = PinchGestureRecognizer(name: "pinch")
    let rotation = RotationGestureRecognizer(name: "rotation")
    let doubleTap = TapGestureRecognizer(name: "doubleTap")
    let singleTap = TapGestureRecognizer(name: "singleTap")
    let press = LongPressGestureRecognizer(name: "press")

    init() {
        let map = tester.addView("map", Rect(x: 0, y: 0, width: 400, height: 800))
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap)
        for recognizer in [pan, pinch, rotation] as [GestureRecognizer] { recognizer.delegate = self }
        for recognizer in [singleTap, doubleTap, press, pan, pinch, rotation] as [GestureRecognizer] {
            map.addGestureRecognizer(recognizer)
        }
    }

    /// Pan, pinch and rotation may recognize together; nothing else may.
    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        let group: [GestureRecognizer] = [pan, pinch, rotation]
        return group.contains { $0 === recognizer } && group.contains { $0 === other }
    }
}

@Suite("Map scene")
struct MapSceneTests {
    @Test("a double tap fires only the double tap, at the second lift")
    func doubleTap() {
        let scene = MapScene()
        scene.tester.tap(1, 200, 300, at: 0)
        scene.tester.tap(2, 202, 300, at: 150)
        scene.tester.finish()
        #expect(scene.tester.actions == ["200ms doubleTap action ended"])
    }

    @Test("a single tap fires the single tap once the double tap has timed out")
    func singleTap() {
        let scene = MapScene()
        scene.tester.tap(1, 200, 300, at: 0)
        scene.tester.finish()
        #expect(scene.tester.actions == ["400ms singleTap action ended"])
    }

    @Test("a one-finger drag fires only the pan")
    func drag() {
        let scene = MapScene()
        scene.tester.down(1, 200, 300, at: 0)
        scene.tester.move(1, 200, 320, at: 16)
        scene.tester.move(1, 200, 340, at: 32)
        scene.tester.up(1, 200, 340, at: 48)
        scene.tester.finish()
        #expect(scene.tester.actions == ["16ms pan action began", "32ms pan action changed", "48ms pan action ended"])
    }

    @Test("two fingers spreading and turning fire pan, pinch and rotation together")
    func pinchRotatePan() {
        let scene = MapScene()
        scene.tester.frame(at: 0, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 150, y: 300)),
            TouchInput(identifier: 2, change: .down, location: Point(x: 250, y: 300)),
        ])
        scene.tester.frame(at: 16, [
            TouchInput(identifier: 1, change: .move, location: Point(x: 130, y: 270)),
            TouchInput(identifier: 2, change: .move, location: Point(x: 290, y: 350)),
        ])
        #expect(scene.tester.actions == [
            "16ms pan action began", "16ms pinch action began", "16ms rotation action began",
        ])
        // A second finger is more than the long press's one.
        #expect(scene.tester.lines(of: "press") == ["0ms press: possible -> failed"])
    }

    @Test("holding still for half a second fires the long press and nothing else")
    func longPress() {
        let scene = MapScene()
        scene.tester.down(1, 200, 300, at: 0)
        scene.tester.up(1, 200, 300, at: 600)
        scene.tester.finish()
        #expect(scene.tester.actions == ["500ms press action began", "600ms press action ended"])
    }
}
