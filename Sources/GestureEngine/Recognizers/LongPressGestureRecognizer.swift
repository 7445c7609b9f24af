/// Recognizes fingers held still for a while: UIKit's `UILongPressGestureRecognizer` (continuous).
///
/// Begins when `numberOfTouchesRequired` fingers have been down for `minimumPressDuration`
/// without the centroid moving more than `allowableMovement` (H-LP, AD); after that movement is
/// unlimited and reports `changed`. Ends when any finger lifts. With `numberOfTapsRequired` > 0,
/// that many quick taps (each lifting within the tap duration, the next coming within the tap
/// interval) must precede the press.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// Microseconds the fingers must stay down.
    public var minimumPressDuration = GestureDefaults.minimumPressDuration
    /// Points the centroid may move before the press begins.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var allowableMovement = GestureDefaults.longPressAllowableMovement
    public var numberOfTouchesRequired = GestureDefaults.numberOfTouchesRequired
    public var numberOfTapsRequired = GestureDefaults.longPressNumberOfTapsRequired

    private enum Timer: Int { case press = 1, tapDuration = 2, interval = 3 }

    private var start = Point.zero
    private var tapsCompleted = 0

    public init(name: String = "") {
        super.init(kind: .continuous, name: name)
    }

    private var isPressPhase: Bool { tapsCompleted >= numberOfTapsRequired }

    public override func touchesBegan(_ touches: TouchBatch) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired {
            state = .failed
            return
        }
        cancelTimer(tag: Timer.interval.rawValue)
        if tapsCompleted == 0 { start = location(in: nil) }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        if tapsCompleted > 0 && location(in: nil).distance(to: start) > GestureDefaults.tapAllowableMovement {
            state = .failed
            return
        }
        start = location(in: nil)
        let latest = touches[touches.count - 1].timestamp
        if isPressPhase {
            startTimer(at: latest + minimumPressDuration, tag: Timer.press.rawValue)
        } else {
            startTimer(at: latest + GestureDefaults.maximumTapDuration, tag: Timer.tapDuration.rawValue)
        }
    }

    public override func touchesMoved(_ touches: TouchBatch) {
        switch state {
        case .possible:
            if location(in: nil).distance(to: start) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    public override func touchesEnded(_ touches: TouchBatch) {
        switch state {
        case .possible:
            guard !isPressPhase else {
                state = .failed
                return
            }
            // A preliminary tap: over when its last finger lifts.
            guard touches.count == numberOfTouches else { return }
            cancelTimer(tag: Timer.tapDuration.rawValue)
            tapsCompleted += 1
            startTimer(
                at: touchTimestamp + GestureDefaults.maximumIntervalBetweenSuccessiveTaps,
                tag: Timer.interval.rawValue)
        case .began, .changed:
            state = .ended
        default:
            break
        }
    }

    public override func touchesCancelled(_ touches: TouchBatch) {
        failOrCancel()
    }

    public override func timerFired(tag: Int) {
        guard state == .possible else { return }
        if tag == Timer.press.rawValue && numberOfTouches == numberOfTouchesRequired {
            state = .began
        } else {
            state = .failed
        }
    }

    public override func reset() {
        super.reset()
        tapsCompleted = 0
    }
}
