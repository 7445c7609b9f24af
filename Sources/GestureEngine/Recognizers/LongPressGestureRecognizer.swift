/// Recognizes fingers held still for a while: UIKit's `UILongPressGestureRecognizer` (continuous).
///
/// Begins when `numberOfTouchesRequired` fingers have been down for `minimumPressDuration`
/// without the centroid moving more than `allowableMovement` (H-LP, AD); after that movement is
/// unlimited and reports `changed`. Ends when any of its fingers lifts; fingers that land after it
/// has begun are ignored (docs/semantics.md, the long press row). Its actions report the fingers of
/// its press, the `ended` one those that lifted too (AC6). With `numberOfTapsRequired` > 0,
/// that many quick taps (each lifting within the tap duration, the next coming within the tap
/// interval) must precede the press.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Microseconds the fingers must stay down.
    // Unchecked, as `allowableMovement`: these three are read at every finger landing, and each
    // read of a class's stored property paid a dynamic exclusivity check (`swift_beginAccess`,
    // about sixty instructions).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var minimumPressDuration = GestureDefaults.minimumPressDuration
    /// Points the centroid may move before the press begins.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var allowableMovement = GestureDefaults.longPressAllowableMovement
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var numberOfTouchesRequired = GestureDefaults.numberOfTouchesRequired
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var numberOfTapsRequired = GestureDefaults.longPressNumberOfTapsRequired

    private enum Timer: Int { case press = 1, tapDuration = 2, interval = 3 }

    /// Where the recognizer is in its preliminary taps and its press.
    ///
    /// ```
    ///          down, taps required                 lift: the tap's last finger
    ///   idle ─────────────────────► tapping ───────────────────────────► betweenTaps
    ///     │                            ▲  │ down (last tap done)             │ │
    ///     │                            │  └───────────┐      down (taps left)│ │
    ///     │                            └──────────────┼──────────────────────┘ │
    ///     │ down, no taps required                    ▼    down (last tap done)│
    ///     └───────────────────────────────────────► holding ◄──────────────────┘
    ///                          minimumPressDuration  │   enough fingers
    ///    move (changed),        ┌─► pressing ◄────────┘   (began)
    ///    down (fingers ignored) └──┘   │ lift (ended), cancel (cancelled)
    ///                                  └──────────────► done
    ///   tapping, betweenTaps, holding: too many fingers, moved beyond allowableMovement, a tap
    ///   away from the first, a lift while holding, a timer (tap held or gap too long), cancel
    ///   ─► done (failed)
    /// ```
    enum Phase: Equatable {
        case idle, tapping, betweenTaps, holding, pressing, done
    }

    /// What the touches and timers tell the state machine.
    enum Event {
        case down(latest: GestureTime)
        case move
        /// Fingers lifted; `all` when they are every finger still tracked.
        case lift(all: Bool)
        case cancel
        case timeout(press: Bool)
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var phase = Phase.idle
    private var start = Point.zero
    private var tapsCompleted = 0
    /// Where the press's fingers were when it ended or was cancelled, in the order they landed:
    /// what its last action and any reader until the reset report (UIKit's `_touches`, DC-LP).
    /// Empty while the press goes on, and before.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var finalLocations: [Point] = []

    /// One of the engine's own classes (`GestureRecognizer.isEngineClass`); a subclass of it is
    /// not, as it may answer the failure questions.
    override class var isEngineClass: Bool { self == LongPressGestureRecognizer.self }

    public init(name: String = "") {
        super.init(kind: .continuous, name: name)
        finalLocations.reserveCapacity(2)
    }

    /// Once the press has ended or been cancelled, its fingers as they were then, until the reset:
    /// UIKit's long press counts the fingers it held when the press began (`_touches`, which a
    /// lift does not change, DC-LP), so its `ended` action reports every finger of the press,
    /// the one that lifted included (docs/semantics.md AC6). Before, the tracked touches.
    open override var numberOfTouches: Int {
        finalLocations.isEmpty ? super.numberOfTouches : finalLocations.count
    }

    /// Once the press has ended or been cancelled, the centroid of its fingers where they were
    /// then (where the lifted one lifted); before, the tracked touches' centroid.
    open override func location(in view: View?) -> Point {
        guard !finalLocations.isEmpty else { return super.location(in: view) }
        let centroid = Point.centroid(of: finalLocations)
        guard let view else { return centroid }
        return centroid - view.originInWindow
    }

    /// Once the press has ended or been cancelled, where its `index`th finger was then.
    open override func location(ofTouch index: Int, in view: View?) -> Point {
        guard !finalLocations.isEmpty else { return super.location(ofTouch: index, in: view) }
        precondition(index >= 0 && index < finalLocations.count,
                     "\(debugName): location(ofTouch: \(index)) beyond bounds (\(finalLocations.count))")
        guard let view else { return finalLocations[index] }
        return finalLocations[index] - view.originInWindow
    }

    open override func touchesBegan(_ touches: TouchBatch) {
        transition(.down(latest: touches[touches.count - 1].timestamp))
    }

    open override func touchesMoved(_ touches: TouchBatch) {
        transition(.move)
    }

    open override func touchesEnded(_ touches: TouchBatch) {
        transition(.lift(all: touches.count == touchList.count))
    }

    open override func touchesCancelled(_ touches: TouchBatch) {
        transition(.cancel)
    }

    open override func timerFired(tag: Int) {
        transition(.timeout(press: tag == Timer.press.rawValue))
    }

    /// The one place `phase` moves, and with it `state`. Inlined into each hook, where the event
    /// is a constant, so a hook costs only the cases of its own event (the hooks run per frame).
    @inline(__always)
    func transition(_ event: Event) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.pressing, .down):
            // A finger that lands once the press has begun is not part of it (UIKit's long press
            // ignores it, `ignoreTouch:forEvent:`): not counted, no move of the location, and its
            // lift does not end the press. The press's own fingers came first.
            while touchList.count > numberOfTouchesRequired { ignore(self.touches[self.touches.count - 1]) }
        case (.idle, .down(let latest)), (.tapping, .down(let latest)), (.betweenTaps, .down(let latest)),
             (.holding, .down(let latest)):
            fingersLanded(latest: latest)
        case (.tapping, .move), (.holding, .move):
            if super.location(in: nil).distance(to: start) > allowableMovement { fail() }
        case (.pressing, .move):
            state = .changed
        case (.tapping, .lift(let all)):
            // A preliminary tap: over when its last finger lifts.
            guard all else { return }
            cancelTimer(tag: Timer.tapDuration.rawValue)
            tapsCompleted += 1
            phase = .betweenTaps
            startTimer(
                at: touchTimestamp + GestureDefaults.maximumIntervalBetweenSuccessiveTaps,
                tag: Timer.interval.rawValue)
        case (.holding, .lift), (.tapping, .cancel), (.holding, .cancel),
             (.tapping, .timeout), (.betweenTaps, .timeout):
            fail()
        case (.holding, .timeout(let press)):
            if press && touchList.count == numberOfTouchesRequired {
                phase = .pressing
                state = .began
            } else {
                fail()
            }
        case (.pressing, .lift):
            phase = .done
            keepFinalLocations()
            state = .ended
        case (.pressing, .cancel):
            phase = .done
            keepFinalLocations()
            state = .cancelled
        case (.idle, .move), (.idle, .lift), (.idle, .cancel), (.idle, .timeout),
             (.betweenTaps, .move), (.betweenTaps, .lift), (.betweenTaps, .cancel), (.pressing, .timeout):
            preconditionFailure("\(debugName): \(event) while \(phase)")
        }
    }

    /// Fingers came down before the press began: the preliminary taps' and the press's fingers
    /// land, and once all `numberOfTouchesRequired` are down the tap's or the press's timer starts.
    private func fingersLanded(latest: GestureTime) {
        if touchList.count > numberOfTouchesRequired { return fail() }
        cancelTimer(tag: Timer.interval.rawValue)
        let pressing = tapsCompleted >= numberOfTapsRequired
        phase = pressing ? .holding : .tapping
        if tapsCompleted == 0 { start = super.location(in: nil) }
        guard touchList.count == numberOfTouchesRequired else { return }
        if tapsCompleted > 0 && super.location(in: nil).distance(to: start) > GestureDefaults.tapAllowableMovement {
            return fail()
        }
        start = super.location(in: nil)
        if pressing {
            startTimer(at: latest + minimumPressDuration, tag: Timer.press.rawValue)
        } else {
            startTimer(at: latest + GestureDefaults.maximumTapDuration, tag: Timer.tapDuration.rawValue)
        }
    }

    private func fail() {
        phase = .done
        state = .failed
    }

    /// The press is over: its fingers, the lifting or cancelled ones still among them while the
    /// hook sees them, are kept where they are now.
    private func keepFinalLocations() {
        touches.forEach { finalLocations.append($0.locationInWindow) }
    }

    open override func reset() {
        super.reset()
        phase = .idle
        tapsCompleted = 0
        finalLocations.removeAllFromEnd()
    }
}
