/// Delivery of touches to their hit-test views under the recognizers' delivery flags.
///
/// Rules (docs/semantics.md, "Delivery to views"), for each touch and the recognizers tracking it:
/// - A recognizer that has recognized (its actions let through) with `cancelsTouchesInView`
///   cancels the touch in the view: `touchesCancelled` if the view has seen it, silence if not,
///   and nothing more afterwards (AD cancelsTouchesInView, W17-219).
/// - While a recognizer with `delaysTouchesBegan` is still deciding, began and everything after it
///   are held. If every such recognizer fails, the view gets began with the touch's original
///   timestamp and location, then one catch-up moved if the touch has moved (W10-121). If one
///   recognizes, the held touch is discarded (AD delaysTouchesBegan).
/// - While a recognizer with `delaysTouchesEnded` is still deciding, ended is held; it becomes
///   cancelled if a recognizer then recognizes with `cancelsTouchesInView`, or is delivered when
///   they have all failed (AD delaysTouchesEnded).
/// A recognizer is "still deciding" when it is `possible`, or has left `possible` but its actions
/// wait for a failure requirement.
extension TouchDispatcher {
    func deliverToViews() {
        // The common frame (fingers moving on one view, which has seen them all so far): the
        // frame's own list is the one group, delivered without a step per touch.
        if eventPhases == Touch.Phase.moved.bit, let quiet = quietViews, quiet.generation == deliveryGeneration {
            if quiet.allLive, let view = quiet.view {
                deliver(eventTouches, phase: .moved, to: view)
                return
            }
            // Some fingers were cancelled in the view (a pinch recognizing alongside a drag):
            // `viewStep` has nothing for them, and an immediate `moved` for each of the others,
            // which make one group in the frame's order.
            viewGroup.removeAll()
            // A loop of unretained references: `forEachTouch` here called a closure per touch.
            var index = 0
            while index < eventTouches.count {
                let touch = eventTouches.touches.storage[index]
                if touch.with({ $0.viewDelivery == .live }) { viewGroup.append(touch) }
                index += 1
            }
            flushViewGroup(quiet.view, .moved)
            return
        }
        viewGroup.removeAll()
        groupView = nil
        // Older business first: lifted touches whose ended was held, then fingers still down that
        // are not in this frame (held phases may now be due, or a recognizer that recognized
        // between frames, such as a long press on its timer, cancels them), then the frame.
        // Both lists are only changed between frames (`finishEvent`), never during delivery.
        // A held touch's step depends only on what `decisionGeneration` tracks: while it stays
        // since the last walk (a touch's collection does not move it), every held touch stays held.
        if !touchesHeld.isEmpty && heldWalkGeneration != decisionGeneration {
            let walkedAt = decisionGeneration
            touchesHeld.forEachUnretained { touch in
                if touch.viewDelivery != .finished && !isInEvent(touch) { visit(touch, inEvent: false) }
            }
            heldWalkGeneration = walkedAt
            heldTouchesWalked = true
        }
        if touchesDown.count != eventTouches.count {
            touchesDown.forEachUnretained { touch in
                if !isQuiet(touch) && touch.viewDelivery != .finished && !isInEvent(touch) { visit(touch, inEvent: false) }
            }
        }
        eventTouches.forEachTouch { visit($0, inEvent: true) }
        flushViewGroup(groupView, groupPhase)
        if viewsLeftWindowInFrame { cancelSeenTouchesOfLeftViews() }
        quietViews = quietState()
    }

    /// The frame's touches whose view left the window during this delivery after it was shown
    /// their began (from its own hook, or a later view's): cancelled there now, at the frame's
    /// instant, as a view leaving between frames has its touches cancelled at once. Those it was
    /// not shown were dropped by their own visit (`viewStep`, `.leftWindow` unseen) or with
    /// their group (`flushViewGroup`).
    private func cancelSeenTouchesOfLeftViews() {
        viewsLeftWindowInFrame = false
        var cancelled: [Touch] = []
        eventTouches.forEachTouch { if $0.viewDelivery == .leftWindow { cancelled.append($0) } }
        if !cancelled.isEmpty { cancelInLeftViews(cancelled) }
    }

