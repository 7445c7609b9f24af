/// The base of every recognizer: the engine's `UIGestureRecognizer`.
///
/// A recognizer watches the touches that land on its view or the view's subviews and moves
/// through `State` as it decides whether they make its gesture. Subclasses override the four
/// `touches…` methods (and `timerFired(tag:)` for timers they arm with `startTimer(at:tag:)`),
/// assign `state`, and clear their own bookkeeping in `reset()`. Everything else — who receives
/// which touch, exclusion, failure requirements, when actions run, what the view sees — is the
/// `TouchDispatcher`'s job.
///
/// Recognizers never read a clock: time comes from touch timestamps and from timers.
open class GestureRecognizer: TimerTarget {
    public let kind: Kind
    /// A name for logs and transcripts; the engine never interprets it.
    public let name: String
    /// The view this recognizer is attached to; `nil` once it is removed, already in the
    /// `cancelled` action a removal mid-sequence sends.
    ///
    /// Not `weak`: a weak reference would give every view a side table and make each retain on the
    /// dispatch path several times dearer. The view clears it when it detaches the recognizer or is
    /// deinitialised, so it never dangles.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public internal(set) unowned(unsafe) var view: View?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public weak var delegate: (any GestureRecognizerDelegate)? {
        didSet {
            let delegate = delegate
            delegateQuestions = delegate?.answeredQuestions ?? []
            hasFixedSimultaneity = isEngineRecognizer
                && (!delegateQuestions.contains(.simultaneity) || delegate?.simultaneityAnswersAreFixed == true)
            withDispatcher { $0.simultaneityAnswersChanged() }
        }
    }
    /// Whether "may this recognizer and another recognize together" has one answer for a pair as
    /// long as both are in play: it is one of the engine's own classes (whose `canPrevent` and
    /// `canBePrevented` answer the same for the same pair of recognizing recognizers) and its
    /// delegate either does not answer the simultaneity question or declares its answers fixed
    /// (`GestureRecognizerDelegate.simultaneityAnswersAreFixed`). The dispatcher then asks the
    /// question of a pair once while both recognize, not again at every state change (rule A6).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var hasFixedSimultaneity: Bool
    /// The dispatcher's `recognizingStamp` up to which this recognizer, recognizing, has been
    /// found allowed alongside every recognizer then recognizing (`recheckSimultaneity`): with
    /// fixed answers, only those that began recognizing later need asking.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var simultaneityCheckedThrough: UInt64 = 0
    /// The questions the delegate answers (`GestureRecognizerDelegate.answeredQuestions`), read
    /// when it was set; empty without one. Loading a weak reference is a runtime call even when it
    /// is `nil`, and a delegate, once loaded, is retained and released through its side table: the
    /// dispatch paths test this first, and load the delegate only for a question it answers. A
    /// delegate that has gone away still reads as `nil` through `delegate(answering:)`.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var delegateQuestions: GestureRecognizerDelegateQuestions = []

    /// The delegate, loaded only if it answers `question`.
    @inline(__always)
    final func delegate(answering question: GestureRecognizerDelegateQuestions) -> (any GestureRecognizerDelegate)? {
        delegateQuestions.contains(question) ? delegate : nil
    }

    /// Disabled recognizers receive no touches. Disabling one in the middle of an attempt first
    /// calls its `touchesCancelled` with the touches it holds; then, unless that settled it, one
    /// that is recognizing is cancelled and one still deciding fails (docs/semantics.md R4).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var isEnabled = true {
        didSet {
            if oldValue && !isEnabled { dispatcher?.recognizerWasWithdrawn(self) }
        }
    }

    /// When the gesture is recognized, the view's touches of the gesture are cancelled
    /// (`touchesCancelled`) and it receives no more of them. Default `true` (H-GR, AD).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var cancelsTouchesInView = true { didSet { withDispatcher { $0.deliveryFlagsChanged() } } }
    /// The view receives a touch's began (and everything after it) only once this recognizer
    /// has failed; if it recognizes, the view never sees the touch. Default `false` (H-GR, AD).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var delaysTouchesBegan = false { didSet { withDispatcher { $0.deliveryFlagsChanged() } } }
    /// The view receives a touch's ended only once this recognizer has resolved; if it recognizes,
    /// the view receives `touchesCancelled` instead. Default `true` (H-GR, AD).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var delaysTouchesEnded = true { didSet { withDispatcher { $0.deliveryFlagsChanged() } } }

    /// The touches this recognizer currently tracks, in the order they arrived.
    public var touches: TouchBatch { touchList.batch }
    let touchList = TouchList(capacity: 4)

    // MARK: Dispatcher bookkeeping

    /// The dispatcher running the sequence this recognizer takes part in. Held without reference
    /// counting (the dispatcher outlives its recognizers' participation and clears this on reset
    /// and in its deinit, `detachFromDispatcher`); `withDispatcher` reaches it on the hot path
    /// without a retain.
    var dispatcher: TouchDispatcher? {
        get { dispatcherReference?.object }
        set { dispatcherReference = newValue.map { Unretained($0) } }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var dispatcherReference: Unretained<TouchDispatcher>?

    @inline(__always)
    final func withDispatcher(_ body: (TouchDispatcher) -> Void) {
        dispatcherReference?.with(body)
    }
    /// Where it stands in the dispatcher's arbitration for the current sequence; moved only by
    /// `arbitrate(_:)`.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var arbitration = ArbitrationPhase.outOfPlay
    /// Work waiting for the dispatcher's next reconcile pass or action walk.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var pendingWork = ArbitrationWork()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var failureRequirements: [GestureRecognizer] = []
    /// Where this recognizer's entry sits in each requirement's `requiredBy`: the entry for
    /// `failureRequirements[i]` is `failureRequirements[i].requiredBy[requiredBySlots[i]]`. A
    /// recognizer going away takes each entry out in one step (the last entry moves into its
    /// place), so freeing many dependents of one requirement costs their number, not its square.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var requiredBySlots: [Int] = []
    /// `failureRequirements` as a set, kept once the list is long (`requirementSetThreshold`), so
    /// that `require(toFail:)` finds a requirement already set without walking them all.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var failureRequirementSet: Set<ObjectIdentifier> = []
    /// How many requirements a recognizer may have before they are kept as a set too: below it, a
    /// scan of the list is cheaper than hashing and costs no memory.
    static let requirementSetThreshold = 16
    /// Requirements the delegates asked for, once per attempt.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var attemptRequirements: [GestureRecognizer] = []
    /// The recognizers whose `failureRequirements` name this one: the reverse of `require(toFail:)`,
    /// unretained (each removes itself in its deinit), so a dispatcher finds a recognizer's
    /// dependents without asking every other recognizer. Each entry also says which of the
    /// dependent's `failureRequirements` this one is (`slot`). In no particular order: a dependent
    /// that goes away is replaced by the last entry.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var requiredBy: [Dependent] = []

    /// An entry of `requiredBy`.
    struct Dependent {
        let recognizer: Unretained<GestureRecognizer>
        /// The index of the requirement in `recognizer.failureRequirements`.
        let slot: Int
    }
    /// While in play: the recognizers in play this one requires to fail, and those that require it
    /// to fail, each in the dispatcher's collection order (`playOrder`). Every arbitration rule
    /// walks these instead of every recognizer in play, so a long chain of requirements costs
    /// time in proportion to its length, not its square. Unretained: both ends are in the
    /// dispatcher's `recognizersInPlay`, and the dispatcher unlinks a recognizer as it leaves play.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var requirementsInPlay: [Unretained<GestureRecognizer>] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var dependentsInPlay: [Unretained<GestureRecognizer>] = []
    /// When the dispatcher activated it: increases with collection order.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var playOrder: UInt64 = 0
    /// Whether the dispatcher must ask this recognizer, or its delegate, the class-wide failure
    /// questions (`shouldRequireFailure(of:)` and the delegate's): true unless it is one of the
    /// engine's own final classes, which never answer yes, and has no delegate that answers them
    /// (`GestureRecognizerDelegate.answeredQuestions`).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var asksAboutFailureRequirements = true
    /// Whether this is one of the engine's own classes (`isEngineClass`): asked once, when the
    /// recognizer is made, not at every activation.
    final let isEngineRecognizer: Bool
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var _state = State.possible
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var presentedState: State?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var actions: [(GestureRecognizer) -> Void] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var armedTimers: [(tag: Int, token: TimerToken)] = []

    public init(kind: Kind, name: String = "") {
        self.kind = kind
        self.name = name
        isEngineRecognizer = Self.isEngineClass
        hasFixedSimultaneity = isEngineRecognizer
        armedTimers.reserveCapacity(4)
        attemptRequirements.reserveCapacity(2)
    }

    /// Whether the class is one of the engine's own, which never answer the class-wide failure
    /// questions (`shouldRequireFailure(of:)`, `shouldBeRequiredToFail(by:)`) with yes; each of
    /// them overrides this, true for itself and false for its subclasses (the standard recognizers
    /// are open, and a subclass may override those questions). The dispatcher asks those
    /// questions only of pairs in which one recognizer is not one of these or has a delegate, so a
    /// thousand plain recognizers cost a thousand activations, not a million questions. Any other
    /// recognizer (a user's subclass) is asked about every recognizer in play.
    ///
    /// A class property, not a marker protocol: a conformance check is a linear scan of the
    /// binary's conformance records the first time each class is asked, 0.1 ms a class at start-up.
    class var isEngineClass: Bool { false }

    deinit {
        forgetRequirements()
        // A chain of requirements (each recognizer requiring the one before it to fail, as a
        // scene may hold tens of thousands) would be freed recursively, one deinit inside the
        // other per link, until the stack overflows. The recognizers only this one keeps alive
        // are taken apart here instead, one after the other.
        var orphans = failureRequirements
        failureRequirements.removeAll()
        while var next = orphans.popLast() {
            guard isKnownUniquelyReferenced(&next) else { continue }
            next.forgetRequirements()
            orphans.append(contentsOf: next.failureRequirements)
            next.failureRequirements.removeAll()
        }
    }

    /// Takes this recognizer, going away, out of the `requiredBy` lists of its requirements: one
    /// step each, whatever the length of those lists.
    private func forgetRequirements() {
        for (requirement, slot) in zip(failureRequirements, requiredBySlots) {
            requirement.removeDependent(at: slot)
        }
        requiredBySlots.removeAll()
        failureRequirementSet.removeAll()
    }

    /// Removes the `requiredBy` entry at `index`, moving the last entry into its place and telling
    /// that entry's dependent where it went. The dependent moved is alive: every dependent takes
    /// its entries out before it goes away.
    private func removeDependent(at index: Int) {
        let last = requiredBy.removeLast()
        guard index < requiredBy.count else { return }
        requiredBy[index] = last
        last.recognizer.with { $0.requiredBySlots[last.slot] = index }
    }

    // MARK: State

    /// The recognizer's state. Subclasses assign it; everyone else only reads it (as in
    /// `UIGestureRecognizerSubclass.h`). An assignment the transition table forbids is a
    /// programmer error: it stops the program with a message naming the recognizer and both states.
    ///
    /// Leaving `possible` asks the delegate's and the view's `shouldBegin` first; a refusal turns
    /// the assignment into `failed`. While an action runs, `state` reads as the state the action
    /// presents (a deferred continuous recognizer's first action reads `began`).
    public var state: State {
        get { presentedState ?? _state }
        set { apply(.set(newValue)) }
    }

    /// Applies one change through the transition table; the only place `_state` moves.
    final func apply(_ change: StateChange) {
        // Every move of a gesture under way, `changed -> changed` (legal for a continuous one):
        // the dispatcher marks it, or holds it for its next reconcile pass
        // (`recognizerRepeatedChange`).
        if case .set(.changed) = change, _state == .changed, kind == .continuous, !pendingWork.reconcile,
           let dispatcherReference {
            dispatcherReference.with { $0.recognizerRepeatedChange(self) }
            return
        }
        var change = change
        if case .set(let target) = change, _state == .possible,
           target == .began || target == .ended, !shouldBegin() {
            change = .set(.failed)
        }
        let old = _state
        let new: State
        do {
            new = try Self.transition(
                from: old, by: change, kind: kind, actionsSent: arbitration.actionsSent, recognizer: debugName)
        } catch {
            preconditionFailure(error.description)
        }
        _state = new
        if new == .possible {
            presentedState = nil
        } else {
            pendingWork.reconcile = true
        }
        withDispatcher { $0.recognizerChangedState(self, from: old, to: new) }
    }

    private func shouldBegin() -> Bool {
        if let delegate = delegate(answering: .shouldBegin), !delegate.gestureRecognizerShouldBegin(self) { return false }
        if let view, !view.gestureRecognizerShouldBegin(self) { return false }
        return true
    }

    /// The name and class, for messages.
    public var debugName: String {
        let type = String(describing: Swift.type(of: self))
        return name.isEmpty ? type : "\(type) \"\(name)\""
    }

    // MARK: Actions

    /// Adds an action, called with the recognizer each time it sends its action (the target/action
    /// pair of UIKit). Actions run in the order they were added.
    public final func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    public final func removeAllActions() {
        actions.removeAll()
    }

    /// Sends the action presenting `presented`; the dispatcher has moved `arbitration` to `sent`.
    final func sendAction(presenting presented: State) {
        presentedState = presented == _state ? nil : presented
        withDispatcher { dispatcher in
            if dispatcher.reporter != nil { dispatcher.recognizerWillSendAction(self, presenting: presented) }
        }
        // Most recognizers under replay have no action: skip the walk, which retains the buffer.
        if !actions.isEmpty {
            actions.withUnsafeBufferPointer { actions in
                for action in actions { action(self) }
            }
        }
        presentedState = nil
    }

    /// The values an action would read, for observers (logs, overlays). Subclasses add theirs.
    open var actionValues: ActionValues {
        ActionValues(location: location(in: nil), numberOfTouches: numberOfTouches)
    }

    // MARK: Relationships

    /// Defers this recognizer's actions until `other` fails; if `other` begins or recognizes
    /// instead, this recognizer fails. Example: a single tap requiring a double tap to fail.
    public final func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "\(debugName) cannot require itself to fail")
        guard !hasRequirement(other) else { return }
        let wasRequired = attemptRequirements.contains { $0 === other }
        other.requiredBy.append(Dependent(recognizer: Unretained(self), slot: failureRequirements.count))
        requiredBySlots.append(other.requiredBy.count - 1)
        failureRequirements.append(other)
        if failureRequirements.count > Self.requirementSetThreshold {
            if failureRequirementSet.isEmpty {
                failureRequirementSet.reserveCapacity(failureRequirements.count)
                for requirement in failureRequirements { failureRequirementSet.insert(ObjectIdentifier(requirement)) }
            } else {
                failureRequirementSet.insert(ObjectIdentifier(other))
            }
        }
        if !wasRequired, arbitration.isInPlay, other.arbitration.isInPlay, let dispatcher, dispatcher === other.dispatcher {
            dispatcher.link(self, requiresFailureOf: other)
        }
    }

    /// Whether this recognizer, recognizing, may exclude `other`. Default `true`.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Whether `other`, recognizing, may exclude this recognizer. Default `true`.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// Class-wide failure requirements, asked once per attempt. Default `false`.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Class-wide failure requirements, asked once per attempt. Default `false`.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Whether any failure requirement is set, by `require(toFail:)` or for this attempt.
    final var hasFailureRequirements: Bool { !failureRequirements.isEmpty || !attemptRequirements.isEmpty }

    /// Whether this recognizer's actions wait for `other` to fail in the current attempt.
    public final func requiresFailure(of other: GestureRecognizer) -> Bool {
        hasRequirement(other) || attemptRequirements.contains { $0 === other }
    }

    /// Whether `require(toFail: other)` was called: a lookup in the set once the list is long.
    private func hasRequirement(_ other: GestureRecognizer) -> Bool {
        guard failureRequirements.count > Self.requirementSetThreshold else {
            return failureRequirements.contains { $0 === other }
        }
        return failureRequirementSet.contains(ObjectIdentifier(other))
    }

    /// How many recognizers this one requires to fail (`require(toFail:)`), each counted once.
    package var failureRequirementCount: Int { failureRequirements.count }

    /// How many recognizers require this one to fail (`require(toFail:)`) and are still alive.
    package var dependentCount: Int { requiredBy.count }

    /// Whether the two directions of `require(toFail:)` agree: each requirement lists this
    /// recognizer once, at the slot this one keeps for it, and each dependent listed names this
    /// one at that entry's slot. For tests.
    package var requirementLinksAreConsistent: Bool {
        guard requiredBySlots.count == failureRequirements.count else { return false }
        for (requirement, slot) in zip(failureRequirements, requiredBySlots) {
            guard slot < requirement.requiredBy.count else { return false }
            let entry = requirement.requiredBy[slot]
            guard entry.recognizer.refers(to: self), entry.slot < failureRequirements.count,
                  failureRequirements[entry.slot] === requirement else { return false }
        }
        for (index, entry) in requiredBy.enumerated() {
            let consistent = entry.recognizer.with { dependent in
                entry.slot < dependent.failureRequirements.count && dependent.failureRequirements[entry.slot] === self
                    && dependent.requiredBySlots[entry.slot] == index
            }
            guard consistent else { return false }
        }
        return true
    }

    // MARK: Touches

    /// Stops tracking `touch`: no more of its phases reach this recognizer, and this recognizer
    /// recognizing will not cancel it in the view.
    public final func ignore(_ touch: Touch) {
        touchList.remove(touch)
        unlist(from: touch)
        withDispatcher { $0.deliveryFlagsChanged() }
    }

    /// Takes this recognizer off `touch`'s list of recognizers, which lists each once (the
    /// dispatcher collects each once).
    private func unlist(from touch: Touch) {
        if let index = touch.gestureRecognizers.firstIndex(where: { $0 === self }) { touch.gestureRecognizers.remove(at: index) }
    }

    /// The timestamp of the first tracked touch (the current time if there is none): the instant
    /// of the frame being delivered, read without reference counting.
    @inline(__always)
    public final var touchTimestamp: GestureTime {
        touchList.isEmpty ? now : touchList.with(0) { $0.timestamp }
    }

    /// How many touches the gesture involves (UIKit's `numberOfTouches`): by default the tracked
    /// touches. A touch that lifts or is cancelled is still tracked while the recognizer's hooks
    /// see it, and has gone by the time the frame's actions run, so a continuous recognizer's
    /// `ended` action counts 0 (docs/semantics.md AC3). A tap reports its tap's fingers, a long
    /// press its press's (AC4, AC6).
    open var numberOfTouches: Int { touchList.count }

    /// The gesture's location in `view`'s coordinates (the window's for `nil`): by default the
    /// centroid of the tracked touches, and once every touch has gone, the centroid of where they
    /// were last (where they lifted). Tap and swipe report where they began.
    open func location(in view: View?) -> Point {
        if !touchList.isEmpty { lastCentroid = trackedCentroid() }
        guard let view else { return lastCentroid }
        return lastCentroid - view.originInWindow
    }

    /// The centroid of the tracked touches (at least one), in the window.
    @inline(__always)
    private func trackedCentroid() -> Point {
        var x = 0.0, y = 0.0
        touchList.forEachTouch { touch in
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
        }
        let count = Double(touchList.count)
        return Point(x: x / count, y: y / count)
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var lastCentroid = Point.zero

    /// The location of the `index`th touch of the gesture in `view`'s coordinates; `index` must be
    /// below `numberOfTouches` (UIKit raises otherwise; here it is a precondition).
    open func location(ofTouch index: Int, in view: View?) -> Point {
        precondition(index >= 0 && index < numberOfTouches,
                     "\(debugName): location(ofTouch: \(index)) beyond bounds (\(numberOfTouches))")
        return touches[index].location(in: view)
    }

    /// Stops tracking the touches that ended or were cancelled in this frame, once the hooks have
    /// seen them; if none is left, `location(in:)` keeps reporting where they were.
    final func dropFinishedTouches() {
        var x = 0.0, y = 0.0, finished = 0
        touchList.forEachTouch { touch in
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
            if touch.phase.isTerminal { finished += 1 }
        }
        guard finished > 0 else { return }
        if finished == touchList.count {
            let count = Double(finished)
            lastCentroid = Point(x: x / count, y: y / count)
        }
        touchList.removeFinished()
    }

    /// Stops tracking every touch, as the recognizer leaves the attempt (disabled or removed
    /// mid-sequence, docs/semantics.md R4 and R9): each touch no longer lists it, and
    /// `location(in:)` keeps reporting where they were.
    final func releaseAllTouches() {
        guard !touchList.isEmpty else { return }
        lastCentroid = trackedCentroid()
        touchList.forEachTouch { unlist(from: $0) }
        touchList.removeAll()
    }

    // MARK: Indirect gestures

    /// Whether this recognizer takes trackpad gestures of `kind` (UIKit's transform and scroll
    /// events). Default `false`; pinch and rotation take transforms, a pan takes scrolls when its
    /// `allowedScrollTypes` allow continuous scrolling.
    open func accepts(_ kind: IndirectGesture.Kind) -> Bool { false }

    /// A trackpad gesture this recognizer accepted moved on. Its values are cumulative since
    /// `began`; while it drives the recognizer, `numberOfTouches` is 0 and `location(in:)` is the
    /// pointer's location.
    open func indirectGestureChanged(_ gesture: IndirectGesture) {}

    /// Delivers one phase of an indirect gesture: the location it reports, then the hook.
    final func deliver(_ gesture: IndirectGesture) {
        lastCentroid = gesture.location
        indirectGestureChanged(gesture)
    }

    // MARK: Subclass hooks

    open func touchesBegan(_ touches: TouchBatch) {}
    open func touchesMoved(_ touches: TouchBatch) {}
    open func touchesEnded(_ touches: TouchBatch) {}
    /// Touches were cancelled: by the system, or, all those the recognizer holds, because it was
    /// disabled or removed from its view mid-attempt (they read `cancelled` for the call). A
    /// continuous recognizer should then set `cancelled` if it has begun, any other `failed`.
    open func touchesCancelled(_ touches: TouchBatch) {}

    /// Called by the dispatcher when the recognizer returns to `possible`. Overrides must call super.
    open func reset() {
        cancelAllTimers()
    }

    /// A timer armed with `startTimer(at:tag:)` is due. The current time is its deadline.
    open func timerFired(tag: Int) {}

    // MARK: Timers

    /// The current instant on the dispatcher's clock (0 if not dispatching).
    public final var now: GestureTime {
        // Through the unmanaged reference: `dispatcher?` would retain and release the dispatcher.
        guard let reference = dispatcherReference else { return 0 }
        return reference.with { $0.now }
    }

    /// Arms a timer that calls `timerFired(tag:)` at `deadline`, replacing any with the same tag.
    public final func startTimer(at deadline: GestureTime, tag: Int) {
        guard let reference = dispatcherReference else { return }
        cancelTimer(tag: tag)
        let token = reference.with {
            $0.scheduler.schedule(at: deadline, target: self, tag: tag)
        }
        armedTimers.append((tag, token))
    }

    public final func cancelTimer(tag: Int) {
        guard let index = armedTimers.firstIndex(where: { $0.tag == tag }) else { return }
        let token = armedTimers[index].token
        withDispatcher { $0.scheduler.cancel(token) }
        armedTimers.remove(at: index)
    }

    public final func cancelAllTimers() {
        guard !armedTimers.isEmpty else { return }
        for timer in armedTimers { withDispatcher { $0.scheduler.cancel(timer.token) } }
        armedTimers.removeAllFromEnd()
    }

    public final func timerFired(tag: Int, token: TimerToken) {
        guard let index = armedTimers.firstIndex(where: { $0.token == token }) else { return }
        armedTimers.remove(at: index)
        guard !_state.isFinished else { return }
        timerFired(tag: tag)
        // Retained on purpose: an action run from here may drop the last other reference to it.
        dispatcher?.recognizerHandledTimer(self)
    }

    // MARK: Dispatcher entry points

    /// Moves `arbitration` through its table: the only place it changes.
    @inline(__always)
    final func arbitrate(_ event: ArbitrationPhase.Event) {
        guard let next = arbitration.next(event) else { illegalArbitration(event) }
        arbitration = next
    }

    private func illegalArbitration(_ event: ArbitrationPhase.Event) -> Never {
        preconditionFailure("illegal arbitration step in \(debugName): \(arbitration) -> \(event)")
    }

    /// The sequence is over for it: attempt bookkeeping cleared, out of play.
    final func leavePlay() {
        arbitrate(.leavePlay)
        pendingWork = ArbitrationWork()
        // Most attempts add none: an empty list skips the generic `removeAll` call.
        if !attemptRequirements.isEmpty { attemptRequirements.removeAll(keepingCapacity: true) }
        touchList.removeAll()
    }

    /// The dispatcher is going away mid-sequence: return to a clean `possible` without observations,
    /// so the recognizer can serve another dispatcher.
    final func detachFromDispatcher() {
        reset()
        leavePlay()
        _state = .possible
        presentedState = nil
        dispatcher = nil
    }

    /// The real state, ignoring what an action in progress presents.
    final var currentState: State { _state }
}

extension GestureRecognizer: CustomStringConvertible {
    public var description: String { debugName }
}
