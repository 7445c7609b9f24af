/// Recognizes two fingers moving apart or together: UIKit's `UIPinchGestureRecognizer`
/// (continuous).
///
/// Begins once the distance between the two fingers has changed by `hysteresis` points (UIKit's
/// value is private); changes while both are down; ends when both have lifted (H-Pinch). `scale`
/// is relative to the distance when the second finger landed, so it already differs from 1 when
/// the pinch begins; assigning it re-bases later changes (W10-120). Touches beyond two are ignored.
open class PinchGestureRecognizer: GestureRecognizer {
    /// Points the finger distance must change before the pinch begins.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var hysteresis = GestureDefaults.pinchHysteresis
    /// How far a trackpad pinch's scale must move from 1 before the pinch begins.
    public var scaleHysteresis = GestureDefaults.pinchScaleHysteresis
    /// The trackpad pinch's own scale that the current `scale` is measured from.
    private var indirectBaseScale = 1.0
    private var indirectScale = 1.0

    private var baseDistance = 0.0
    private var baseScale = 1.0
    private var currentScale = 1.0
    private var velocity = VelocityEstimator<Double>(window: GestureDefaults.velocityWindow)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var progress = TwoFingerProgress()

    /// One of the engine's own classes (`GestureRecognizer.isEngineClass`); a subclass of it is
    /// not, as it may answer the failure questions.
    override class var isEngineClass: Bool { self == PinchGestureRecognizer.self }

    public init(name: String = "") {
        super.init(kind: .continuous, name: name)
    }

    /// The scale factor; assigning it makes later changes relative to the new value.
    public var scale: Double {
        get { currentScale }
        set {
            currentScale = newValue
            baseScale = newValue
            indirectBaseScale = indirectScale
            if let pair = fingerPairVector() { baseDistance = pair.length }
        }
    }

    /// Scale per second.
    public var scaleVelocity: Double { velocity.velocity(at: now) }

    open override func touchesBegan(_ touches: TouchBatch) {
        ignoreTouchesBeyondTwo()
        rebase(at: touches.first?.timestamp ?? touchTimestamp)
    }

    open override func touchesMoved(_ touches: TouchBatch) {
        guard let pair = fingerPairVector(), baseDistance > 0 else { return }
        let distance = pair.length
        currentScale = baseScale * distance / baseDistance
        velocity.add(currentScale, at: touchTimestamp)
        transition(&progress, .move(pastThreshold: abs(distance - baseDistance) >= hysteresis))
    }

    open override func touchesEnded(_ touches: TouchBatch) {
        transition(&progress, .lift(remaining: numberOfTouchesStillDown))
    }

    open override func touchesCancelled(_ touches: TouchBatch) {
        transition(&progress, .cancel)
    }

    /// A trackpad pinch (UIKit's transform event) drives the pinch too.
    open override func accepts(_ kind: IndirectGesture.Kind) -> Bool { kind == .transform }

    open override func indirectGestureChanged(_ gesture: IndirectGesture) {
        follow(gesture, &progress) {
            indirectScale = gesture.scale
            indirectBaseScale = gesture.scale
            baseScale = currentScale
        } changed: {
            // A scale is the fingers' distance over their distance when the gesture began
            // (libinput, Wayland): above 0 and finite. Any other moves nothing.
            guard indirectBaseScale > 0, gesture.scale > 0, gesture.scale.isFinite else { return nil }
            indirectScale = gesture.scale
            currentScale = baseScale * gesture.scale / indirectBaseScale
            velocity.add(currentScale, at: gesture.timestamp)
            return abs(gesture.scale - 1) >= scaleHysteresis
        }
    }

    /// A finger landed at `time`: later changes are measured from the new pair, keeping the
    /// scale. When the first pair forms, its scale is the velocity's first sample.
    private func rebase(at time: GestureTime) {
        guard let pair = fingerPairVector() else { return }
        baseDistance = pair.length
        baseScale = currentScale
        velocity.addStart(currentScale, at: time)
    }

    open override func reset() {
        super.reset()
        progress.reset()
        baseDistance = 0
        baseScale = 1
        currentScale = 1
        indirectBaseScale = 1
        indirectScale = 1
        velocity.removeAll()
    }

    open override var actionValues: ActionValues {
        var values = super.actionValues
        values.scale = scale
        values.scalarVelocity = scaleVelocity
        return values
    }
}