    /// Whether view delivery is quiet now, and on which view: no touch held, and every touch down
    /// either finished in its view or live on that one view under current flags that cancel
    /// nothing. While it stays so (no touch begins or ends, the delivery generation stays),
    /// `viewStep` has nothing for a touch outside its frame or finished, and an immediate `moved`
    /// on that view for every other touch in it.
    private func quietState() -> QuietViews? {
        guard touchesHeld.isEmpty, !touchesDown.isEmpty else { return nil }
        var view: Unretained<View>?
        var quiet = true
        var allLive = true
        touchesDown.forEachUnretained { touch in
            if touch.viewDelivery == .finished {
                allLive = false
            } else if !isQuiet(touch) {
                quiet = false
            } else if let touchView = touch.viewReference, view == nil || touchView == view {
                view = touchView
            } else {
                quiet = false
            }
        }
        return quiet ? QuietViews(view: view, allLive: allLive, generation: deliveryGeneration) : nil
    }

    /// Whether `touch` is live under flags read at the current delivery generation that cancel
    /// nothing (being current, they cannot: reading flags that cancel finishes the touch). Then
    /// `viewStep` has nothing for it outside its frame and passes each of its moves on at once.
    private func isQuiet(_ touch: Touch) -> Bool {
        touch.viewDelivery == .live && touch.flagsGeneration == deliveryGeneration && !touch.deliveryFlags.cancels
    }

    private func isInEvent(_ touch: Touch) -> Bool {
        touch.eventStamp == eventStamp
    }

    /// Delivers what is due for `touch`, grouping consecutive touches of one view and phase into one
    /// call as UIKit does.
    private func visit(_ touch: Touch, inEvent: Bool) {
        // A quiet touch's move is an immediate `moved`, found without `viewStep`.
        let quietMove = inEvent && touch.phase == .moved && isQuiet(touch)
        guard let step = quietMove ? ViewStep(phase: .moved, isImmediate: true) : viewStep(for: touch, inEvent: inEvent) else { return }
        if step.isImmediate {
            if groupView != touch.viewReference || groupPhase != step.phase {
                flushViewGroup(groupView, groupPhase)
                groupView = touch.viewReference
                groupPhase = step.phase
            }
            viewGroup.append(touch)
        } else {
            flushViewGroup(groupView, groupPhase)
            groupView = nil
            perform(step, for: touch)
        }
    }

    /// What the view gets now: one phase as it happens, or the release of held phases.
    struct ViewStep {
        var phase: Touch.Phase
        /// Delivered in the frame's normal flow (and grouped with other touches of the same view).
        var isImmediate: Bool
    }

