/// Recognizes two fingers turning about each other: UIKit's `UIRotationGestureRecognizer`
/// (continuous).
///
/// Begins once the line between the two fingers has turned by `threshold` radians (UIKit's value
/// is private); changes while both are down; ends when both have lifted (H-Rot). `rotation` is
/// cumulative in radians, positive clockwise on screen (y points down), unwrapped across ±π;
/// assigning it re-bases later changes. Touches beyond two are ignored.
open class RotationGestureRecognizer: GestureRecognizer {
    /// Radians the finger line must turn before the rotation begins.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var threshold = GestureDefaults.rotationThreshold

    private var lastAngle = 0.0
    private var turned = 0.0
    private var offset = 0.0
    private var hasPair = false
    private var velocity = VelocityEstimator<Double>(window: GestureDefaults.velocityWindow)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var progress = TwoFingerProgress()

    /// One of the engine's own classes (`GestureRecognizer.isEngineClass`); a subclass of it is
    /// not, as it may answer the failure questions.
    override class var isEngineClass: Bool { self == RotationGestureRecognizer.self }

    public init(name: String = "") {
        super.init(kind: .continuous, name: name)
    }

    /// Cumulative rotation in radians; assigning it makes later changes relative to the new value.
    public var rotation: Double {
        get { turned + offset }
        set { offset = newValue - turned }
    }

    /// Radians per second.
    public var rotationVelocity: Double { velocity.velocity(at: now) }

    open override func touchesBegan(_ touches: TouchBatch) {
        ignoreTouchesBeyondTwo()
        rebase(at: touches.first?.timestamp ?? touchTimestamp)
    }

    open override func touchesMoved(_ touches: TouchBatch) {
        guard hasPair, let pair = fingerPairVector() else { return }
        let angle = pair.angle
        turned += normalizedAngle(angle - lastAngle)
        lastAngle = angle
        velocity.add(turned, at: touchTimestamp)
        transition(&progress, .move(pastThreshold: abs(turned) >= threshold))
    }

    open override func touchesEnded(_ touches: TouchBatch) {
        let remaining = numberOfTouchesStillDown
        hasPair = remaining >= 2
        transition(&progress, .lift(remaining: remaining))
    }

    open override func touchesCancelled(_ touches: TouchBatch) {
        transition(&progress, .cancel)
    }

    /// A trackpad rotation (UIKit's transform event) drives the rotation too.
    open override func accepts(_ kind: IndirectGesture.Kind) -> Bool { kind == .transform }

    open override func indirectGestureChanged(_ gesture: IndirectGesture) {
        follow(gesture, &progress) {
            lastAngle = gesture.rotation
        } changed: {
            guard gesture.rotation.isFinite else { return nil }
            turned += gesture.rotation - lastAngle
            lastAngle = gesture.rotation
            velocity.add(turned, at: gesture.timestamp)
            return abs(turned) >= threshold
        }
    }

    /// A finger landed at `time`: the angle is measured from the new pair. When the first pair
    /// forms, the rotation so far is the velocity's first sample.
    private func rebase(at time: GestureTime) {
        guard let pair = fingerPairVector() else { return }
        lastAngle = pair.angle
        hasPair = true
        velocity.addStart(turned, at: time)
    }

    open override func reset() {
        super.reset()
        progress.reset()
        lastAngle = 0
        turned = 0
        offset = 0
        hasPair = false
        velocity.removeAll()
    }

    open override var actionValues: ActionValues {
        var values = super.actionValues
        values.rotation = rotation
        values.scalarVelocity = rotationVelocity
        return values
    }
}
