import GestureEngine
import Testing
@testable import Replay

/// Numbers in a scene stay within ranges whose arithmetic is finite and meaningful: no positive
/// duration rounds to no time, no scale or mapping reaches infinity.
@Suite("Scene parameter ranges")
struct SceneParameterRangeTests: SceneErrorChecking {
    func recognizer(_ body: String) -> String {
        #"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [\#(body)]}"#
    }

    @Test("A duration below one microsecond is refused, naming the range", arguments: ["1e-7", "1e-300", "0.0000004"])
    func durationBelowOneMicrosecond(seconds: String) {
        let problem = error(recognizer(#"{"id": "l", "type": "longPress", "minimumPressDuration": \#(seconds)}"#))
        #expect(problem?.keyPath == "recognizers[0].minimumPressDuration")
        #expect(problem?.problem.hasPrefix("expected seconds from 0.000001 (1 µs) to 3600, found ") == true)
    }

    @Test("A duration of one microsecond is kept as one microsecond")
    func oneMicrosecond() throws {
        let scene = try SceneLoader.decode(Array(recognizer(#"{"id": "l", "type": "longPress", "minimumPressDuration": 0.000001}"#).utf8), file: "scene.json")
        #expect(scene.windowRecognizers[0].parameters == ["minimumPressDuration": .duration(1)])
    }

    @Test("A view's content touch delay below one microsecond is refused")
    func contentDelayBelowOneMicrosecond() {
        let problem = error(#"{"name": "s", "window": {"width": 10, "height": 10}, "views": [{"id": "v", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "delaysContentTouches": 1e-9}]}"#)
        #expect(problem?.keyPath == "views[0].delaysContentTouches")
    }

    @Test("Points per doubling below 1 pt are refused, naming the range")
    func pointsPerDoublingBelowOne() {
        let problem = error(recognizer(#"{"id": "z", "type": "doubleTapDragZoom", "pointsPerDoubling": 1e-308}"#))
        #expect(problem?.keyPath == "recognizers[0].pointsPerDoubling")
        #expect(problem?.problem == "expected a number at least 1 (pt), found 1e-308")
    }

    @Test("A scale mapping's units per point below 0.001 are refused")
    func unitsPerPointTooSmall() {
        let problem = error(#"{"name": "s", "window": {"width": 10, "height": 10}, "mapping": {"mode": "scale", "unitsPerPoint": 1e-308}}"#)
        #expect(problem?.keyPath == "mapping.unitsPerPoint")
    }

    @Test("A scale mapping's origin beyond ±1e10 device units is refused")
    func originTooFar() {
        let problem = error(#"{"name": "s", "window": {"width": 10, "height": 10}, "mapping": {"mode": "scale", "unitsPerPoint": 1, "originX": 1e300}}"#)
        #expect(problem?.keyPath == "mapping.originX")
        #expect(problem?.problem == "must be within ±10000000000, found 1e+300")
    }

    @Test("A window wider or taller than 1e9 points is refused, so that a stretch mapping stays finite", arguments: ["width", "height"])
    func windowTooLarge(side: String) {
        let size = { (key: String) in key == side ? "1.7e308" : "800" }
        let problem = error(#"{"name": "s", "window": {"width": \#(size("width")), "height": \#(size("height"))}, "mapping": {"mode": "stretch"}}"#)
        #expect(problem?.keyPath == "window.\(side)")
        #expect(problem?.problem == "must be at most 1000000000, found 1.7e+308")
    }

    @Test("A window of 1e9 points, the largest, is taken")
    func largestWindow() throws {
        let scene = try SceneLoader.decode(Array(#"{"name": "s", "window": {"width": 1e9, "height": 1e9}}"#.utf8), file: "scene.json")
        #expect(scene.window == Size(width: 1e9, height: 1e9))
    }

    @Test("A frame origin beyond ±1e9 points is refused")
    func frameTooFar() {
        let problem = error(#"{"name": "s", "window": {"width": 10, "height": 10}, "views": [{"id": "v", "frame": {"x": 1e300, "y": 0, "width": 1, "height": 1}}]}"#)
        #expect(problem?.keyPath == "views[0].frame.x")
    }
}
