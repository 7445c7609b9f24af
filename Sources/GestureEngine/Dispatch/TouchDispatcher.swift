/// Plays `UIWindow.sendEvent` for one window: takes each hardware frame of touches and runs it
/// through the recognizers and views, one deterministic pass per frame or timer.
///
/// Per frame, in order (W17-219; docs/semantics.md has every rule and its source):
/// 1. hit-test each new touch to the deepest view;
/// 2. collect the recognizers of that view and every ancestor up to and including the window,
///    skipping disabled ones, finished ones and those whose delegate declines the touch;
/// 3. deliver each touch phase to every recognizer still deciding or recognizing;
/// 4. reconcile: failure requirements, exclusion, simultaneity (`Arbitration.swift`);
/// 5. send the actions that reconciliation let through;
/// 6. deliver to the views under `cancelsTouchesInView` and the delay flags (`ViewDelivery.swift`);
/// 7. once no finger is down, reset every finished recognizer whose linked recognizers are
///    finished too.
/// A timer that fires runs steps 4–7 again.
///
/// The dispatcher is single-threaded and allocates nothing per frame once its buffers have grown:
/// touch objects are pooled and every list is reused.
public final class TouchDispatcher {
    public let window: Window
    public let scheduler: any Scheduler
    /// `scheduler` when it is the engine's `VirtualScheduler` (a replay's, a test's): its clock is
    /// then read as a stored property instead of through the protocol's witness, an indirect call
    /// of about ten instructions, at every state change, action and view delivery reported.
    private let virtualScheduler: VirtualScheduler?

