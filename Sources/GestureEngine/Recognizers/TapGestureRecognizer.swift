/// Recognizes one or more taps of one or more fingers at about the same place: UIKit's
/// `UITapGestureRecognizer` (discrete).
///
/// Modelled on UIKit's private tap engine (DC-TapRec): each tap must lift within
/// `maximumTapDuration`; the next tap must come down within `maximumIntervalBetweenSuccessiveTaps`
/// of the lift; the touches' centroid must stay within `allowableMovement` of where the first tap
/// began; more fingers than `numberOfTouchesRequired`, or a cancelled touch, fail it. It
/// recognizes when the last required tap lifts. A tap never prevents a tap that needs more taps
/// (H-GRSub), which is why a double tap still fires after a single tap recognized.
open class TapGestureRecognizer: GestureRecognizer {
    // Read at every finger landing: unchecked, as `numberOfTouchesRequired`.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var numberOfTapsRequired = GestureDefaults.numberOfTapsRequired
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var numberOfTouchesRequired = GestureDefaults.numberOfTouchesRequired
    /// Microseconds from one tap's lift to the next tap's touch-down.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var maximumIntervalBetweenSuccessiveTaps = GestureDefaults.maximumIntervalBetweenSuccessiveTaps
    /// Points the centroid may move from where the first tap began.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var allowableMovement = GestureDefaults.tapAllowableMovement
    /// Microseconds a tap's fingers may stay down. Read at every tap's first landing: unchecked.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var maximumTapDuration = GestureDefaults.maximumTapDuration

    private enum Timer: Int { case tapDuration = 1, interval = 2 }

    /// Where the recognizer is in its taps.
    ///
    /// ```
    ///          down                  lift: all fingers, enough of them, taps left
    ///   idle ───────► touching ─────────────────────────────────────────────► betweenTaps
    ///                  │  │  ▲                     down (next tap)                  │
    ///                  │  │  └──────────────────────────────────────────────────────┘
    ///                  │  │ lift: all fingers, enough of them, last tap
    ///                  │  └────────────────────────────────────────────────► done (recognized)
    ///                  │ too many fingers, moved beyond allowableMovement,
    ///                  │ too few fingers at the lift, held too long, cancel
    ///                  └───────────► done (failed) ◄──── betweenTaps: next tap late
    /// ```
    /// A lift of some of the fingers leaves the tap `touching`.
    enum Phase: Equatable {
        case idle, touching, betweenTaps, done
    }

    /// What the touches and timers tell the state machine.
    enum Event {
        case down
        case move
        /// Fingers lifted; `all` when they are every finger the tap still tracks.
        case lift(all: Bool)
        case cancel
        case timeout
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var phase = Phase.idle
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var tapsCompleted = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var start = Point.zero
    /// The most fingers down at once during the current tap.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var fingersThisTap = 0
    /// The fingers of the current tap that lifted before the others, at the places they lifted,
    /// as a sum and a count: they stay in the centroid its movement is measured on (DC-TapRec
    /// measures a fixed set of the tap's touches), so a finger lifting does not move it.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var liftedSum = Vector.zero
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var liftedCount = 0
    /// Where the first tap's fingers were when all `numberOfTouchesRequired` of them were down:
    /// the touches the tap reports, kept until reset (touch objects are recycled after a lift).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var tapTouchLocations: [Point] = []

    /// One of the engine's own classes (`GestureRecognizer.isEngineClass`); a subclass of it is
    /// not, as it may answer the failure questions.
    override class var isEngineClass: Bool { self == TapGestureRecognizer.self }

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
        tapTouchLocations.reserveCapacity(4)
    }

    /// The number of tracked fingers, for the tap's own decisions.
    private var fingersDown: Int { touches.count }

    open override func touchesBegan(_ touches: TouchBatch) {
        transition(.down)
    }

    open override func touchesMoved(_ touches: TouchBatch) {
        transition(.move)
    }

    open override func touchesEnded(_ touches: TouchBatch) {
        // The ending touches are still counted; the tap is over when they are all of them.
        let all = touches.count == fingersDown
        if !all && phase == .touching {
            touches.forEach { touch in
                liftedSum = liftedSum + Vector(dx: touch.locationInWindow.x, dy: touch.locationInWindow.y)
                liftedCount += 1
            }
        }
        transition(.lift(all: all))
    }

    open override func touchesCancelled(_ touches: TouchBatch) {
        transition(.cancel)
    }

    open override func timerFired(tag: Int) {
        transition(.timeout)
    }