    private func viewStep(for touch: Touch, inEvent: Bool) -> ViewStep? {
        let delivery = touch.viewDelivery
        if delivery == .finished { return nil }

        if touch.flagsGeneration != deliveryGeneration {
            touch.deliveryFlags = deliveryFlags(of: touch)
            touch.flagsGeneration = deliveryGeneration
        }
        let flags = touch.deliveryFlags
        let cancels = flags.cancels
        let recognizedDelayingBegan = flags.recognizedDelayingBegan
        let decidingDelaysBegan = flags.decidingDelaysBegan
        let decidingDelaysEnded = flags.decidingDelaysEnded

        // Live (or left the window from live) and beginning in this frame: not delivered yet. A
        // held ended touch has lifted, so only those two can be beginning.
        let unseen = delivery == .heldBegan || (inEvent && touch.phase == .began)
        if cancels {
            touch.viewDelivery = .finished
            if unseen { return nil }
            // Cancelling the touch in the view changes it now: the cancellation carries this
            // instant (AD UITouch.timestamp: "when it was last mutated"; docs/semantics.md D9).
            touch.timestamp = now
            return ViewStep(phase: .cancelled, isImmediate: true)
        }
        switch delivery {
        case .heldBegan:
            if recognizedDelayingBegan {
                touch.viewDelivery = .finished
                return nil
            }
            if decidingDelaysBegan { return nil }
            return ViewStep(phase: .began, isImmediate: false)
        case .heldEnded:
            if decidingDelaysEnded { return nil }
            touch.viewDelivery = .finished
            return ViewStep(phase: .ended, isImmediate: false)
        case .live:
            guard inEvent else { return nil }
            switch touch.phase {
            case .began:
                if decidingDelaysBegan {
                    touch.viewDelivery = .heldBegan
                    return nil
                }
                return ViewStep(phase: .began, isImmediate: true)
            case .moved:
                return ViewStep(phase: .moved, isImmediate: true)
            case .stationary:
                return nil
            case .ended:
                if decidingDelaysEnded {
                    touch.viewDelivery = .heldEnded
                    return nil
                }
                touch.viewDelivery = .finished
                return ViewStep(phase: .ended, isImmediate: true)
            case .cancelled:
                touch.viewDelivery = .finished
                return ViewStep(phase: .cancelled, isImmediate: true)
            }
        case .leftWindow:
            // The view left the window: what it has seen is cancelled there, at this instant.
            touch.viewDelivery = .finished
            if unseen { return nil }
            touch.timestamp = now
            return ViewStep(phase: .cancelled, isImmediate: true)
        case .finished:
            return nil
        }
    }

    private func deliveryFlags(of touch: Touch) -> DeliveryFlags {
        // A held lift reads only `cancels` and `decidingDelaysEnded`, false and true when its
        // flags were last worked out. Neither moves while the recognizer found holding it still
        // decides and none was let through or had a flag set since: each timer that fails one of
        // many double taps would otherwise walk every recognizer still listed.
        if touch.viewDelivery == .heldEnded, let holder = touch.endHolder, touch.endHolderStamp == heldFlagsStamp,
           holder.with({ $0.delaysTouchesEnded && $0.arbitration.isInPlay && isDeciding($0) }) {
            return touch.deliveryFlags
        }
        if touch.viewDelivery == .heldEnded { heldLiftFlagWalks &+= 1 }
        var flags = DeliveryFlags()
        var holder: Unretained<GestureRecognizer>?
        touch.gestureRecognizers.forEachUnretained { recognizer in
            let state = recognizer.currentState
            if recognizer.arbitration.isReleased && (state.isRecognizing || state == .cancelled) {
                if recognizer.cancelsTouchesInView { flags.cancels = true }
                if recognizer.delaysTouchesBegan { flags.recognizedDelayingBegan = true }
            } else if state == .possible || (!recognizer.arbitration.isReleased && state.isRecognizing) {
                if recognizer.delaysTouchesBegan { flags.decidingDelaysBegan = true }
                if recognizer.delaysTouchesEnded {
                    flags.decidingDelaysEnded = true
                    holder = Unretained(recognizer)
                }
            }
        }
        touch.endHolder = holder
        touch.endHolderStamp = heldFlagsStamp
        return flags
    }

    /// Performs a step that is not part of the frame's normal flow: a cancellation between frames,
    /// the release of a held began (with catch-up), or of a held ended.
    private func perform(_ step: ViewStep, for touch: Touch) {
        guard let view = touch.viewReference else { return }
        switch step.phase {
        case .began:
            releaseHeldBegan(touch, to: view)
        default:
            deliverSingle(touch, phase: step.phase, to: view)
        }
    }