    /// The scheduler's current instant.
    @inline(__always)
    var now: GestureTime { virtualScheduler?.now ?? scheduler.now }
    /// Told about everything observable, in order. `nil` costs nothing.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var observer: (any GestureObserver)? {
        didSet {
            // The slot replaced may hold the observer being called: it lives until the next frame.
            if let observerSlot { retiredObserverSlots.append(observerSlot) }
            observerSlot = observer.map(ObserverSlot.init)
            reporter = observerSlot.map(Unretained.init)
        }
    }
    /// `observer` in a slot of its own, which `reporter` names.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var observerSlot: ObserverSlot?
    /// Slots of observers replaced during this frame (or since the last one).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var retiredObserverSlots: [ObserverSlot] = []
    /// Where the reports reach `observer` without reference counting: reading the strong property
    /// around a call costs a retain and a release, a `let` in a slot reached unretained nothing.
    /// `observerSlot` keeps the slot alive, or `retiredObserverSlots` once replaced.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var reporter: Unretained<ObserverSlot>?

    /// Touches currently down, in the order they began.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var touchesDown: [Touch] = []
    /// `touchesDown` without reference counting, for the per-frame loops: the strong array keeps
    /// every touch named here alive, and changes only with it (`begin`, `finishEvent`).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var downList = UnretainedList<Touch>(capacity: 16)
    /// Touches that have lifted but whose ended phase a recognizer still holds back from the view.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var touchesHeld: [Touch] = []
    /// Recognizers taking part in the current sequence (or still deciding from the last one, such
    /// as a double tap waiting for its second tap), in collection order.
    public var recognizersInPlay: [GestureRecognizer] {
        var recognizers: [GestureRecognizer] = []
        recognizers.reserveCapacity(inPlay.count)
        inPlay.forEach { recognizers.append($0) }
        return recognizers
    }

    /// The touches of the frame being dispatched (or none, between frames).
    let eventTouches = TouchList(capacity: 16)
    /// Marks the touches in `eventTouches` (`Touch.eventStamp`): bumped whenever that list is
    /// emptied, so whether a touch is in the frame is one comparison, not a walk of the list.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var eventStamp: UInt64 = 1
    /// The phases of the touches in `eventTouches`, one bit each (`Touch.Phase.bit`): what a frame
    /// holds is known without walking it again.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var eventPhases: UInt8 = 0
    /// The phase every touch in `eventTouches` is in, when they share one (set once the frame's
    /// inputs are applied).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var eventPhase: Touch.Phase?
    private let batch = TouchList(capacity: 16)
    let viewGroup = TouchList(capacity: 16)
    /// The recognizers in play, in collection order (`recognizersInPlay`), walked without
    /// reference counting. The list owns them: each is retained as it joins (`activate`) and
    /// released as it leaves the list (`removeResetFromPlay`), so that the recognizers reset
    /// together at the front of the list leave it in one step, where an array of strong
    /// references moved every one after them.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var inPlay = RecognizerList(capacity: 16)
    /// The recognizers in play that may receive touches, in collection order
    /// (`gatherReceiving`), and the delivery generation they were gathered at (0: never). A
    /// subset of `inPlay`, which keeps each alive: gathered again whenever `inPlay` changes.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var receiving = RecognizerList(capacity: 16)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var receivingGeneration: UInt64 = 0
    /// The view of the touches gathered in `viewGroup` during a delivery pass: the `view` (strong)
    /// of those touches, which `viewGroup`'s owners keep, holds it; cleared at each pass's start.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var groupView: Unretained<View>?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var groupPhase = Touch.Phase.began
    /// Set after a view delivery pass that left every touch down live on one view
    /// (`quietState()`): until the delivery generation moves, a frame of moves goes to that view
    /// whole.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var quietViews: QuietViews?
    /// Bumped whenever anything that decides view delivery may have changed (a recognizer's state,
    /// release or flags, a touch's recognizers), so each touch re-reads its recognizers only then.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var deliveryGeneration: UInt64 = 1
    /// Bumped with `deliveryGeneration` by everything but a touch being collected: what a lifted
    /// touch whose phase is held (`touchesHeld`) waits on. While it stays, the held touches stay
    /// held, and no frame walks them: a finger resting through a session while another taps
    /// would otherwise make every frame walk every lift held since it came down.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var decisionGeneration: UInt64 = 1
    /// The `decisionGeneration` at which `touchesHeld` was last walked (0: never), and whether
    /// this frame walked it (so some may have finished).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var heldWalkGeneration: UInt64 = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var heldTouchesWalked = false
    /// A view holding touches left the window during this frame (`viewLeftWindow`): the view
    /// delivery checks that a group's view is still in the window before delivering it, and once
    /// the pass is over cancels the touches beginning in the frame that a view was shown before
    /// it left (`cancelSeenTouchesOfLeftViews`). Lowered by that pass.
    var viewsLeftWindowInFrame = false
    /// Raised whenever a recognizer is marked for reconcile work (a state change or a wake-up), and
    /// lowered when a reconcile pass begins: settling runs no pass over the recognizers in play
    /// when nothing moved, and no second pass after one that woke nobody.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var reconcileRequested = false
    /// Raised whenever a recognizer is marked for action work: frames in which no action is due
    /// skip the walk that sends them.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var actionsRequested = false
    /// At least how many recognizers in play carry a reconcile mark (each marking counts once, a
    /// recognizer marked twice or leaving play marked only makes it larger): a walk over the
    /// recognizers in play that has met this many marks has met them all, and stops there.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var reconcileMarks = 0
    /// A recognizer's `changed -> changed` in the frame's delivery to recognizers, not marked yet:
    /// the next reconcile pass settles it first (`settleHeldChange`). Unretained: only a sequence's
    /// reset takes a recognizer out of play, and the pass comes before it.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var heldRepeatedChange: Unretained<GestureRecognizer>?
    /// Whether a `changed -> changed` may be held (`recognizerRepeatedChange`): while the frame is
    /// delivered to recognizers, which the frame's settling always follows.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var holdsRepeatedChanges = false
    /// At least how many recognizers in play carry an action mark, in the same sense.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var actionMarks = 0
    /// The phase of every touch down, when this frame moves them all alike (the common case of
    /// fingers moving together), letting each recognizer receive its own touch list as the batch.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var uniformPhase: Touch.Phase?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var pool: [Touch] = []
    /// Where `touchDown(withIdentifier:)` looks first in `touchesDown`, by identifier.
    private let touchHints = TouchIndexHints()
    /// The recognizers that finished or were let through since the last reset pass
    /// (`noteSettling`; `ArbitrationWork.resetCheck` marks them), the only ones, with their
    /// failure partners, that pass may find ready: it looks at them, not at every recognizer in
    /// play. During the pass, also those partners and then the recognizers it resets.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var settledSinceReset: [Unretained<GestureRecognizer>] = []
    /// Recognizers the reset passes have looked at or moved, for tests: one timer's settling
    /// costs what it changed, not the number in play.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    package private(set) var resetPassVisits = 0
    /// Bumped whenever a recognizer is let through, has a delivery flag set or leaves a touch's
    /// list: a held lift's `endHolder` vouches for its flags only while this stays as it was.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var heldFlagsStamp: UInt64 = 0
    /// Walks of a held lift's recognizers for its delivery flags, for tests: a timer failing one
    /// of the many holding it walks none.
    package internal(set) var heldLiftFlagWalks = 0
    /// The recognizers let through while beginning or changing, in the order they were
    /// (`startsRecognizing`), each with its `recognizingStamp`: those that have left that state
    /// stay until the sequence's reset takes them out of play. Strong, as `inPlay` holds them:
    /// held only while in play.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var recognizing: [RecognizingEntry] = []
    /// How many recognizers have been let through recognizing (never decreases): the stamps of
    /// `recognizing`.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var recognizingStamp: UInt64 = 0
    /// How many of `recognizing` may answer the simultaneity question differently over time
    /// (`GestureRecognizer.hasFixedSimultaneity` false): while any is, every recheck asks all.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var unfixedRecognizing = 0
    /// Failure requirements between recognizers in play (`link`), for the reconcile loop's bound.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var linksInPlay = 0
    /// Activations so far: each recognizer's `playOrder`.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var playCounter: UInt64 = 0
    /// The recognizers in play that must be asked the class-wide failure questions about every
    /// recognizer that joins (`GestureRecognizer.asksAboutFailureRequirements`), in collection order.
    /// Unretained: `inPlay` holds each, and `unlink` removes it as it leaves play.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var askersInPlay: [Unretained<GestureRecognizer>] = []
    /// The recognizers the trackpad gesture under way drives, in collection order.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var indirectRecognizers: [GestureRecognizer] = []
    /// The last phase sent of the trackpad gesture under way; `nil` once it has ended.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var indirectGesture: IndirectGesture?
    /// The ends of the frame being dispatched that wait for its second pass (see `send`).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var deferredEnds = TouchFrame(timestamp: 0)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var tapCounter: TapCountTracker
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var isDispatching = false

    public init(window: Window, scheduler: any Scheduler, observer: (any GestureObserver)? = nil) {
        self.window = window
        self.scheduler = scheduler
        virtualScheduler = scheduler as? VirtualScheduler
        self.observer = observer
        observerSlot = observer.map(ObserverSlot.init)
        reporter = observerSlot.map(Unretained.init)
        tapCounter = TapCountTracker(
            maximumInterval: GestureDefaults.maximumIntervalBetweenSuccessiveTaps,
            maximumDistance: GestureDefaults.tapAllowableMovement)
        touchesDown.reserveCapacity(16)
        touchesHeld.reserveCapacity(16)
        settledSinceReset.reserveCapacity(16)
        pool.reserveCapacity(16)
        deferredEnds.touches.reserveCapacity(16)
        indirectRecognizers.reserveCapacity(8)
        recognizing.reserveCapacity(8)
        window.dispatcherReference = Unretained(self)
    }

    deinit {
        if window.dispatcherReference?.refers(to: self) == true { window.dispatcherReference = nil }
        inPlay.forEach { $0.detachFromDispatcher() }
        var index = 0
        while index < inPlay.count {
            inPlay.storage[index].reference.release()
            index += 1
        }
        inPlay.deallocate()
        receiving.deallocate()
        touchHints.deallocate()
        downList.deallocate()
    }

    // MARK: Frames

    /// Runs one hardware frame through recognizers and views. Untrusted input never traps: a move
    /// or lift of an unknown finger is ignored, a second touch-down of a finger already down is a
    /// move, and a finger listed twice in one frame splits the frame in two at the same instant.
    public func send(_ frame: TouchFrame) {
        frame.touches.withUnsafeBufferPointer { send($0, at: frame.timestamp) }
    }

    /// `send(_:)` for a frame's inputs in memory their sender owns and refills every frame (the
    /// replay driver's): read where they are, where a `TouchFrame` would take a copy of them into
    /// its array each frame. The memory must stay as it is during the call.
    package func send(_ inputs: UnsafeBufferPointer<TouchInput>, at timestamp: GestureTime) {
        precondition(!isDispatching, "TouchDispatcher.send called re-entrantly (from an action or a view hook)")
        if !retiredObserverSlots.isEmpty { retiredObserverSlots.removeAll() }
        var start = 0
        while start < inputs.count {
            start = dispatch(inputs, at: timestamp, from: start)
            if !deferredEnds.touches.isEmpty { dispatchDeferredEnds(at: timestamp) }
        }
    }

    /// The second pass of a frame whose lifts (or cancellations) carried new positions: the first
    /// pass delivered those positions as moves, this one delivers the ends, at the same instant.
    /// Out of line: inlined, its registers cost `send` every frame.
    @inline(never)
    private func dispatchDeferredEnds(at time: GestureTime) {
        deferredEnds.timestamp = time
        let ends = deferredEnds
        deferredEnds.touches.removeAll(keepingCapacity: true)
        ends.touches.withUnsafeBufferPointer { inputs in
            var start = 0
            while start < inputs.count {
                start = dispatch(inputs, at: time, from: start)
            }
        }
    }

    /// Whether a touch in `inputs` from `start` lifts or is cancelled at a position other than the
    /// one it had when the pass began. Recognizers must then see that movement before the end
    /// (docs/semantics.md V6), so the frame is delivered in two passes. Asked at the pass's first
    /// end: the touches the pass has already moved are compared by their previous position, and
    /// those it began were not down.
    private func endsAtNewPosition(_ inputs: UnsafeBufferPointer<TouchInput>, from start: Int) -> Bool {
        var index = start
        while index < inputs.count {
            let input = inputs[index]
            index += 1
            guard input.change == .up || input.change == .cancel,
                  let found = touchDown(withIdentifier: input.identifier) else { continue }
            let moved = found.with { touch in
                guard touch.eventStamp == eventStamp else { return touch.locationInWindow != input.location }
                return touch.phase != .began && touch.previousLocationInWindow != input.location
            }
            if moved { return true }
        }
        return false
    }

    /// Dispatches `inputs` from `start` up to the first repeated finger, returning where it stopped.
    private func dispatch(_ inputs: UnsafeBufferPointer<TouchInput>, at time: GestureTime, from start: Int) -> Int {
        isDispatching = true
        defer { isDispatching = false }
        clearEventTouches()
        var index = moveTouchesDown(inputs, at: time, from: start)
        // The touches down not in the frame are stationary in it. Nothing has read a phase since
        // the last frame (the moves call no one), so they are marked now, and not at all when
        // every touch down has moved, where each would be marked and then moved.
        if eventTouches.count != touchesDown.count {
            let stamp = eventStamp
            touchesDown.forEachUnretained { if $0.eventStamp != stamp { $0.phase = .stationary } }
        }
        // Decided at the pass's first end (most passes have none), from there on.
        var splitEnds: Bool?
        var hasEnds = false

        // The rest of the frame, from the first input the moves left: a touch-down, an end, an
        // unknown finger, or a finger already in the frame.
        while index < inputs.count {
            var input = inputs[index]
            // Every touch of the frame so far is down (lifts leave `touchesDown` at the end).
            let found = touchDown(withIdentifier: input.identifier)
            if let found, found.with({ $0.eventStamp == eventStamp }) { break }
            index &+= 1
            if let found {
                if input.change == .up || input.change == .cancel {
                    let split = splitEnds ?? endsAtNewPosition(inputs, from: index - 1)
                    splitEnds = split
                    if split {
                        // The end waits for the second pass; its movement, if any, is a move now.
                        deferredEnds.touches.append(input)
                        let moved = found.with { $0.locationInWindow != input.location }
                        guard moved else { continue }
                        input.change = .move
                    } else {
                        hasEnds = true
                    }
                }
                // Unretained: `touchesDown` keeps the touch alive for the whole frame.
                found.with { touch in update(touch, with: input, at: time) }
            } else if input.change == .down {
                addToEvent(begin(input, at: time))
            }
        }

        // One bit set: every touch of the frame shares the last one's phase.
        let shared = !eventTouches.isEmpty && eventPhases & (eventPhases &- 1) == 0
        eventPhase = shared ? eventTouches.with(eventTouches.count - 1) { $0.phase } : nil
        uniformPhase = eventTouches.count == touchesDown.count ? eventPhase : nil
        holdsRepeatedChanges = true
        deliverToRecognizers()
        holdsRepeatedChanges = false
        if hasEnds { dropFinishedTouchesFromRecognizers() }
        settle()
        finishEvent()
        return index
    }

    /// The moves of touches down from `start`, up to the first input that is anything else:
    /// most frames, whole. Each is what `update` and `addToEvent` make of it in the loop of
    /// `dispatch` (a touch-down of a finger already down is a move there too), in a loop of its
    /// own that keeps the frame's stamp and the frame list's room in registers: no call but a
    /// lookup's miss, no phase but `moved`, and the frame's list grown once.
    @inline(__always)
    private func moveTouchesDown(_ inputs: UnsafeBufferPointer<TouchInput>, at time: GestureTime, from start: Int) -> Int {
        let stamp = eventStamp
        var index = start
        let moved = eventTouches.append(upTo: inputs.count - start) { slots in
            var count = 0
            while index < inputs.count {
                let input = inputs[index]
                guard input.change == .move || input.change == .down, let found = touchDown(withIdentifier: input.identifier)
                else { break }
                // Unretained: `touchesDown`, which no move changes, keeps it alive.
                let fresh = found.with { touch in
                    guard touch.eventStamp != stamp else { return false }
                    touch.previousLocationInWindow = touch.locationInWindow
                    touch.locationInWindow = input.location
                    touch.timestamp = time
                    touch.phase = .moved
                    touch.eventStamp = stamp
                    return true
                }
                guard fresh else { break }
                slots[count] = found
                count &+= 1
                index &+= 1
            }
            return count
        }
        if moved > 0 { eventPhases |= Touch.Phase.moved.bit }
        return index
    }

    /// Touches that ended or were cancelled leave their recognizers once the recognizers have seen
    /// them, before reconciliation: the actions of the frame count and locate only the touches
    /// still down (docs/semantics.md AC3).
    private func dropFinishedTouchesFromRecognizers() {
        var index = 0
        while index < inPlay.count {
            inPlay.with(index) { $0.dropFinishedTouches() }
            index += 1
        }
    }

    /// Moves a touch already down to where `input` says, in this frame.
    private func update(_ touch: Touch, with input: TouchInput, at time: GestureTime) {
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = input.location
        touch.timestamp = time
        switch input.change {
        case .down, .move: touch.phase = .moved
        case .up: touch.phase = .ended
        case .cancel: touch.phase = .cancelled
        }
        if touch.phase.isTerminal {
            touch.isDown = false
            tapCounter.touchUp(at: time)
        }
        addToEvent(touch)
    }

    private func addToEvent(_ touch: Touch) {
        touch.eventStamp = eventStamp
        eventPhases |= touch.phase.bit
        eventTouches.append(touch)
    }

    /// Empties `eventTouches`; every touch's stamp then differs from the new one.
    func clearEventTouches() {
        eventTouches.removeAll()
        eventPhases = 0
        eventPhase = nil
        eventStamp &+= 1
    }

    /// The touch down with `identifier` (unique among them). Where the hints last saw that
    /// identifier is tried first: there unless it collided or a lift shifted the list since.
    /// (Trying the one past the last found missed whenever the driver's order of fingers, by
    /// slot, differed from the order they landed in: on a ten-finger pan 72 % of the inputs.)
    @inline(__always)
    private func touchDown(withIdentifier identifier: UInt32) -> Unretained<Touch>? {
        let hinted = touchHints[identifier]
        if hinted < downList.count && downList.with(hinted, { $0.identifier == identifier }) { return downList.storage[hinted] }
        return touchDownMissingHint(identifier, hinted)
    }

    /// The lookup past a wrong hint: from the hint down first, as a lift moves the touches after
    /// it one place towards the front, then up from it (the identifier is unique: any order
    /// finds the same touch).
    @inline(never)
    private func touchDownMissingHint(_ identifier: UInt32, _ hinted: Int) -> Unretained<Touch>? {
        var index = min(hinted, downList.count)
        while index > 0 {
            index -= 1
            if downList.with(index, { $0.identifier == identifier }) { return hint(identifier, at: index) }
        }
        index = hinted
        while index < downList.count {
            if downList.with(index, { $0.identifier == identifier }) { return hint(identifier, at: index) }
            index += 1
        }
        return nil
    }

    private func hint(_ identifier: UInt32, at index: Int) -> Unretained<Touch> {
        touchHints[identifier] = index
        return downList.storage[index]
    }

    private func begin(_ input: TouchInput, at time: GestureTime) -> Touch {
        let touch = pool.popLast() ?? Touch()
        let tapCount = tapCounter.touchDown(at: input.location, time: time)
        let hit = window.hitTest(input.location)
        touch.prepare(identifier: input.identifier, at: input.location, time: time, tapCount: tapCount, view: hit)
        touchHints[input.identifier] = touchesDown.count
        touchesDown.append(touch)
        downList.append(touch)
        if let hit {
            collectRecognizers(for: touch, from: hit)
        } else {
            touch.viewDelivery = .finished
        }
        return touch
    }

    private func collectRecognizers(for touch: Touch, from hit: View) {
        var current: View? = hit
        while let view = current {
            // Unretained: the view's array (copied for the walk) keeps its recognizers alive.
            view.gestureRecognizers.forEachUnretained { recognizer in
                // In play, it takes the touch unless it has finished or follows a trackpad gesture
                // (which drives it with no touches, AD-IIE: the mirror of TP3).
                guard recognizer.isEnabled,
                      !(recognizer.arbitration.isInPlay && (recognizer.currentState.isFinished || followsTrackpad(recognizer)))
                else { return }
                if let delegate = recognizer.delegate(answering: .shouldReceive), !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
                    return
                }
                if !recognizer.arbitration.isInPlay { activate(recognizer) }
                touch.gestureRecognizers.append(recognizer)
                recognizer.touchList.append(touch)
                deliveryGeneration &+= 1
            }
            current = view.superview
        }
    }

    /// Whether `recognizer` follows the trackpad gesture under way; almost always none is.
    @inline(__always)
    private func followsTrackpad(_ recognizer: GestureRecognizer) -> Bool {
        !indirectRecognizers.isEmpty && indirectRecognizers.contains { $0 === recognizer }
    }

    private func deliverToRecognizers() {
        let uniform = uniformPhase == .began ? nil : uniformPhase
        if receivingGeneration != deliveryGeneration { gatherReceiving() }
        var index = 0
        while index < receiving.count {
            // Tested again: since the list was gathered, a recognizer may have finished or lost
            // its touches (neither moves the generation), never the other way round.
            if receiving.with(index, { isReceiving($0) }) {
                receiving.with(index) { recognizer in
                    if let uniform {
                        call(uniform, on: recognizer, with: recognizer.touches)
                    } else {
                        deliverFrame(to: recognizer)
                    }
                }
            }
            index += 1
        }
    }

    /// Whether `recognizer` may get touches in this frame: not finished, and tracking a touch.
    @inline(__always)
    private func isReceiving(_ recognizer: GestureRecognizer) -> Bool {
        !recognizer.currentState.isFinished && !recognizer.touchList.isEmpty
    }

    /// Gathers `receiving` from the recognizers in play. Most in play have finished (or track no
    /// touch) for most of a sequence; a recognizer joins the receiving ones only by collecting a
    /// touch or being reset, both of which move `deliveryGeneration`, so the list gathered
    /// stays a superset of the receiving ones until it moves.
    private func gatherReceiving() {
        receiving.removeAll()
        inPlay.forEach { if isReceiving($0) { receiving.append($0) } }
        receivingGeneration = deliveryGeneration
    }

    /// Delivers the frame's phases to `recognizer`: began, moved, ended, cancelled in that order
    /// (stationary touches are not delivered), until it finishes.
    private func deliverFrame(to recognizer: GestureRecognizer) {
        // One phase (the usual frame of moves with a finger still): no walk of the phases.
        if let phase = eventPhase {
            if phase != .stationary { deliver(phase, to: recognizer) }
            return
        }
        let phases = eventPhases
        var raw: UInt8 = 0
        while raw <= Touch.Phase.cancelled.rawValue {
            let phase = Touch.Phase(rawValue: raw).unsafelyUnwrapped
            raw += 1
            guard phase != .stationary, phases & phase.bit != 0 else { continue }
            guard !recognizer.currentState.isFinished else { break }
            deliver(phase, to: recognizer)
        }
    }

    /// Calls the recognizer's hook for `phase` with its touches in that phase, if any.
    private func deliver(_ phase: Touch.Phase, to recognizer: GestureRecognizer) {
        // Fast path: every touch the recognizer tracks is in this phase (one finger moving), so
        // its own list is the batch. Not for began, when recognizers may ignore touches and so
        // mutate that list during the call.
        // The touch list is walked unretained (its touches are alive while they are down or held).
        let touches = recognizer.touchList
        var matching = 0
        touches.forEachTouch { if $0.phase == phase { matching += 1 } }
        guard matching > 0 else { return }
        if matching == touches.count && phase != .began {
            call(phase, on: recognizer, with: touches.batch)
            return
        }
        batch.removeAll()
        touches.forEachTouch { if $0.phase == phase { batch.append($0) } }
        call(phase, on: recognizer, with: batch.batch)
    }

    private func call(_ phase: Touch.Phase, on recognizer: GestureRecognizer, with touches: TouchBatch) {
        switch phase {
        case .began: recognizer.touchesBegan(touches)
        case .moved: recognizer.touchesMoved(touches)
        case .ended: recognizer.touchesEnded(touches)
        case .cancelled: recognizer.touchesCancelled(touches)
        case .stationary: break
        }
    }

    /// Steps 4 to 7 (without the reset): reconcile, send actions, deliver to views.
    @inline(__always)
    private func settle() {
        // Another round follows only when an action changed a state (disabling a recognizer, say):
        // at most once per recognizer's end of attempt. More is a loop, stopped loudly.
        // Most frames mark nothing for either: then there is no round to run.
        if reconcileRequested || actionsRequested || heldRepeatedChange != nil {
            let bound = 2 * inPlay.count + 2
            var rounds = 0
            repeat {
                rounds += 1
                if rounds > bound { unsettled("settle()", rounds: bound) }
                reconcile()
                sendPendingActions()
            } while needsAnotherRound()
        }
        deliverToViews()
    }

    private func needsAnotherRound() -> Bool {
        reconcileRequested
    }

    @inline(__always)
    private func finishEvent() {
        if eventPhases & (Touch.Phase.ended.bit | Touch.Phase.cancelled.bit) != 0 {
            var index = 0
            while index < eventTouches.count {
                // Held or pooled before it leaves `touchesDown`: the reference there keeps it alive
                // past its removal, and this one need not be retained.
                eventTouches.with(index) { touch in
                    guard touch.phase.isTerminal else { return }
                    if touch.viewDelivery != .finished { touchesHeld.append(touch) } else { recycle(touch) }
                    var position = 0
                    while position < downList.count && !downList.storage[position].refers(to: touch) { position += 1 }
                    if position < downList.count {
                        touchesDown.remove(at: position)
                        downList.remove(at: position)
                    }
                }
                index += 1
            }
        }
        // Held touches finish only in a walk over them (`deliverToViews`).
        if heldTouchesWalked {
            releaseFinishedHeldTouches()
            heldTouchesWalked = false
        }
        if touchesDown.isEmpty && indirectRecognizers.isEmpty { resetSettledRecognizers() }
    }

    private func releaseFinishedHeldTouches() {
        var index = touchesHeld.count
        while index > 0 {
            index -= 1
            let touch = touchesHeld[index]
            if touch.viewDelivery == .finished {
                touchesHeld.remove(at: index)
                recycle(touch)
            }
        }
    }

    private func recycle(_ touch: Touch) {
        touch.recycle()
        pool.append(touch)
    }

    // MARK: Indirect gestures

    /// Runs one phase of a trackpad gesture (UIKit's transform or scroll event) through the
    /// recognizers that take it: on `began`, those of the view under the pointer and its
    /// ancestors that accept the kind and are not busy with touches; then every phase to them,
    /// followed by the same reconciliation, actions and resets as a frame (docs/semantics.md
    /// "Trackpad gestures").
    public func send(_ gesture: IndirectGesture) {
        precondition(!isDispatching, "TouchDispatcher.send called re-entrantly (from an action or a view hook)")
        // A phase of another kind than the gesture under way continues nothing it began.
        if gesture.phase != .began, let current = indirectGesture, current.kind != gesture.kind { return }
        if gesture.phase == .began, !indirectRecognizers.isEmpty, var unfinished = indirectGesture {
            // A gesture that begins before the last one ended (a trace that lost its end): the
            // last one is cancelled first, so its recognizers reach a terminal state (W10-121)
            // and the new gesture finds them reset, as a new touch sequence would.
            unfinished.phase = .cancelled
            unfinished.timestamp = max(unfinished.timestamp, gesture.timestamp)
            send(unfinished)
        }
        isDispatching = true
        defer { isDispatching = false }
        touchesDown.forEachUnretained { $0.phase = .stationary }
        clearEventTouches()
        uniformPhase = nil
        if gesture.phase == .began {
            indirectRecognizers.removeAll(keepingCapacity: true)
            if let hit = window.hitTest(gesture.location) { collectRecognizers(for: gesture.kind, from: hit) }
        }
        indirectRecognizers.forEachUnretained { recognizer in
            guard recognizer.arbitration.isInPlay, !recognizer.currentState.isFinished else { return }
            recognizer.deliver(gesture)
        }
        let over = gesture.phase == .ended || gesture.phase == .cancelled
        indirectGesture = over ? nil : gesture
        if over { indirectRecognizers.removeAll(keepingCapacity: true) }
        settle()
        releaseFinishedHeldTouches()
        if touchesDown.isEmpty && indirectRecognizers.isEmpty { resetSettledRecognizers() }
    }

    private func collectRecognizers(for kind: IndirectGesture.Kind, from hit: View) {
        var current: View? = hit
        while let view = current {
            view.gestureRecognizers.forEachUnretained { recognizer in
                // A recognizer already in play follows its touches, not the trackpad.
                guard recognizer.isEnabled, !recognizer.arbitration.isInPlay, recognizer.accepts(kind) else { return }
                activate(recognizer)
                indirectRecognizers.append(recognizer)
            }
            current = view.superview
        }
    }

    // MARK: Recognizer lifecycle

    private func activate(_ recognizer: GestureRecognizer) {
        recognizer.arbitrate(.activate)
        recognizer.dispatcher = self
        playCounter &+= 1
        recognizer.playOrder = playCounter
        // Each delegate is a weak reference: load it once per recognizer, not once per question.
        let delegate = recognizer.delegate(answering: .failureRequirements)
        recognizer.asksAboutFailureRequirements = delegate != nil || !recognizer.isEngineRecognizer
        // Requirements set with `require(toFail:)`, both ways, with the recognizers already in play:
        // found through the recognizer's own lists, so a long chain costs its length.
        for requirement in recognizer.failureRequirements where requirement.arbitration.isInPlay && requirement.dispatcher === self {
            link(recognizer, requiresFailureOf: requirement)
        }
        for dependent in recognizer.requiredBy {
            dependent.recognizer.with { dependent in
                if dependent.arbitration.isInPlay && dependent.dispatcher === self { link(dependent, requiresFailureOf: recognizer) }
            }
        }
        // The class-wide and delegate questions, for every pair in which one side may answer yes
        // (the engine's own classes without a delegate never do), in collection order. Closure
        // literals, not a closure kept in a local: a stored closure is escaping, so its context
        // (capturing the recognizer and its delegate) was allocated on the heap at every activation.
        if recognizer.asksAboutFailureRequirements {
            inPlay.forEach { other in askFailureQuestions(recognizer, delegate, and: other) }
            askersInPlay.append(Unretained(recognizer))
        } else {
            for asker in askersInPlay {
                asker.with { other in askFailureQuestions(recognizer, delegate, and: other) }
            }
        }
        _ = Unmanaged.passRetained(recognizer)
        inPlay.append(recognizer)
        receivingGeneration = 0
        if isSettled(recognizer) { noteSettling(recognizer) }
        if recognizer.pendingWork.reconcile {
            reconcileRequested = true
            reconcileMarks &+= 1
        }
    }

    /// Asks, both ways, whether `recognizer` (joining) and `other` (in play) require each other to
    /// fail in this attempt, and links the pairs that do.
    private func askFailureQuestions(
        _ recognizer: GestureRecognizer, _ delegate: (any GestureRecognizerDelegate)?, and other: GestureRecognizer
    ) {
        let otherDelegate = other.delegate(answering: .failureRequirements)
        if asksToRequire(recognizer, delegate, failureOf: other, otherDelegate), !recognizer.requiresFailure(of: other) {
            recognizer.attemptRequirements.append(other)
            link(recognizer, requiresFailureOf: other)
        }
        if asksToRequire(other, otherDelegate, failureOf: recognizer, delegate), !other.requiresFailure(of: recognizer) {
            other.attemptRequirements.append(recognizer)
            link(other, requiresFailureOf: recognizer)
        }
    }

    /// Records, on both sides, that `dependent` waits for `requirement` to fail in this sequence;
    /// each side's list stays in collection order.
    func link(_ dependent: GestureRecognizer, requiresFailureOf requirement: GestureRecognizer) {
        Self.insert(requirement, into: &dependent.requirementsInPlay)
        Self.insert(dependent, into: &requirement.dependentsInPlay)
        linksInPlay += 1
    }

    private static func insert(_ recognizer: GestureRecognizer, into list: inout [Unretained<GestureRecognizer>]) {
        let order = recognizer.playOrder
        var index = list.endIndex
        while index > list.startIndex, list[index - 1].with({ $0.playOrder > order }) { index -= 1 }
        // Nearly always at the end (the recognizer joining play is the latest): `insert(_:at:)`
        // is a generic `replaceSubrange` call of about seventy instructions, `append` a few.
        if index == list.endIndex {
            list.append(Unretained(recognizer))
        } else {
            list.insert(Unretained(recognizer), at: index)
        }
    }

    /// Takes a recognizer leaving play out of its partners' lists.
    private func unlink(_ recognizer: GestureRecognizer) {
        linksInPlay -= recognizer.dependentsInPlay.count + recognizer.requirementsInPlay.count
        for dependent in recognizer.dependentsInPlay {
            dependent.with { $0.requirementsInPlay.removeAll { $0.refers(to: recognizer) } }
        }
        for requirement in recognizer.requirementsInPlay {
            requirement.with { $0.dependentsInPlay.removeAll { $0.refers(to: recognizer) } }
        }
        // Most recognizers have no partners, the others one or two.
        recognizer.dependentsInPlay.removeAllFromEnd()
        recognizer.requirementsInPlay.removeAllFromEnd()
        if recognizer.asksAboutFailureRequirements {
            askersInPlay.removeAll { $0.refers(to: recognizer) }
        }
    }

    private func asksToRequire(
        _ recognizer: GestureRecognizer, _ delegate: (any GestureRecognizerDelegate)?,
        failureOf other: GestureRecognizer, _ otherDelegate: (any GestureRecognizerDelegate)?
    ) -> Bool {
        recognizer.shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: recognizer)
            || delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
            || otherDelegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    /// Resets, together, every finished recognizer whose failure-requirement partners are finished
    /// too (W10-121: a single tap that recognized early waits for its double tap). One pass in
    /// collection order: each reset recognizer leaves its partners' lists at once (later ones then
    /// no longer see it), and the lists in play are compacted at the end.
    ///
    /// Only a recognizer that finished or was let through since the last pass, or a failure
    /// partner of one, can have become ready (the others were looked at then, and what kept them
    /// has not moved): the pass looks at those alone, put in collection order, so a timer that
    /// fails one of n recognizers costs what it changed, not n.
    private func resetSettledRecognizers() {
        guard !settledSinceReset.isEmpty else { return }
        let noted = settledSinceReset.count
        var index = 0
        while index < noted {
            let entry = settledSinceReset[index]
            entry.with { recognizer in
                // Most recognizers have no partners: no walk (each retains and releases its list).
                if !recognizer.requirementsInPlay.isEmpty {
                    for partner in recognizer.requirementsInPlay { partner.with { noteSettling($0) } }
                }
                if !recognizer.dependentsInPlay.isEmpty {
                    for partner in recognizer.dependentsInPlay { partner.with { noteSettling($0) } }
                }
            }
            index += 1
        }
        sortByPlayOrder(&settledSinceReset)
        // The recognizers reset are kept at the front of the list, in collection order.
        var resetCount = 0
        index = 0
        while index < settledSinceReset.count {
            let entry = settledSinceReset[index]
            let reset = entry.with { recognizer -> Bool in
                recognizer.pendingWork.resetCheck = false
                guard recognizer.arbitration.isInPlay, isSettled(recognizer), partnersSettled(recognizer) else { return false }
                recognizer.apply(.reset)
                recognizer.reset()
                recognizer.leavePlay()
                recognizer.dispatcher = nil
                unlink(recognizer)
                return true
            }
            if reset {
                settledSinceReset[resetCount] = entry
                resetCount += 1
            }
            index += 1
        }
        resetPassVisits &+= settledSinceReset.count
        guard resetCount > 0 else { return settledSinceReset.removeAll(keepingCapacity: true) }
        while settledSinceReset.count > resetCount { settledSinceReset.removeLast() }
        removeResetFromPlay()
        settledSinceReset.removeAll(keepingCapacity: true)
        receivingGeneration = 0
        if !recognizing.isEmpty {
            if inPlay.isEmpty {
                recognizing.removeAll(keepingCapacity: true)
            } else {
                recognizing.removeAll { !$0.recognizer.arbitration.isInPlay }
            }
            countUnfixedRecognizing()
        }
        for touch in touchesHeld {
            // A holder that may have left the list is never read again (the stamp moved); one
            // that leaves it here, reset, is forgotten before it can be freed.
            if let holder = touch.endHolder, touch.endHolderStamp == heldFlagsStamp, !holder.with({ $0.arbitration.isInPlay }) {
                touch.endHolder = nil
            }
            // Lists hold only recognizers in play after each pass, so when the ones reset lead the
            // list (timers fail them in the order they joined), they are all of its reset ones.
            let leading = touch.gestureRecognizers.leadingCountUnretained { !$0.arbitration.isInPlay }
            if leading == resetCount {
                touch.gestureRecognizers.removeFirst(leading)
            } else {
                touch.gestureRecognizers.removeAll { !$0.arbitration.isInPlay }
            }
        }
    }

    /// `recognizer` finished or was let through (or is a failure partner of one, during the reset
    /// pass): the next reset pass looks at it, once.
    @inline(__always)
    func noteSettling(_ recognizer: GestureRecognizer) {
        guard !recognizer.pendingWork.resetCheck else { return }
        recognizer.pendingWork.resetCheck = true
        settledSinceReset.append(Unretained(recognizer))
    }

    /// Collection order is the order recognizers joined play. Insertion for the few of an
    /// ordinary sequence's end (noted nearly in that order already), the library's sort past them.
    private func sortByPlayOrder(_ list: inout [Unretained<GestureRecognizer>]) {
        if list.count > 16 {
            list.sort { left, right in left.with { $0.playOrder } < right.with { $0.playOrder } }
            return
        }
        var index = 1
        while index < list.count {
            let entry = list[index]
            let order = entry.with { $0.playOrder }
            var slot = index
            while slot > 0, list[slot - 1].with({ $0.playOrder > order }) {
                list[slot] = list[slot - 1]
                slot -= 1
            }
            if slot != index { list[slot] = entry }
            index += 1
        }
    }

    /// Takes the recognizers just reset (`settledSinceReset`, in collection order) out of
    /// `inPlay` and releases them. Those at its front leave in one step (most often all: timers
    /// firing at one instant fail recognizers in the order they joined); the list is closed up
    /// from the first of the others, found by its play order (the list is in that order).
    private func removeResetFromPlay() {
        var first = 0
        if indexInPlay(of: settledSinceReset[0].with { $0.playOrder }) == 0 {
            while first < settledSinceReset.count && first < inPlay.count
                && inPlay.with(first, { !$0.arbitration.isInPlay }) {
                first += 1
            }
            inPlay.removeFirst(first)
            resetPassVisits &+= first
        }
        if first < settledSinceReset.count {
            var index = indexInPlay(of: settledSinceReset[first].with { $0.playOrder })
            var kept = index
            while index < inPlay.count {
                if inPlay.with(index, { $0.arbitration.isInPlay }) {
                    if kept != index { inPlay.set(kept, inPlay[index]) }
                    kept += 1
                }
                index += 1
            }
            resetPassVisits &+= inPlay.count - kept
            inPlay.truncate(to: kept)
        }
        // Released last, as the list no longer names them: a recognizer its scene dropped mid-sequence goes now.
        for entry in settledSinceReset { entry.reference.release() }
    }

    /// The index in `inPlay` of the recognizer that joined with `order`, or where it would be.
    private func indexInPlay(of order: UInt64) -> Int {
        var low = 0
        var high = inPlay.count
        while low < high {
            let middle = (low + high) / 2
            if inPlay.with(middle, { $0.playOrder }) < order { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func isSettled(_ recognizer: GestureRecognizer) -> Bool {
        let state = recognizer.currentState
        return state == .failed || state == .cancelled || (state == .ended && recognizer.arbitration.isReleased)
    }

    private func partnersSettled(_ recognizer: GestureRecognizer) -> Bool {
        // Without partners (most recognizers), no walk: each walk retains and releases its list.
        if recognizer.requirementsInPlay.isEmpty && recognizer.dependentsInPlay.isEmpty { return true }
        for partner in recognizer.requirementsInPlay where !partner.with(isSettled) { return false }
        for partner in recognizer.dependentsInPlay where !partner.with(isSettled) { return false }
        return true
    }

    // MARK: Calls from recognizers

    /// A recognizer's state, release, flags or touches changed: every view delivery may change.
    @inline(__always)
    func deliveryDecisionsChanged() {
        deliveryGeneration &+= 1
        decisionGeneration &+= 1
    }

    /// A recognizer in play had a delivery flag set or left a touch's list (`ignore`, a
    /// cancelled event): what a held lift's holder vouched for may no longer hold
    /// (`Touch.endHolder`), nor may the holder still be alive.
    func deliveryFlagsChanged() {
        heldFlagsStamp &+= 1
        deliveryDecisionsChanged()
    }

    func recognizerChangedState(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State, to new: GestureRecognizer.State) {
        // `changed -> changed` (every move of a gesture under way) leaves what view delivery reads
        // as it was; every other change may alter it.
        if old != new { deliveryDecisionsChanged() }
        if new.isFinished { noteSettling(recognizer) }
        if recognizer.pendingWork.reconcile {
            reconcileRequested = true
            reconcileMarks &+= 1
        }
        guard let reporter else { return }
        reporter.with { slot in
            if old == .changed && new == .changed && !slot.observesRepeatedChanges { return }
            slot.observer.observeStateChange(recognizer, from: old, to: new, at: now)
        }
    }

    /// `changed -> changed`, which `apply` leaves unmarked: marked as any change is, or, while
    /// the frame is delivered to recognizers and no other is held, held in `heldRepeatedChange`
    /// for the next reconcile pass (`settleHeldChange`).
    func recognizerRepeatedChange(_ recognizer: GestureRecognizer) {
        if holdsRepeatedChanges && heldRepeatedChange == nil {
            heldRepeatedChange = Unretained(recognizer)
        } else {
            recognizer.pendingWork.reconcile = true
            reconcileRequested = true
            reconcileMarks &+= 1
        }
        guard let reporter else { return }
        reporter.with { slot in
            if slot.observesRepeatedChanges { slot.observer.observeStateChange(recognizer, from: .changed, to: .changed, at: now) }
        }
    }

    func recognizerWillSendAction(_ recognizer: GestureRecognizer, presenting state: GestureRecognizer.State) {
        guard let reporter else { return }
        reporter.with { $0.observer.observeAction(recognizer, presenting: state, values: recognizer.actionValues, at: now) }
    }

    func recognizerHandledTimer(_ recognizer: GestureRecognizer) {
        runOutsideFrame()
    }

    /// `recognizer` was disabled (R4) or detached from its view (R9) mid-sequence: it leaves the
    /// attempt as UIKit's gesture environment takes it out (`_cancelGestureRecognizers:`, which
    /// both paths call). Being finished, it receives no more of the sequence; the settling that
    /// follows sends its `cancelled` action, releases what it held from the view and wakes its
    /// dependents.
    func recognizerWasWithdrawn(_ recognizer: GestureRecognizer) {
        guard recognizer.arbitration.isInPlay else { return }
        // Its own hooks run first: nothing they do may settle the dispatcher halfway through.
        let betweenFrames = !isDispatching
        isDispatching = true
        withdraw(recognizer)
        guard betweenFrames else { return }
        isDispatching = false
        runOutsideFrame()
    }

    /// UIKit's `_cancelGestureRecognizers:` for one recognizer (DC-GR): one still deciding or
    /// recognizing is first sent a cancelled event, its `touchesCancelled` called with the touches
    /// it holds that are still down, and then loses them; if its own handling left it possible it
    /// fails, if it left it beginning or changing it is cancelled. One already finished is left
    /// alone, but for one that recognized while its action waits for a failure requirement: it
    /// fails (docs/semantics.md R9).
    private func withdraw(_ recognizer: GestureRecognizer) {
        let before = recognizer.currentState
        if !before.isFinished { sendCancelledEvent(to: recognizer) }
        switch recognizer.currentState {
        case .possible: recognizer.apply(.fail)
        case .began, .changed: recognizer.apply(.cancel)
        case .ended where before == .ended && !recognizer.arbitration.isReleased: recognizer.apply(.fail)
        case .ended, .cancelled, .failed: break
        }
    }

    /// UIEvent's `_removeGestureRecognizersSendingCancelledEvent:`: `recognizer`'s touches still
    /// down read `cancelled` while its `touchesCancelled` sees them (their phases are put back
    /// after, as they go on for the other recognizers and the view), and it stops tracking every
    /// touch it had. A recognizer following a trackpad gesture gets the gesture's `cancelled`
    /// phase instead. One tracking nothing (a double tap between its taps) is sent nothing.
    private func sendCancelledEvent(to recognizer: GestureRecognizer) {
        if recognizer.touchList.isEmpty {
            if var gesture = indirectGesture, followsTrackpad(recognizer) {
                gesture.phase = .cancelled
                gesture.timestamp = max(gesture.timestamp, now)
                recognizer.deliver(gesture)
            }
            return
        }
        // Its own list and phases: the hook may run inside another recognizer's, whose batch
        // is the dispatcher's `batch` or that recognizer's list.
        let cancelled = TouchList(capacity: recognizer.touchList.count)
        recognizer.touchList.forEachTouch { if !$0.phase.isTerminal { cancelled.append($0) } }
        if !cancelled.isEmpty {
            var phases: [Touch.Phase] = []
            phases.reserveCapacity(cancelled.count)
            cancelled.forEachTouch { touch in
                phases.append(touch.phase)
                touch.phase = .cancelled
            }
            recognizer.touchesCancelled(cancelled.batch)
            var index = 0
            cancelled.forEachTouch { touch in
                touch.phase = phases[index]
                index += 1
            }
        }
        recognizer.releaseAllTouches()
        deliveryFlagsChanged()
    }

    /// `root`, with its subviews, has left the window (removed from its superview, or moved under
    /// a view outside the window) while touches or recognizers may be in play (docs/semantics.md
    /// V7). UIKit cancels the touches of a view removed from its window (AD UIResponder
    /// `touchesCancelled`) and the in-play recognizers of the views that left are taken out as a
    /// disabled one is (`_cancelGestureRecognizers:`, DC-GR). Recognizers on views still in the
    /// window keep the touches (a scroll view's pan goes on when the row under the finger goes).
    ///
    /// Out of line, and called only from `View`'s tree edits: no frame pays for it.
    func viewLeftWindow(_ root: View) {
        guard !touchesDown.isEmpty || !touchesHeld.isEmpty || !inPlay.isEmpty else { return }
        let betweenFrames = !isDispatching
        // Even with none of its touches left to settle here: one whose end is on its way to it
        // in this frame's delivery is finished already.
        if !betweenFrames { viewsLeftWindowInFrame = true }
        isDispatching = true
        // The views' touches first, so that nothing a leaving recognizer held back reaches them:
        // one never shown to its view is dropped; one it has seen is cancelled there now. One
        // that began in the frame being dispatched is settled by that frame's view delivery (if
        // the view leaves from a view's hook, that delivery may have shown it already): dropped
        // if the view has not been shown it yet, cancelled at the end of that delivery if it has.
        var cancelled: [Touch] = []
        var left = false
        for touch in touchesHeld + touchesDown where touch.viewDelivery != .finished {
            guard let view = touch.view, view.isDescendant(of: root) else { continue }
            left = true
            switch touch.viewDelivery {
            case .heldBegan: touch.viewDelivery = .finished
            case .live where !betweenFrames && touch.eventStamp == eventStamp && touch.phase == .began:
                touch.viewDelivery = .leftWindow
            case .live, .heldEnded: cancelled.append(touch)
            case .leftWindow, .finished: break
            }
        }
        if left { deliveryDecisionsChanged() }
        if !cancelled.isEmpty { cancelInLeftViews(cancelled) }
        let leaving = recognizersInPlay.filter { $0.view?.isDescendant(of: root) == true }
        for recognizer in leaving where recognizer.arbitration.isInPlay { withdraw(recognizer) }
        guard betweenFrames else { return }
        isDispatching = false
        runOutsideFrame()
    }

    /// A timer fired or a recognizer was withdrawn between frames: settle and reset.
    private func runOutsideFrame() {
        guard !isDispatching else { return }
        isDispatching = true
        defer { isDispatching = false }
        clearEventTouches()
        settle()
        releaseFinishedHeldTouches()
        if touchesDown.isEmpty && indirectRecognizers.isEmpty { resetSettledRecognizers() }
    }
}

/// An entry of `TouchDispatcher.recognizing`.
struct RecognizingEntry {
    let recognizer: GestureRecognizer
    let stamp: UInt64
}

/// The dispatcher's observer behind a `let`: reached through an unretained slot, the call needs
/// no reference counting (a `let` of a live object is borrowed, not copied).
final class ObserverSlot {
    let observer: any GestureObserver
    /// The observer's `observesRepeatedChanges`, read once: a test per state change, not a call.
    let observesRepeatedChanges: Bool

    init(_ observer: any GestureObserver) {
        self.observer = observer
        observesRepeatedChanges = observer.observesRepeatedChanges
    }
}

/// Where each touch down is in `touchesDown`, kept by the low bits of its identifier: a guess that
/// the lookup checks (in the list's bounds, the same identifier there) before it uses it, so a
/// stale or shared entry costs the scan it otherwise saves, never a wrong touch.
///
/// Sound because: `storage` holds `count` initialized words, is never copied past the dispatcher
/// that owns it (one stored `let`), and is freed once, in that dispatcher's `deinit`.
struct TouchIndexHints {
    /// A power of two: identifiers are a driver's counters or slots, so consecutive ones (up to
    /// this many fingers down at once) never share an entry.
    private static let count = 256
    private let storage: UnsafeMutablePointer<UInt32>

    init() {
        storage = .allocate(capacity: Self.count)
        storage.initialize(repeating: 0, count: Self.count)
    }

    func deallocate() {
        storage.deallocate()
    }

    subscript(identifier: UInt32) -> Int {
        @inline(__always) get { Int(storage[Int(identifier & UInt32(Self.count - 1))]) }
        @inline(__always) nonmutating set { storage[Int(identifier & UInt32(Self.count - 1))] = UInt32(truncatingIfNeeded: newValue) }
    }
}
