import GestureEngine
import Testing
import TouchTrace
@testable import Replay

/// Device units onto the scene's window: a stretched axis's whole range lands inside the window,
/// its far edge included, and a touch that begins outside the window is reported.
@Suite("Coordinate mapping")
struct CoordinateMapperTests {
    /// A panel of 1000 x 600 positions with no resolution: `automatic` stretches it.
    private static let panel = DeviceDescription(
        index: 0, name: "Panel", kind: .touchscreen, source: .evemu,
        x: AxisRange(minimum: 0, maximum: 999), y: AxisRange(minimum: 0, maximum: 599), slots: 2)
    private static let window = Size(width: 1280, height: 800)

    private static func inside(_ point: (x: Double, y: Double)) -> Bool {
        Rect(x: 0, y: 0, width: window.width, height: window.height).contains(Point(x: point.x, y: point.y))
    }

    @Test("A touch that begins on a stretched axis's maximum begins on the last point inside the window",
          arguments: [DeviceMapping.stretch, .automatic])
    func maximumInside(mapping: DeviceMapping) {
        let mapper = CoordinateMapper(mapping: mapping, window: Self.window, devices: [Self.panel])
        let far = mapper.point(device: 0, x: 999, y: 599), near = mapper.point(device: 0, x: 0, y: 0)
        let begins = mapper.whereTouchBegins(device: 0, x: 999, y: 599, at: Point(x: far.x, y: far.y))

        #expect(far.x == Self.window.width && far.y == Self.window.height)
        #expect(Self.inside((begins.x, begins.y)))
        #expect(begins.x == Self.window.width.nextDown && begins.y == Self.window.height.nextDown)
        #expect(near.x == 0 && near.y == 0)
        let middle = mapper.point(device: 0, x: 500, y: 300)
        let expected: (x: Double, y: Double) = (500 * (1280.0 / 999), 300 * (800.0 / 599))
        #expect(middle.x == expected.x && middle.y == expected.y)
    }

    @Test("A touch that begins past a stretched axis's maximum stays outside the window, as it is outside the device's range")
    func pastMaximumOutside() {
        let mapper = CoordinateMapper(mapping: .stretch, window: Self.window, devices: [Self.panel])
        for (x, y) in [(1000, 300), (500, 600), (-1, 300)] as [(Int32, Int32)] {
            let point = mapper.point(device: 0, x: x, y: y)
            let begins = mapper.whereTouchBegins(device: 0, x: x, y: y, at: Point(x: point.x, y: point.y))
            #expect(!Self.inside((begins.x, begins.y)))
        }
    }

    @Test("A scale mapping keeps the window's far edge outside: it covers what the scene says, no more")
    func scaleEdgeOutside() {
        let mapper = CoordinateMapper(mapping: .scale(unitsPerPoint: 1, originX: 0, originY: 0), window: Self.window, devices: [Self.panel])
        let edge = mapper.point(device: 0, x: 1280, y: 10)
        let begins = mapper.whereTouchBegins(device: 0, x: 1280, y: 10, at: Point(x: edge.x, y: edge.y))
        #expect(begins == Point(x: 1280, y: 10))
        #expect(!Self.inside((begins.x, begins.y)))
    }

    /// A down and an up of `touch` at (x, y), then a frame.
    private static func tap(_ touch: TouchID, x: Int32, y: Int32, at time: Microseconds) -> [TraceEvent] {
        [.touch(TouchSample(time: time, phase: .down, touch: touch, x: x, y: y)), .frame(FrameMark(time: time, device: 0)),
         .touch(TouchSample(time: time + 50_000, phase: .up, touch: touch, x: x, y: y)), .frame(FrameMark(time: time + 50_000, device: 0))]
    }

    @Test("Touches that begin outside the window are counted and named on standard error; none, no notice")
    func outsideWindowNotice() throws {
        let scene = try SceneLoader.decode(Array(#"""
            {"name": "small", "window": {"width": 60, "height": 50}, "mapping": {"mode": "scale", "unitsPerPoint": 10},
             "views": [{"id": "pad", "frame": {"x": 0, "y": 0, "width": 60, "height": 50}}]}
            """#.utf8), file: "small.json")
        let driver = ReplayDriver(scene: scene, devices: [Self.panel])
        for event in Self.tap(1, x: 500, y: 200, at: 0) + Self.tap(2, x: 999, y: 200, at: 200_000) + Self.tap(3, x: 100, y: 599, at: 400_000) {
            try driver.feed(event)
        }
        driver.finish()

        #expect(driver.touchesBegan == 3)
        #expect(driver.touchesBeganOutsideWindow == 2)
        #expect(driver.outsideWindowNotice(file: "s.trace")
            == "warning: s.trace: 2 of 3 touches began outside the scene's window (60 x 50 points, device mapping scale (10.0 units per point from 0.0, 0.0)) and reached no view; the first at 200000 µs")

        let inside = ReplayDriver(scene: scene, devices: [Self.panel])
        for event in Self.tap(1, x: 500, y: 200, at: 0) { try inside.feed(event) }
        #expect(inside.outsideWindowNotice(file: "s.trace") == nil)
    }

    @Test("A tap on a stretched device's far corner reaches the view there")
    func farCornerTapReachesTheView() throws {
        let scene = try SceneLoader.decode(Array(#"""
            {"name": "corner", "window": {"width": 1280, "height": 800},
             "views": [{"id": "corner", "frame": {"x": 1180, "y": 700, "width": 100, "height": 100}}]}
            """#.utf8), file: "corner.json")
        let driver = ReplayDriver(scene: scene, devices: [Self.panel])
        for event in Self.tap(1, x: 999, y: 599, at: 0) { try driver.feed(event) }
        driver.finish()
        var bytes: [UInt8] = []
        try driver.drainLog(into: &bytes)
        let log = String(decoding: bytes, as: UTF8.self)

        #expect(driver.touchesBeganOutsideWindow == 0)
        #expect(log.contains("view corner began #1(1280.00,800.00)"))
    }
}