    private func releaseHeldBegan(_ touch: Touch, to view: Unretained<View>) {
        let phase = touch.phase, time = touch.timestamp
        let location = touch.locationInWindow, previous = touch.previousLocationInWindow
        touch.phase = .began
        touch.timestamp = touch.beganTimestamp
        touch.locationInWindow = touch.beganLocation
        touch.previousLocationInWindow = touch.beganLocation
        deliverSingle(touch, phase: .began, to: view)
        touch.phase = phase
        touch.timestamp = time
        touch.locationInWindow = location
        touch.previousLocationInWindow = previous
        touch.viewDelivery = .live

        if location != touch.beganLocation {
            touch.phase = .moved
            touch.previousLocationInWindow = touch.beganLocation
            deliverSingle(touch, phase: .moved, to: view)
            touch.phase = phase
            touch.previousLocationInWindow = previous
        }
        switch phase {
        case .ended:
            if touch.gestureRecognizers.contains(where: { $0.delaysTouchesEnded && isDeciding($0) }) {
                touch.viewDelivery = .heldEnded
            } else {
                touch.viewDelivery = .finished
                deliverSingle(touch, phase: .ended, to: view)
            }
        case .cancelled:
            touch.viewDelivery = .finished
            deliverSingle(touch, phase: .cancelled, to: view)
        case .began, .moved, .stationary:
            break
        }
    }

    /// Cancels `touches` in their views, which have left the window, at this instant: one call
    /// per run of touches of one view (docs/semantics.md V7). Its own list: this may run inside a
    /// view's hook, while `viewGroup` is the batch that hook was given.
    func cancelInLeftViews(_ touches: [Touch]) {
        let group = TouchList(capacity: touches.count)
        var groupOwner: Unretained<View>?
        for touch in touches {
            touch.viewDelivery = .finished
            touch.timestamp = now
            if touch.viewReference != groupOwner {
                if let groupOwner, !group.isEmpty { deliver(group, phase: .cancelled, to: groupOwner) }
                group.removeAll()
                groupOwner = touch.viewReference
            }
            group.append(touch)
        }
        if let groupOwner, !group.isEmpty { deliver(group, phase: .cancelled, to: groupOwner) }
    }

    private func isDeciding(_ recognizer: GestureRecognizer) -> Bool {
        let state = recognizer.currentState
        return state == .possible || (!recognizer.arbitration.isReleased && state.isRecognizing)
    }

    private func deliverSingle(_ touch: Touch, phase: Touch.Phase, to view: Unretained<View>) {
        flushViewGroup(nil, phase)
        viewGroup.append(touch)
        flushViewGroup(view, phase)
    }

    private func flushViewGroup(_ view: Unretained<View>?, _ phase: Touch.Phase) {
        if let view, !viewGroup.isEmpty {
            // A hook of a view delivered before this group in the frame may have taken this
            // group's view out of the window after the group's steps were decided.
            if viewsLeftWindowInFrame && view.with({ $0.window == nil }) {
                deliverToLeftView(view, phase)
            } else {
                deliver(viewGroup, phase: phase, to: view)
            }
        }
        viewGroup.removeAll()
    }

    /// The group's view left the window after its steps were decided (docs/semantics.md V7): it
    /// is shown nothing more, but an end it had not been told of reaches it as cancelled. A began
    /// it never saw is dropped; a move was already cancelled there by the removal (whose walk
    /// passes over a touch whose end is on its way, as finished).
    private func deliverToLeftView(_ view: Unretained<View>, _ phase: Touch.Phase) {
        switch phase {
        case .began:
            viewGroup.forEachTouch { $0.viewDelivery = .finished }
        case .ended, .cancelled:
            viewGroup.forEachTouch { $0.timestamp = now }
            deliver(viewGroup, phase: .cancelled, to: view)
        case .moved, .stationary:
            break
        }
    }

    /// One call of `view`'s hook for `phase` with `touches`, told to the observer first.
    private func deliver(_ touches: TouchList, phase: Touch.Phase, to view: Unretained<View>) {
        let batch = touches.batch
        view.with { view in
            // Unretained, and no `Observation` built: this runs once a frame.
            if let reporter { reporter.with { $0.observer.observeView(view, received: phase, touches: batch, at: now) } }
            switch phase {
            case .began: view.touchesBegan(batch)
            case .moved: view.touchesMoved(batch)
            case .ended: view.touchesEnded(batch)
            case .cancelled: view.touchesCancelled(batch)
            case .stationary: break
            }
        }
    }
}
