/// A rectangle in the window's tree that touches can land on and recognizers can be attached to:
/// the engine's stand-in for `UIView`.
///
/// Frames are in the superview's coordinates; a view's own coordinates start at its top-left
/// corner (no bounds offset, no transforms), so converting a point is a matter of summing
/// origins. Subviews are ordered back to front: the last one is on top and is hit first.
///
/// The four `touches…` methods are the view's responder hooks. They do nothing by default;
/// subclass and override them to see what the window delivers under the recognizers' delivery
/// flags. Observers of the dispatcher see the same deliveries without subclassing.
open class View {
    /// The view's rectangle in its superview's coordinates (in window points for the window).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var frame: Rect
    /// A name for logs and transcripts; the engine never interprets it.
    public let name: String
    /// Hidden views and their subviews are never hit.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var isHidden = false
    /// Views that do not take user interaction are never hit, nor are their subviews.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var isUserInteractionEnabled = true

    /// Not `weak`, for the same reason as `GestureRecognizer.view`: a superview clears it in its
    /// subviews when it removes them or is deinitialised, so it never dangles.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) unowned(unsafe) var superview: View?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var subviews: [View] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    public init(frame: Rect, name: String = "") {
        self.frame = frame
        self.name = name
    }

    deinit {
        for subview in subviews { subview.superview = nil }
        for recognizer in gestureRecognizers { recognizer.view = nil }
    }

    /// The view's own rectangle in its own coordinates.
    public var bounds: Rect { Rect(x: 0, y: 0, width: frame.width, height: frame.height) }

    /// The window at the root of this view's tree, if it is in one.
    public var window: Window? {
        var current: View? = self
        while let view = current {
            if let window = view as? Window { return window }
            current = view.superview
        }
        return nil
    }

    // MARK: Tree

    /// Adds `view` on top of the existing subviews, moving it from any previous superview. Moved
    /// out of its window (under a view outside it, or into another window) in the middle of a
    /// sequence, it leaves that window as `removeFromSuperview()` has it.
    public func addSubview(_ view: View) {
        precondition(view !== self, "a view cannot be its own subview")
        let oldWindow = view.superview?.window
        view.detachFromSuperview()
        subviews.append(view)
        view.superview = self
        if let oldWindow, view.window !== oldWindow { oldWindow.viewLeft(view) }
    }

    /// Takes the view, with its subviews, out of its superview. If that takes it out of a window
    /// in the middle of a sequence, it leaves the sequence as UIKit's views leave their window:
    /// each touch it or a subview has seen reaches it as `touchesCancelled`, then nothing more of
    /// that touch; the recognizers of those views that are in play are taken out as disabled ones
    /// are (cancelled if recognizing, failed if still deciding); recognizers of views still in the
    /// window keep the touches (docs/semantics.md V7).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let window = parent.window
        detachFromSuperview()
        window?.viewLeft(self)
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Recognizers

    /// Attaches `recognizer`, detaching it from any other view first. Recognizers on a view also
    /// see touches that land on its subviews.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`. In the middle of a sequence it leaves the attempt as a disabled one
    /// does: its `touchesCancelled` runs first (with no view), then it is cancelled if it is
    /// recognizing (its `cancelled` action reads no view), failed if it is still deciding, and it
    /// receives no more of the sequence. What it delayed reaches the view,
    /// and recognizers waiting for it to fail go on (docs/semantics.md R9).
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
        recognizer.dispatcher?.recognizerWasWithdrawn(recognizer)
    }

    /// Asked when one of this view's recognizers tries to leave `possible`; `false` fails it.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    // MARK: Geometry and hit testing

    /// The offset of this view's origin in window coordinates.
    public var originInWindow: Vector {
        var offset = Vector.zero
        var current: View? = self
        while let view = current, !(view is Window) {
            offset = offset + Vector(dx: view.frame.origin.x, dy: view.frame.origin.y)
            current = view.superview
        }
        return offset
    }

    /// Converts a point in this view's coordinates to `view`'s (to the window's when `nil`).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = point + originInWindow
        guard let view else { return inWindow }
        return inWindow - view.originInWindow
    }

    /// Converts a point in `view`'s coordinates (the window's when `nil`) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inWindow = view.map { point + $0.originInWindow } ?? point
        return inWindow - originInWindow
    }

    /// Whether `point`, in this view's coordinates, is inside it. Override to widen or narrow the
    /// touchable area.
    open func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }

    /// The deepest visible, interactive view containing `point` (in this view's coordinates),
    /// trying subviews front to back; `nil` if the point is outside this view.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        // Front to back, without a retain and release per subview (every touch-down walks this).
        let hit = subviews.lastResultUnretained { subview in
            subview.hitTest(Point(x: point.x - subview.frame.origin.x, y: point.y - subview.frame.origin.y))
        }
        return hit ?? self
    }

    // MARK: Responder hooks

    /// Touches that began on this view, delivered after the recognizers have seen them.
    open func touchesBegan(_ touches: TouchBatch) {}
    open func touchesMoved(_ touches: TouchBatch) {}
    open func touchesEnded(_ touches: TouchBatch) {}
    /// Touches taken from the view: by a recognizer that recognized (`cancelsTouchesInView`) or by
    /// the system.
    open func touchesCancelled(_ touches: TouchBatch) {}
}

extension View: CustomStringConvertible {
    public var description: String { name.isEmpty ? "View\(frame)" : name }
}
