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

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var tapsCompleted = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var start = Point.zero
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var fingersThisTap = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var tapInProgress = false
    /// Where the first tap's fingers were when all `numberOfTouchesRequired` of them were down:
    /// the touches the tap reports, kept until reset (touch objects are recycled after a lift).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var tapTouchLocations: [Point] = []

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
        tapTouchLocations.reserveCapacity(4)
    }

    /// The number of tracked fingers, for the tap's own decisions.
    private var fingersDown: Int { touches.count }

    public override func touchesBegan(_ touches: TouchBatch) {
        if !tapInProgress {
            tapInProgress = true
            fingersThisTap = 0
            cancelTimer(tag: Timer.interval.rawValue)
            startTimer(at: touchTimestamp + maximumTapDuration, tag: Timer.tapDuration.rawValue)
        }
        fingersThisTap = max(fingersThisTap, fingersDown)
        if fingersDown > numberOfTouchesRequired {
            state = .failed
            return
        }
        if tapsCompleted == 0 && fingersDown == fingersThisTap {
            start = centroid
            if fingersDown == numberOfTouchesRequired {
                tapTouchLocations.removeAll(keepingCapacity: true)
                for touch in self.touches { tapTouchLocations.append(touch.locationInWindow) }
            }
        } else if centroid.distance(to: start) > allowableMovement {
            state = .failed
        }
    }

    public override func touchesMoved(_ touches: TouchBatch) {
        if tapsCompleted == 0 && fingersThisTap < numberOfTouchesRequired { return }
        if centroid.distance(to: start) > allowableMovement { state = .failed }
    }

    public override func touchesEnded(_ touches: TouchBatch) {
        // The ending touches are still counted; the tap is over when they are all of them.
        guard touches.count == fingersDown else { return }
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
        tapTouchLocations.removeAll(keepingCapacity: true)
    }

    /// The centroid of the tracked fingers, in window points.
    private var centroid: Point { super.location(in: nil) }

    /// The tap's fingers: `numberOfTouchesRequired` once they have all come down for the first
    /// tap, kept through the lift and any deferral until reset (DC-TapRec `numberOfTouches` is
    /// the count of its tap's touches); 0 before.
    public override var numberOfTouches: Int { tapTouchLocations.count }

    /// Where the first tap was: the centroid of its fingers when all of them were down (AD
    /// UITapGestureRecognizer: "if there are multiple taps, this location is the first tap; if
    /// there are multiple touches, this location is the centroid of all fingers"). Before the
    /// fingers are all down, the centre of the view (DC-TapRec `locationInViewNotTrackingTouches`).
    public override func location(in view: View?) -> Point {
        let point: Point
        if tapTouchLocations.isEmpty {
            guard let own = self.view else { return super.location(in: view) }
            let bounds = own.bounds
            point = Point(x: bounds.width / 2, y: bounds.height / 2) + own.originInWindow
        } else {
            point = start
        }
        guard let view else { return point }
        return point - view.originInWindow
    }

    /// Where the `index`th finger of the first tap was when all of them were down (AD: "if
    /// multiple taps are allowed, this location is the first tap").
    public override func location(ofTouch index: Int, in view: View?) -> Point {
        precondition(index >= 0 && index < tapTouchLocations.count,
                     "\(debugName): location(ofTouch: \(index)) beyond bounds (\(tapTouchLocations.count))")
        let point = tapTouchLocations[index]
        guard let view else { return point }
        return point - view.originInWindow
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
