/// Recognizes fingers dragging: UIKit's `UIPanGestureRecognizer` (continuous).
///
/// Begins once the centroid of between `minimumNumberOfTouches` and `maximumNumberOfTouches`
/// fingers has moved `hysteresis` points (UIKit's value is private; see `GestureDefaults`);
/// changes on every move while enough fingers are down; ends when fewer than the minimum remain
/// (with the default minimum of 1, when all have lifted: H-Pan). A finger beyond the maximum fails
/// a pan that has not begun and is ignored by one that has.
public final class PanGestureRecognizer: GestureRecognizer {
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
