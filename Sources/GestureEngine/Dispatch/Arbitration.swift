/// Reconciliation: who may recognize, who must wait, who is excluded, and which actions go out.
///
/// Rules (docs/semantics.md, "Arbitration"):
/// - A recognizer that leaves `possible` fails every recognizer that requires it to fail
///   (H-GR `require(toFail:)`), and its own actions wait while any requirement of it is still
///   `possible`; a requirement that fails releases it, one that begins or recognizes fails it.
///   Requirements not in play this sequence count as failed.
/// - A recognizer whose actions may go is checked against the recognizers already recognizing:
///   if one of them prevents it, it fails. Otherwise it wins and fails every recognizer it
///   prevents that has not won yet (W17-219 exclusion).
/// - `a` prevents `b` when `a.canPrevent(b)`, `b.canBePrevented(by: a)`, and neither delegate
///   allows the pair to recognize simultaneously (OR of the delegates, H-GR). The delegates are
///   asked again whenever a recognizing recognizer changes state; if a pair is no longer allowed,
///   the one that changed is cancelled.
/// - A deferred continuous recognizer's first action presents `began` (W17-219).
extension TouchDispatcher {
    func reconcile() {
        // Each round after the first follows a state change or a wake-up from the round before,
        // and reconciliation makes few of those: it only fails or cancels (once per recognizer,
        // both are final) and wakes a recognizer once per requirement that fails or is cancelled.
        // A pass beyond that bound is a reconciliation that feeds itself: a bug, stopped loudly
        // rather than cut short.
        let bound = 2 * inPlay.count + linksInPlay + 2
        // A pass follows only a pass (or a frame) that marked a recognizer: a recognizer marked
        // behind the walk needs another pass, one marked ahead of it is reached in this one. A
        // walk that has met every mark (`reconcileMarks` counts them, at least) stops: what is
        // left of it would find none, and the order of what it finds is unchanged.
        if let held = heldRepeatedChange {
            heldRepeatedChange = nil
            held.with { settleHeldChange($0) }
        }
        var rounds = 0
        while reconcileRequested {
            reconcileRequested = false
            rounds += 1
            if rounds > bound { unsettled("reconcile()", rounds: bound) }
            var index = 0
            while index < inPlay.count && reconcileMarks > 0 {
                inPlay.with(index) { next in
                    if next.pendingWork.reconcile { reconcile(next) }
                }
                index += 1
            }
        }
        // Every recognizer in play has been walked past or met since its last mark: none is
        // marked now, whatever the count says.
        reconcileMarks = 0
    }

    /// A `changed -> changed` held from the frame's delivery (`recognizerRepeatedChange`). When
    /// nothing else is marked, the pass would reconcile `recognizer` alone, and for one let
    /// through with no dependents in play that asks nothing about simultaneity again (nobody
    /// began recognizing since its last check, every answer fixed), `reconcile(_:)` only requests
    /// its action: that is done here, without the walk. Otherwise it is marked, as any change is.
    private func settleHeldChange(_ recognizer: GestureRecognizer) {
        if !reconcileRequested && !recognizer.pendingWork.reconcile && recognizer.currentState == .changed
            && recognizer.arbitration.isReleased && recognizer.dependentsInPlay.isEmpty
            && recognizer.hasFixedSimultaneity && unfixedRecognizing == 0
            && recognizer.simultaneityCheckedThrough == recognizingStamp {
            requestAction(of: recognizer)
        } else {
            recognizer.pendingWork.reconcile = true
            reconcileRequested = true
            reconcileMarks &+= 1
        }
    }

    /// Stops the program naming the recognizers that would not settle: a loop guard that trips is
    /// a bug in the engine (or a recognizer changing states from a delegate callback or action).
    func unsettled(_ loop: String, rounds: Int) -> Never {
        var waiting: [String] = []
        inPlay.forEach { recognizer in
            if recognizer.pendingWork.reconcile && waiting.count < 8 { waiting.append("\(recognizer.debugName) (\(recognizer.currentState))") }
        }
        preconditionFailure(
            "\(loop) did not settle after \(rounds) rounds with \(inPlay.count) recognizers in play; still changing: \(waiting.joined(separator: ", "))")
    }

