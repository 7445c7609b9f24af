/// The base of the custom recognizers that follow one finger's stroke (chevron, shake, unistroke,
/// pattern, tap-then-drag zoom): it turns the touch and timer callbacks into `StrokeEvent`s, so a
/// subclass keeps only its phases and the one `transition(_:)` that moves them.
///
/// Not open: the strokes it serves are this module's recognizers, each with its own state machine.
public class SingleStrokeGestureRecognizer: GestureRecognizer {
    /// What the touches and the recognizer's own timers tell its state machine.
    enum StrokeEvent {
        /// A finger came down here while no other was down.
        case down(Point)
        case move(Point)
        case lift(Point)
        /// Another finger came down while one was already down: none of these strokes allows it.
        case extraFinger
        case cancel
        /// A timer the subclass started has fired (only subclasses that start timers hear it).
        case timeout
    }

    /// The coordinate space stroke points are measured in.
    enum Coordinates {
        /// The window's: for strokes judged by their shape alone.
        case window
        /// The recognizer's view's: for strokes judged against places in that view.
        case view
    }

    private let coordinates: Coordinates

    /// The engine's own classes, all of them (`GestureRecognizer.isEngineClass`): this class is not
    /// open, and its subclasses (chevron, unistroke, reset shake, double-tap-drag zoom, pattern
    /// unlock) are the engine's.
    override class var isEngineClass: Bool { true }

    init(kind: Kind, name: String, coordinates: Coordinates = .window) {
        self.coordinates = coordinates
        super.init(kind: kind, name: name)
    }

    /// The subclass's state machine: the one place its phase moves, and with it `state`.
    func transition(_ event: StrokeEvent) {
        preconditionFailure("\(debugName): \(type(of: self)) does not override transition(_:)")
    }

    public final override func touchesBegan(_ touches: TouchBatch) {
        transition(numberOfTouches > 1 ? .extraFinger : .down(point(of: touches[0])))
    }

    public final override func touchesMoved(_ touches: TouchBatch) {
        transition(.move(point(of: touches[0])))
    }

    public final override func touchesEnded(_ touches: TouchBatch) {
        transition(.lift(point(of: touches[0])))
    }

    public final override func touchesCancelled(_ touches: TouchBatch) {
        transition(.cancel)
    }

    public final override func timerFired(tag: Int) {
        transition(.timeout)
    }

    private func point(of touch: Touch) -> Point {
        switch coordinates {
        case .window: touch.locationInWindow
        case .view: touch.location(in: view)
        }
    }
}
