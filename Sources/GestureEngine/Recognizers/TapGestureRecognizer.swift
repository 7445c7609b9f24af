/// Recognizes one or more taps of one or more fingers at about the same place: UIKit's
/// `UITapGestureRecognizer` (discrete).
///
/// Modelled on UIKit's private tap engine (DC-TapRec): each tap must lift within
/// `maximumTapDuration`; the next tap must come down within `maximumIntervalBetweenSuccessiveTaps`
/// of the lift; the touches' centroid must stay within `allowableMovement` of where the first tap
/// began; more fingers than `numberOfTouchesRequired`, or a cancelled touch, fail it. It
/// recognizes when the last required tap lifts. A tap never prevents a tap that needs more taps
/// (H-GRSub), which is why a double tap still fires after a single tap recognized.
public final class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = GestureDefaults.numberOfTapsRequired
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var numberOfTouchesRequired = GestureDefaults.numberOfTouchesRequired
    /// Microseconds from one tap's lift to the next tap's touch-down.
    public var maximumIntervalBetweenSuccessiveTaps = GestureDefaults.maximumIntervalBetweenSuccessiveTaps
    /// Points the centroid may move from where the first tap began.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var allowableMovement = GestureDefaults.tapAllowableMovement
    /// Microseconds a tap's fingers may stay down.
    public var maximumTapDuration = GestureDefaults.maximumTapDuration

    private enum Timer: Int { case tapDuration = 1, interval = 2 }

    private var tapsCompleted = 0
    private var start = Point.zero
    private var fingersThisTap = 0
    private var tapInProgress = false

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
    }

    public override func touchesBegan(_ touches: TouchBatch) {
        if !tapInProgress {
            tapInProgress = true
            fingersThisTap = 0
            cancelTimer(tag: Timer.interval.rawValue)
            startTimer(at: touchTimestamp + maximumTapDuration, tag: Timer.tapDuration.rawValue)
        }
        fingersThisTap = max(fingersThisTap, numberOfTouches)
        if numberOfTouches > numberOfTouchesRequired {
            state = .failed
            return
        }
        if tapsCompleted == 0 && numberOfTouches == fingersThisTap {
            start = location(in: nil)
        } else if location(in: nil).distance(to: start) > allowableMovement {
            state = .failed
        }
    }

    public override func touchesMoved(_ touches: TouchBatch) {
        if tapsCompleted == 0 && fingersThisTap < numberOfTouchesRequired { return }
        if location(in: nil).distance(to: start) > allowableMovement { state = .failed }
    }

    public override func touchesEnded(_ touches: TouchBatch) {
        // The ending touches are still counted; the tap is over when they are all of them.
        guard touches.count == numberOfTouches else { return }
        tapInProgress = false
        cancelTimer(tag: Timer.tapDuration.rawValue)
        guard fingersThisTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsCompleted += 1
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            startTimer(at: touchTimestamp + maximumIntervalBetweenSuccessiveTaps, tag: Timer.interval.rawValue)
        }
    }

    public override func touchesCancelled(_ touches: TouchBatch) {
        state = .failed
    }

    public override func timerFired(tag: Int) {
        state = .failed
    }

    public override func reset() {
        super.reset()
        tapsCompleted = 0
        fingersThisTap = 0
        tapInProgress = false
    }

    public override func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        return true
    }

    public override var actionValues: ActionValues {
        var values = super.actionValues
        values.tapCount = tapsCompleted
        return values
    }
}