    /// One recognizer's state moved: apply the rules that follow from its new state.
    private func reconcile(_ recognizer: GestureRecognizer) {
        recognizer.pendingWork.reconcile = false
        reconcileMarks &-= 1
        switch recognizer.currentState {
        case .possible:
            break
        case .began, .changed, .ended:
            failDependents(of: recognizer)
            if recognizer.arbitration.isReleased {
                requestAction(of: recognizer)
                if recognizer.currentState != .ended { recheckSimultaneity(of: recognizer) }
            } else {
                attemptRelease(recognizer)
            }
        case .cancelled:
            if recognizer.arbitration.isReleased { requestAction(of: recognizer) }
            wakeDependents(of: recognizer)
        case .failed:
            wakeDependents(of: recognizer)
        }
    }

    private func attemptRelease(_ recognizer: GestureRecognizer) {
        // The walks below go over `inPlay` unretained; `apply(.fail)` changes states, never the list.
        var blocked = false
        var waiting = false
        for requirement in recognizer.requirementsInPlay where !blocked {
            switch requirement.with({ $0.currentState }) {
            case .began, .changed, .ended: blocked = true
            case .possible: waiting = true
            case .failed, .cancelled: break
            }
        }
        if blocked {
            recognizer.apply(.fail)
            return
        }
        if waiting { return }

        let excluded = inPlay.contains { winner in
            winner !== recognizer && winner.arbitration.isReleased && winner.currentState.isRecognizing
                && prevents(winner, recognizer)
        }
        if excluded {
            recognizer.apply(.fail)
            return
        }

        // Among recognizers claiming in the same pass, one that would be excluded by a rival it
        // cannot exclude yields (W10-120: the double tap excludes the single tap on the second tap).
        let yields = inPlay.contains { rival in
            rival !== recognizer && !rival.arbitration.isReleased
                && rival.currentState.isRecognizing && !isWaitingOnRequirement(rival)
                && prevents(rival, recognizer) && !prevents(recognizer, rival)
        }
        if yields {
            recognizer.apply(.fail)
            return
        }

        recognizer.arbitrate(.release(presentingBegan: recognizer.kind == .continuous && recognizer.currentState != .began))
        // Let through having ended, it may now be reset (`resetSettledRecognizers`).
        if recognizer.currentState == .ended { noteSettling(recognizer) }
        heldFlagsStamp &+= 1
        // Every recognizer already recognizing has just been asked whether it prevents this one.
        startsRecognizing(recognizer)
        deliveryDecisionsChanged()
        requestAction(of: recognizer)

        inPlay.forEach { other in
            guard other !== recognizer, !other.arbitration.isReleased else { return }
            let state = other.currentState
            guard state == .possible || state.isRecognizing else { return }
            if prevents(recognizer, other) { other.apply(.fail) }
        }
    }

    /// Whether `recognizer` has a requirement in play that has not failed yet.
    private func isWaitingOnRequirement(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.requirementsInPlay.contains { requirement in
            let state = requirement.with { $0.currentState }
            return state != .failed && state != .cancelled
        }
    }

    /// Fails every recognizer that requires `recognizer` to fail and has not been let through.
    private func failDependents(of recognizer: GestureRecognizer) {
        // In collection order, as the observers see the failures; `apply(.fail)` never changes the list.
        for dependent in recognizer.dependentsInPlay {
            dependent.with { dependent in
                guard !dependent.arbitration.isReleased else { return }
                let state = dependent.currentState
                if state == .possible || state.isRecognizing { dependent.apply(.fail) }
            }
        }
    }

    /// Asks recognizers waiting on `recognizer` to look again: it may have been their last requirement.
    private func wakeDependents(of recognizer: GestureRecognizer) {
        for dependent in recognizer.dependentsInPlay {
            dependent.with { dependent in
                if !dependent.arbitration.isReleased && dependent.currentState.isRecognizing {
                    dependent.pendingWork.reconcile = true
                    reconcileRequested = true
                    reconcileMarks &+= 1
                }
            }
        }
    }

    /// A recognizer let through while it began or changed joins the ones recognizing
    /// (`recognizing`), stamped with their count so far: it has been asked about every one of
    /// them (`attemptRelease`), so its rechecks start after them.
    private func startsRecognizing(_ recognizer: GestureRecognizer) {
        let state = recognizer.currentState
        guard state == .began || state == .changed else { return }
        recognizingStamp &+= 1
        recognizing.append(RecognizingEntry(recognizer: recognizer, stamp: recognizingStamp))
        if !recognizer.hasFixedSimultaneity { unfixedRecognizing += 1 }
        recognizer.simultaneityCheckedThrough = recognizingStamp
    }

