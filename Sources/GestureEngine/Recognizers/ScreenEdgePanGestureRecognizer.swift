/// Recognizes a drag that starts at an edge of the window and moves inwards: UIKit's
/// `UIScreenEdgePanGestureRecognizer` (continuous).
///
/// The first touch must land within `edgeRegion` points of one of `edges` (default none, so it
/// never begins until edges are set: AD), then move `hysteresis` points mostly inwards (the inward
/// component at least the sideways one); moving that far in any other way fails it. Touches after
/// the first are ignored (AD). Translation and velocity work as for a pan.
open class ScreenEdgePanGestureRecognizer: GestureRecognizer {
    /// Window edges, combinable.
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1)
        public static let left = Edges(rawValue: 2)
        public static let bottom = Edges(rawValue: 4)
        public static let right = Edges(rawValue: 8)
        public static let all: Edges = [.top, .left, .bottom, .right]
    }

    public var edges: Edges = []
    /// Points from an edge within which the touch must land.
    public var edgeRegion = GestureDefaults.screenEdgeRegion
    /// Points of movement before it begins.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var hysteresis = GestureDefaults.panHysteresis

    /// Where the recognizer is in the drag from the edge.
    ///
    /// ```
    ///          down: the first finger within edgeRegion of one of edges
    ///   idle ──────────────────────────────────────────────► fromEdge
    ///     │ down: at no permitted edge,                         │   │ move: moved ≥ hysteresis,
    ///     │ no window; lift, cancel                             │   │ inwards at least as much
    ///     ▼                                                     │   │ as sideways (began)
    ///   done (failed) ◄─────────────────────────────────────────┘   ▼
    ///        move: moved ≥ hysteresis another way; lift, cancel   panning ◄──┐ move (changed)
    ///                                                               │  └─────┘
    ///                           lift (ended), cancel (cancelled)    ▼
    ///                                                             done
    /// ```
    /// Fingers after the first are ignored in every phase.
    enum Phase: Equatable {
        case idle, fromEdge, panning, done
    }

    /// What the touches tell the state machine.
    enum Event {
        /// Fingers landed; `first` is where the first tracked finger is when it is among them.
        case down(first: Point?)
        case move
        case lift
        case cancel
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var phase = Phase.idle
    /// The unit vector from the edge the drag started at into the window.
    private var inward = Vector.zero
    private var tracker = TranslationTracker(velocityWindow: GestureDefaults.velocityWindow)

    /// One of the engine's own classes (`GestureRecognizer.isEngineClass`); a subclass of it is
    /// not, as it may answer the failure questions.
    override class var isEngineClass: Bool { self == ScreenEdgePanGestureRecognizer.self }

    public init(name: String = "") {
        super.init(kind: .continuous, name: name)
    }

    public func translation(in view: View?) -> Vector { tracker.translation }
    public func setTranslation(_ translation: Vector, in view: View?) { tracker.setTranslation(translation) }
    public func velocity(in view: View?) -> Vector { tracker.velocity(at: now) }

    open override func touchesBegan(_ touches: TouchBatch) {
        while numberOfTouches > 1 { ignore(self.touches[self.touches.count - 1]) }
        guard let first = self.touches.first else { return }
        transition(.down(first: touches.contains(where: { $0 === first }) ? first.locationInWindow : nil))
    }

    open override func touchesMoved(_ touches: TouchBatch) {
        guard let first = self.touches.first else { return }
        tracker.move(to: first.locationInWindow, at: first.timestamp)
        transition(.move)
    }

    open override func touchesEnded(_ touches: TouchBatch) {
        // Touches after the first are ignored, so this lift is the last tracked finger's.
        transition(.lift)
    }

    open override func touchesCancelled(_ touches: TouchBatch) {
        transition(.cancel)
    }

    /// The one place `phase` moves, and with it `state`.
    @inline(__always)
    func transition(_ event: Event) {
        switch (phase, event) {
        case (.done, _), (.idle, .down(first: nil)), (.idle, .move),
             (.fromEdge, .down), (.panning, .down):
            break
        case (.idle, .down(first: let point?)):
            guard let edge = inwardFromEdge(at: point) else { return fail() }
            inward = edge
            phase = .fromEdge
            tracker.fingersLanded(centroid: point, at: touchTimestamp)
        case (.fromEdge, .move):
            let travel = tracker.raw
            guard travel.length >= hysteresis else { return }
            let along = travel.dx * inward.dx + travel.dy * inward.dy
            let sideways = abs(travel.dx * inward.dy - travel.dy * inward.dx)
            guard along > 0 && along >= sideways else { return fail() }
            phase = .panning
            state = .began
        case (.panning, .move):
            state = .changed
        case (.idle, .lift), (.idle, .cancel), (.fromEdge, .lift), (.fromEdge, .cancel):
            fail()
        case (.panning, .lift):
            end(.ended)
        case (.panning, .cancel):
            end(.cancelled)
        }
    }

    /// The direction into the window from the permitted edge `point` is at, if any.
    private func inwardFromEdge(at point: Point) -> Vector? {
        guard let bounds = view?.window?.bounds else { return nil }
        if edges.contains(.left) && point.x - bounds.minX <= edgeRegion { return Vector(dx: 1, dy: 0) }
        if edges.contains(.right) && bounds.maxX - point.x <= edgeRegion { return Vector(dx: -1, dy: 0) }
        if edges.contains(.top) && point.y - bounds.minY <= edgeRegion { return Vector(dx: 0, dy: 1) }
        if edges.contains(.bottom) && bounds.maxY - point.y <= edgeRegion { return Vector(dx: 0, dy: -1) }
        return nil
    }

    private func end(_ final: State) {
        phase = .done
        state = final
    }

    private func fail() {
        end(.failed)
    }

    open override func reset() {
        super.reset()
        phase = .idle
        inward = .zero
        tracker.reset()
    }

    open override var actionValues: ActionValues {
        var values = super.actionValues
        values.translation = translation(in: nil)
        values.velocity = velocity(in: nil)
        return values
    }
}