    /// The one place `phase` moves, and with it `state`. Inlined into each hook, where the event
    /// is a constant, so a hook costs only the cases of its own event (the hooks run per frame).
    @inline(__always)
    func transition(_ event: Event) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.idle, .down), (.betweenTaps, .down):
            phase = .touching
            fingersThisTap = 0
            liftedSum = .zero
            liftedCount = 0
            cancelTimer(tag: Timer.interval.rawValue)
            startTimer(at: touchTimestamp + maximumTapDuration, tag: Timer.tapDuration.rawValue)
            fingerLanded()
        case (.touching, .down):
            fingerLanded()
        case (.touching, .move):
            // Movement is measured once all the tap's fingers have come down (DC-TapRec).
            if fingersThisTap < numberOfTouchesRequired { return }
            if tapCentroid.distance(to: start) > allowableMovement { fail() }
        case (.touching, .lift(let all)):
            guard all else { return }
            cancelTimer(tag: Timer.tapDuration.rawValue)
            guard fingersThisTap == numberOfTouchesRequired else { return fail() }
            tapsCompleted += 1
            if tapsCompleted >= numberOfTapsRequired {
                phase = .done
                state = .recognized
            } else {
                phase = .betweenTaps
                startTimer(at: touchTimestamp + maximumIntervalBetweenSuccessiveTaps, tag: Timer.interval.rawValue)
            }
        case (.touching, .cancel), (.touching, .timeout), (.betweenTaps, .timeout):
            fail()
        case (.idle, .move), (.idle, .lift), (.idle, .cancel), (.idle, .timeout),
             (.betweenTaps, .move), (.betweenTaps, .lift), (.betweenTaps, .cancel):
            preconditionFailure("\(debugName): \(event) while \(phase)")
        }
    }

    /// A finger of the current tap came down: too many fail the tap; the first tap's fingers set
    /// where every tap must stay.
    private func fingerLanded() {
        fingersThisTap = max(fingersThisTap, fingersDown)
        if fingersDown > numberOfTouchesRequired { return fail() }
        if tapsCompleted == 0 && fingersDown == fingersThisTap {
            // The fingers down now are where the taps must stay: those that lifted before are not.
            start = centroid
            liftedSum = .zero
            liftedCount = 0
            if fingersDown == numberOfTouchesRequired {
                tapTouchLocations.removeAllFromEnd()
                for touch in self.touches { tapTouchLocations.append(touch.locationInWindow) }
            }
        } else if fingersThisTap == numberOfTouchesRequired && tapCentroid.distance(to: start) > allowableMovement {
            // A later tap is placed once all its fingers are down, not by the first to land.
            fail()
        }
    }

    /// The centroid the tap's movement is measured on: its fingers down, and those that lifted
    /// before them where they lifted.
    private var tapCentroid: Point {
        guard liftedCount > 0 else { return centroid }
        let down = Double(fingersDown)
        let all = down + Double(liftedCount)
        let here = centroid
        return Point(x: (here.x * down + liftedSum.dx) / all, y: (here.y * down + liftedSum.dy) / all)
    }

    private func fail() {
        phase = .done
        state = .failed
    }

    open override func reset() {
        super.reset()
        phase = .idle
        tapsCompleted = 0
        fingersThisTap = 0
        liftedSum = .zero
        liftedCount = 0
        tapTouchLocations.removeAllFromEnd()
    }

    /// The centroid of the tracked fingers, in window points.
    private var centroid: Point { super.location(in: nil) }

    /// The tap's fingers: `numberOfTouchesRequired` once they have all come down for the first
    /// tap, kept through the lift and any deferral until reset (DC-TapRec `numberOfTouches` is
    /// the count of its tap's touches); 0 before.
    open override var numberOfTouches: Int { tapTouchLocations.count }

    /// Where the first tap was: the centroid of its fingers when all of them were down (AD
    /// UITapGestureRecognizer: "if there are multiple taps, this location is the first tap; if
    /// there are multiple touches, this location is the centroid of all fingers"). Before the
    /// fingers are all down, the centre of the view (DC-TapRec `locationInViewNotTrackingTouches`).
    open override func location(in view: View?) -> Point {
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
    open override func location(ofTouch index: Int, in view: View?) -> Point {
        precondition(index >= 0 && index < tapTouchLocations.count,
                     "\(debugName): location(ofTouch: \(index)) beyond bounds (\(tapTouchLocations.count))")
        let point = tapTouchLocations[index]
        guard let view else { return point }
        return point - view.originInWindow
    }

    open override func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        return true
    }

    open override var actionValues: ActionValues {
        var values = super.actionValues
        values.tapCount = tapsCompleted
        return values
    }
}
