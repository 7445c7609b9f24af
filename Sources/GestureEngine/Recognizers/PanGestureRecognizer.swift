/// Recognizes fingers dragging: UIKit's `UIPanGestureRecognizer` (continuous).
///
/// Begins once the centroid of between `minimumNumberOfTouches` and `maximumNumberOfTouches`
/// fingers has moved `hysteresis` points (UIKit's value is private; see `GestureDefaults`);
/// changes on every move while enough fingers are down; ends when fewer than the minimum remain
/// (with the default minimum of 1, when all have lifted: H-Pan). A finger beyond the maximum fails
/// a pan that has not begun and is ignored by one that has.
public final class PanGestureRecognizer: GestureRecognizer {
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
    public var maximumNumberOfTouches = GestureDefaults.maximumNumberOfTouches
    /// Points of centroid movement before the pan begins.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var hysteresis = GestureDefaults.panHysteresis

    private var tracker = TranslationTracker(velocityWindow: GestureDefaults.velocityWindow)

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

    public override func touchesBegan(_ touches: TouchBatch) {
        if state == .possible && numberOfTouches > maximumNumberOfTouches {
            state = .failed
            return
        }
        if state != .possible {
            while numberOfTouches > maximumNumberOfTouches { ignore(self.touches[self.touches.count - 1]) }
        }
        tracker.rebase(centroid: location(in: nil))
    }

    public override func touchesMoved(_ touches: TouchBatch) {
        tracker.move(to: location(in: nil), at: touchTimestamp)
        changeOrBegin(when: numberOfTouches >= minimumNumberOfTouches && tracker.raw.length >= hysteresis)
    }

    public override func touchesEnded(_ touches: TouchBatch) {
        let remaining = numberOfTouchesStillDown
        if let centroid = centroidOfTouchesStillDown() { tracker.rebase(centroid: centroid) }
        failOrEnd(remaining: remaining, minimum: minimumNumberOfTouches)
    }

    public override func touchesCancelled(_ touches: TouchBatch) {
        failOrCancel()
    }

    /// Two-finger trackpad scrolling drives the pan when `allowedScrollTypes` allow continuous
    /// scrolling (UIKit's scroll event).
    public override func accepts(_ kind: IndirectGesture.Kind) -> Bool {
        kind == .scroll && allowedScrollTypes.contains(.continuous)
    }

    public override func indirectGestureChanged(_ gesture: IndirectGesture) {
        // The tracker follows a point that moves as the fingers do, from the pointer's place.
        let point = gesture.location + gesture.translation
        switch gesture.phase {
        case .began:
            tracker.rebase(centroid: point)
        case .changed:
            guard point.x.isFinite, point.y.isFinite else { return }
            tracker.move(to: point, at: gesture.timestamp)
            changeOrBegin(when: tracker.raw.length >= hysteresis)
        case .ended:
            failOrEnd(remaining: 0)
        case .cancelled:
            failOrCancel()
        }
    }

    public override func reset() {
        super.reset()
        tracker.reset()
    }

    public override var actionValues: ActionValues {
        var values = super.actionValues
        values.translation = translation(in: nil)
        values.velocity = velocity(in: nil)
        return values
    }
}
