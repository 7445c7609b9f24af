/// How the scene's points are placed in the window, and how a touch on the window is placed in
/// the scene: one uniform scale, the scene centred in the window's content area.
///
/// The rule (docs/wayland-frontend.md, "The scene in the window"):
///
///     scale  = min(contentWidth / sceneWidth, contentHeight / sceneHeight)
///     origin = contentOrigin + (contentSize − sceneSize × scale) / 2
///     window point = origin + scene point × scale
///     scene point  = (window point − origin) / scale
///
/// The whole scene is always inside the content area, with equal bars on the two sides the
/// aspect ratios leave over. The content area is the window minus the title bar Touchstone draws
/// itself when the compositor does not decorate the window. Recognizers work in scene points, so
/// a pan of 100 scene points is 100 points whatever the window's size.
struct SceneViewport: Equatable {
    var sceneWidth: Double
    var sceneHeight: Double
    /// Window points per scene point.
    private(set) var scale: Double
    /// Where scene point (0, 0) is, in window points.
    private(set) var originX: Double
    private(set) var originY: Double

    /// - Parameters:
    ///   - scene: the scene's size in points (a zero or negative side counts as 1).
    ///   - content: the window's content area in window points.
    init(scene: (width: Double, height: Double), content: (x: Double, y: Double, width: Double, height: Double)) {
        sceneWidth = max(1, scene.width)
        sceneHeight = max(1, scene.height)
        let width = max(1, content.width), height = max(1, content.height)
        scale = min(width / sceneWidth, height / sceneHeight)
        originX = content.x + (width - sceneWidth * scale) / 2
        originY = content.y + (height - sceneHeight * scale) / 2
    }

    func windowPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        (originX + x * scale, originY + y * scale)
    }

    func scenePoint(x: Double, y: Double) -> (x: Double, y: Double) {
        ((x - originX) / scale, (y - originY) / scale)
    }

    /// A touch position in `wl_fixed_t` window units (256 per point) as scene units (256 per
    /// scene point), rounded to the nearest unit and clamped to the `Int32` range.
    func sceneUnits(x: Int32, y: Int32, unitsPerPoint: Double) -> (x: Int32, y: Int32) {
        func map(_ units: Int32, _ origin: Double) -> Int32 {
            let value = ((Double(units) - origin * unitsPerPoint) / scale).rounded()
            return value >= Double(Int32.max) ? .max : value <= Double(Int32.min) ? .min : Int32(value)
        }
        return (map(x, originX), map(y, originY))
    }
}
