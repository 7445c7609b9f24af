/// The root of a view tree and the coordinate space touches arrive in.
///
/// A window's frame origin is ignored for conversions: window points are the engine's common
/// currency. The window is a view, so recognizers attached to it see every touch in it.
open class Window: View {
    public override init(frame: Rect, name: String = "window") {
        super.init(frame: frame, name: name)
    }

    /// The deepest view under `point` (in window points), or `nil` outside the window.
    public func hitTestInWindow(_ point: Point) -> View? {
        hitTest(point)
    }
}
