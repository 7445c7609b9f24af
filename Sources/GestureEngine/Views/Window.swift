/// The root of a view tree and the coordinate space touches arrive in.
///
/// A window's frame origin is ignored for conversions: window points are the engine's common
/// currency. The window is a view, so recognizers attached to it see every touch in it.
open class Window: View {
    /// The dispatcher running this window's touches (the last one made for it), told when a view
    /// leaves the window. Unretained: the dispatcher holds the window, and clears this in its
    /// `deinit` if it is still the one named.
    var dispatcherReference: Unretained<TouchDispatcher>?

    public override init(frame: Rect, name: String = "window") {
        super.init(frame: frame, name: name)
    }

    /// `view`, with its subviews, has just left this window.
    final func viewLeft(_ view: View) {
        dispatcherReference?.object.viewLeftWindow(view)
    }

    /// The deepest view under `point` (in window points), or `nil` outside the window.
    public func hitTestInWindow(_ point: Point) -> View? {
        hitTest(point)
    }
}