    /// Rule A6: `recognizer`, let through and still recognizing, changed state; is it still
    /// allowed alongside every other recognizer recognizing? When every answer involved is fixed
    /// (`GestureRecognizer.hasFixedSimultaneity`), those it was found allowed with stay allowed,
    /// and only the recognizers that began recognizing since are asked (a walk from the end of
    /// `recognizing`, most often none): a frame of N pans all allowed together costs N, not N².
    /// Otherwise every recognizer in play is asked again, in collection order, as the delegates
    /// may answer differently or count the questions.
    private func recheckSimultaneity(of recognizer: GestureRecognizer) {
        let withdrawn: Bool
        if recognizer.hasFixedSimultaneity && unfixedRecognizing == 0 {
            let checkedThrough = recognizer.simultaneityCheckedThrough
            // Nobody began recognizing since its last check (every change of a gesture under way
            // but the first): nothing to ask, and no walk, which would retain the list's buffer.
            if checkedThrough == recognizingStamp { return }
            withdrawn = recognizing.withUnsafeBufferPointer { entries in
                var index = entries.endIndex
                while index > entries.startIndex {
                    index -= 1
                    guard entries[index].stamp > checkedThrough else { return false }
                    let found = Unretained(entries[index].recognizer).with { other in
                        isRecognizingAlongside(other, recognizer) && prevents(other, recognizer)
                    }
                    if found { return true }
                }
                return false
            }
        } else {
            withdrawn = inPlay.contains { other in
                isRecognizingAlongside(other, recognizer) && prevents(other, recognizer)
            }
        }
        if withdrawn {
            recognizer.apply(.cancel)
        } else {
            recognizer.simultaneityCheckedThrough = recognizingStamp
        }
    }

    /// Whether `other` is another recognizer let through and beginning or changing.
    @inline(__always)
    private func isRecognizingAlongside(_ other: GestureRecognizer, _ recognizer: GestureRecognizer) -> Bool {
        guard other !== recognizer, other.arbitration.isReleased else { return false }
        let state = other.currentState
        return state == .began || state == .changed
    }

    /// A delegate changed: the answers found so far may no longer hold. Every recognizer in play
    /// is asked about all those recognizing at its next change, and the fixed ones counted again.
    func simultaneityAnswersChanged() {
        inPlay.forEach { $0.simultaneityCheckedThrough = 0 }
        countUnfixedRecognizing()
    }

    func countUnfixedRecognizing() {
        unfixedRecognizing = 0
        for entry in recognizing where !entry.recognizer.hasFixedSimultaneity { unfixedRecognizing += 1 }
    }

    /// Whether `winner`, recognizing, excludes `other`.
    func prevents(_ winner: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        guard winner.canPrevent(other), other.canBePrevented(by: winner) else { return false }
        if let delegate = winner.delegate(answering: .simultaneity), delegate.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: other) {
            return false
        }
        if let delegate = other.delegate(answering: .simultaneity), delegate.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: winner) {
            return false
        }
        return true
    }

    /// Marks `recognizer`'s action as due at the end of this reconcile pass.
    private func requestAction(of recognizer: GestureRecognizer) {
        recognizer.pendingWork.action = true
        actionsRequested = true
        actionMarks &+= 1
    }

    func sendPendingActions() {
        guard actionsRequested else { return }
        actionsRequested = false
        // Actions only mark in a reconcile pass, never while they are sent: the walk stops at the
        // last mark counted.
        var remaining = actionMarks
        actionMarks = 0
        var index = 0
        while index < inPlay.count && remaining > 0 {
            inPlay.with(index) { next in
                if next.pendingWork.action {
                    remaining &-= 1
                    sendPendingAction(of: next)
                }
            }
            index += 1
        }
    }

    private func sendPendingAction(of recognizer: GestureRecognizer) {
        recognizer.pendingWork.action = false
        let state = recognizer.currentState
        guard state != .failed, state != .possible else { return }
        // Every action after the first finds the recognizer `sent` already: one comparison.
        let first = recognizer.arbitration
        guard first != .sent else { return recognizer.sendAction(presenting: state) }
        recognizer.arbitrate(.send)
        if first == .releasedPresentingBegan {
            recognizer.sendAction(presenting: .began)
            if state == .began || state == .changed { return }
        }
        recognizer.sendAction(presenting: state)
    }
}
