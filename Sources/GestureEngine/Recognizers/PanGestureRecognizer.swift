/// Recognizes fingers dragging: UIKit's `UIPanGestureRecognizer` (continuous).
///
/// Begins once the centroid of between `minimumNumberOfTouches` and `maximumNumberOfTouches`
/// fingers has moved `hysteresis` points (movement with fewer fingers down does not count) (UIKit's value is private; see `GestureDefaults`);
/// changes on every move while enough fingers are down; ends when fewer than the minimum remain
/// (with the default minimum of 1, when all have lifted: H-Pan). A finger beyond the maximum fails
/// a pan that has not begun and is ignored by one that has.
open class PanGestureRecognizer: GestureRecognizer {
    /// The scroll events a pan recognizes besides touches: UIKit's `UIScrollTypeMask`
    /// (iOS 13.4+). A trace carries continuous (trackpad) scrolling only.
    public struct ScrollTypes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A mouse wheel's steps (`UIScrollTypeMask.discrete`).
        public static let discrete = ScrollTypes(rawValue: 1)
        /// A trackpad's two-finger scrolling (`UIScrollTypeMask.continuous`).
        public static let continuous = ScrollTypes(rawValue: 2)
        public static let all: ScrollTypes = [.discrete, .continuous]
    }

    /// Which scrolling drives the pan (UIKit's `allowedScrollTypesMask`). Default none, so only
    /// touches pan unless a scene or test allows scrolling (see docs/semantics.md).
    public var allowedScrollTypes: ScrollTypes = GestureDefaults.panAllowedScrollTypes
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var minimumNumberOfTouches = GestureDefaults.minimumNumberOfTouches
    // Read at every finger landing: unchecked, as `minimumNumberOfTouches`.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var maximumNumberOfTouches = GestureDefaults.maximumNumberOfTouches
    /// Points of centroid movement before the pan begins.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var hysteresis = GestureDefaults.panHysteresis

    /// Where the recognizer is in the drag.
    ///
    /// ```
    ///              move: minimumNumberOfTouches down and moved ≥ hysteresis,
    ///              or a scroll moved ≥ hysteresis (began)                       move, scroll (changed)
    ///   tracking ──────────────────────────────────────────────────────► panning ◄──┐
    ///      │ more than maximumNumberOfTouches,                             │  │ └─────┘
    ///      │ the last finger lifts, scroll ends, cancel                    │  │ a finger beyond
    ///      ▼                                                               │  │ maximumNumberOfTouches:
    ///    done (failed)      fewer than minimumNumberOfTouches remain,      │  │ ignored
    ///                       scroll ends (ended); cancel (cancelled) ─► done   └──┘
    /// ```
    enum Phase: Equatable {
        case tracking, panning, done
    }

    /// What the touches, and the trackpad scrolling the pan accepts, tell the state machine.
    enum Event {
        case down
        case move
        case scroll
        /// Fingers lifted, leaving `remaining` down.
        case lift(remaining: Int)
        case scrollEnded
        case cancel
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var phase = Phase.tracking
    private var tracker = TranslationTracker(velocityWindow: GestureDefaults.velocityWindow)

    /// One of the engine's own classes (`GestureRecognizer.isEngineClass`); a subclass of it is
    /// not, as it may answer the failure questions.
    override class var isEngineClass: Bool { self == PanGestureRecognizer.self }

    public init(name: String = "") {
        super.init(kind: .continuous, name: name)
    }

    /// Cumulative translation since the pan began (including the hysteresis), in points. Views have
    /// no transforms, so it is the same in every view.
    public func translation(in view: View?) -> Vector { tracker.translation }

    /// Makes the current translation read `translation` from now on; velocity is unaffected.
    public func setTranslation(_ translation: Vector, in view: View?) {
        tracker.setTranslation(translation)
    }

    /// Points per second, from the touch timestamps of the last `GestureDefaults.velocityWindow`.
    public func velocity(in view: View?) -> Vector { tracker.velocity(at: now) }

    open override func touchesBegan(_ touches: TouchBatch) {
        transition(.down)
        guard phase != .done else { return }
        tracker.fingersLanded(centroid: location(in: nil), at: touches.first?.timestamp ?? touchTimestamp)
    }

    open override func touchesMoved(_ touches: TouchBatch) {
        // Movement counts once `minimumNumberOfTouches` are down (H-Pan: the pan begins "when at
        // least minimumNumberOfTouches have moved enough"): one finger dragging before a second
        // lands neither begins a two-finger pan nor adds to its translation.
        if phase == .tracking && numberOfTouches < minimumNumberOfTouches {
            tracker.rebase(centroid: location(in: nil))
            return
        }
        tracker.move(to: location(in: nil), at: touchTimestamp)
        transition(.move)
    }

    open override func touchesEnded(_ touches: TouchBatch) {
        let remaining = numberOfTouchesStillDown
        if let centroid = centroidOfTouchesStillDown() { tracker.rebase(centroid: centroid) }
        transition(.lift(remaining: remaining))
    }

    open override func touchesCancelled(_ touches: TouchBatch) {
        transition(.cancel)
    }

    /// Two-finger trackpad scrolling drives the pan when `allowedScrollTypes` allow continuous
    /// scrolling (UIKit's scroll event).
    open override func accepts(_ kind: IndirectGesture.Kind) -> Bool {
        kind == .scroll && allowedScrollTypes.contains(.continuous)
    }

    open override func indirectGestureChanged(_ gesture: IndirectGesture) {
        // The tracker follows a point that moves as the fingers do, from the pointer's place.
        let point = gesture.location + gesture.translation
        switch gesture.phase {
        case .began:
            tracker.rebase(centroid: point)
        case .changed:
            guard point.x.isFinite, point.y.isFinite else { return }
            tracker.move(to: point, at: gesture.timestamp)
            transition(.scroll)
        case .ended:
            transition(.scrollEnded)
        case .cancelled:
            transition(.cancel)
        }
    }

    /// The one place `phase` moves, and with it `state`. Inlined into each hook, where the event
    /// is a constant, so a hook costs only the cases of its own event (the hooks run per frame).
    @inline(__always)
    func transition(_ event: Event) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.tracking, .down):
            if numberOfTouches > maximumNumberOfTouches { fail() }
        case (.panning, .down):
            while numberOfTouches > maximumNumberOfTouches { ignore(self.touches[self.touches.count - 1]) }
        case (.tracking, .move):
            if numberOfTouches >= minimumNumberOfTouches && tracker.raw.length >= hysteresis { begin() }
        case (.tracking, .scroll):
            if tracker.raw.length >= hysteresis { begin() }
        case (.panning, .move), (.panning, .scroll):
            state = .changed
        case (.tracking, .lift(let remaining)):
            if remaining == 0 { fail() }
        case (.panning, .lift(let remaining)):
            if remaining < minimumNumberOfTouches { end(.ended) }
        case (.tracking, .scrollEnded), (.tracking, .cancel):
            fail()
        case (.panning, .scrollEnded):
            end(.ended)
        case (.panning, .cancel):
            end(.cancelled)
        }
    }

    private func begin() {
        phase = .panning
        state = .began
    }

    private func end(_ final: State) {
        phase = .done
        state = final
    }

    private func fail() {
        phase = .done
        state = .failed
    }

    open override func reset() {
        super.reset()
        phase = .tracking
        tracker.reset()
    }

    open override var actionValues: ActionValues {
        var values = super.actionValues
        values.translation = translation(in: nil)
        values.velocity = velocity(in: nil)
        return values
    }
}
