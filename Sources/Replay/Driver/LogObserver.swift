import GestureEngine

/// Turns what the engine reports into canonical log lines (`docs/replay-log.md`) and feeds the
/// latency tracker, without building intermediate values: one observation, one line, written
/// straight into the log buffer.
///
/// Left out, because they carry no information a reader needs: the automatic reset to `possible`
/// at the end of a sequence, `changed -> changed` (the action line that follows shows the new
/// values), and `stationary` touches.
final class LogObserver: GestureObserver {
    let writer: LogWriter
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var latency = LatencyTracker()
    /// Whether `latency` is fed (`ReplayDriver.init(scene:devices:format:also:collectsLatencies:)`):
    /// a replay nobody reads latencies from leaves it empty, so its memory does not grow with the session.
    private let collectsLatencies: Bool
    /// What the state lines say after their time (`LogWriter.state(time:of:from:to:spellings:)`).
    private let stateSpellings = StateLineSpellings()

    init(format: LogFormat, collectsLatencies: Bool) {
        writer = LogWriter(format: format)
        self.collectsLatencies = collectsLatencies
    }

    func observe(_ observation: Observation, at time: GestureTime) {
        switch observation {
        case .stateChanged(let recognizer, let from, let to):
            observeStateChange(recognizer, from: from, to: to, at: time)
        case .action(let recognizer, let state, let values):
            observeAction(recognizer, presenting: state, values: values, at: time)
        case .viewReceived(let view, let phase, let touches):
            observeView(view, received: phase, touches: touches, at: time)
        }
    }

    /// `changed -> changed` is left out of the log: the dispatcher need not report it.
    var observesRepeatedChanges: Bool { false }

    /// A state change, reported to the log directly by the dispatcher (see `observeView`).
    func observeStateChange(_ recognizer: GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State, at time: GestureTime) {
        if to == .possible || (from == .changed && to == .changed) { return }
        let toName = RecognizerStateName(to, kind: recognizer.kind)
        writer.state(
            time: time, of: recognizer, from: RecognizerStateName(from, kind: recognizer.kind), to: toName, spellings: stateSpellings)
        if collectsLatencies { latency.recognizer(recognizer.name, changedTo: toName, at: time) }
    }

    /// An action, reported to the log directly by the dispatcher (see `observeView`).
    func observeAction(_ recognizer: GestureRecognizer, presenting state: GestureRecognizer.State, values: ActionValues, at time: GestureTime) {
        writer.action(time: time, recognizer: recognizer.name, state: RecognizerStateName(state, kind: recognizer.kind), values: values)
        if collectsLatencies { latency.actionSent(by: recognizer.name, at: time) }
    }

    /// A view delivery (every frame of a replay), reported to the log directly by the dispatcher:
    /// no `Observation` built and passed through `observe` per frame.
    func observeView(_ view: View, received phase: Touch.Phase, touches: TouchBatch, at time: GestureTime) {
        guard let phase = ViewTouchPhase(phase) else { return }
        var line = writer.beginTouches(time: time, view: view.name, phase: phase, count: touches.count)
        // A local function, unlike a closure, can be forced inline: the walk (`forEach` is
        // inlinable) then writes each touch in its own loop instead of calling a closure per
        // touch. It captures the line through a pointer: a captured `var` would be checked for
        // exclusive access at run time (`swift_beginAccess`, about 76 instructions a line),
        // and that check takes its address, which keeps the cursor out of a register.
        // One walk per format: the text one (every replay's) tests neither the format nor the
        // room per touch, as the walk adds exactly the batch's count the line was begun with.
        withUnsafeMutablePointer(to: &line) { line in
            @inline(__always)
            func write(_ touch: Touch) {
                // A touch delivered late (delaysTouchesBegan, delaysTouchesEnded) keeps its own time.
                let own = touch.timestamp == time ? nil : touch.timestamp
                line.pointee.add(touch.identifier, x: touch.locationInWindow.x, y: touch.locationInWindow.y, timestamp: own)
            }
            @inline(__always)
            func writeText(_ touch: Touch) {
                let own = touch.timestamp == time ? nil : touch.timestamp
                line.pointee.addText(touch.identifier, x: touch.locationInWindow.x, y: touch.locationInWindow.y, timestamp: own)
            }
            if writer.format == .text { touches.forEach(writeText) } else { touches.forEach(write) }
        }
        writer.endTouches(line)
    }
}
