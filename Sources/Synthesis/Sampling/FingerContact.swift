import TouchTrace

/// One finger of a gesture as the panel sees it, as a small state machine:
///
/// ```
///   waiting ──land──► touching ──lift───► lifted
///      │               │    ▲   ──cancel─►   ▲
///      │               └move┘                │
///      └──────────────abandon────────────────┘
/// ```
///
/// `step(at:following:)` is its one transition function: at each scan it says what the finger does,
/// given where its track is. The sampler then applies that step with `land`, `move` or `lift`.
struct FingerContact {
    enum State: Equatable {
        case waiting
        case touching(slot: UInt16, touch: TouchID)
        case lifted
    }

    /// What a finger does at one scan.
    enum Step: Equatable {
        /// Not down yet; it lands at `down` seconds.
        case wait(down: Double)
        case land
        case move
        case lift
        /// The system took the touch away: it ends without a lift.
        case cancel
        /// The system cancelled the gesture before this finger landed: it never will.
        case abandon
        /// Already lifted: nothing more to report.
        case done
    }

    private(set) var state = State.waiting
    /// The last sample reported, repeated by the `up`.
    private(set) var last = TouchSample(time: 0, phase: .down, touch: 0, x: 0, y: 0)

    /// The step a scan `elapsed` seconds into the gesture makes for a finger following `track`;
    /// `cancelling` when the system takes every touch away at this scan.
    func step(at elapsed: Double, following track: FingerTrack, cancelling: Bool = false) -> Step {
        switch state {
        case .waiting where cancelling: .abandon
        case .waiting: track.down <= elapsed ? .land : .wait(down: track.down)
        case .touching where cancelling: .cancel
        case .touching: track.up <= elapsed ? .lift : .move
        case .lifted: .done
        }
    }

    /// waiting → touching: the finger takes `slot` and starts sequence `touch`.
    mutating func land(slot: UInt16, touch: TouchID) {
        guard case .waiting = state else { preconditionFailure("a finger lands only once: \(state)") }
        state = .touching(slot: slot, touch: touch)
    }

    /// Records what the panel reported for a touching finger.
    mutating func report(_ sample: TouchSample) {
        guard case .touching = state else { preconditionFailure("only a touching finger reports: \(state)") }
        last = sample
    }

    /// touching → lifted: the `up` sample, at the last reported position, at `time`.
    mutating func lift(at time: Microseconds) -> TouchSample {
        guard case .touching = state else { preconditionFailure("only a touching finger lifts: \(state)") }
        state = .lifted
        var sample = last
        sample.time = time
        sample.phase = .up
        return sample
    }

    /// touching → lifted by the system: the `cancel` sample, at the last reported position.
    mutating func cancel(at time: Microseconds) -> TouchSample {
        var sample = lift(at: time)
        sample.phase = .cancel
        return sample
    }

    /// waiting → lifted: the finger never lands.
    mutating func abandon() {
        guard case .waiting = state else { preconditionFailure("only a waiting finger is abandoned: \(state)") }
        state = .lifted
    }

    /// The slot and sequence of a touching finger.
    var identity: (slot: UInt16, touch: TouchID) {
        guard case .touching(let slot, let touch) = state else { preconditionFailure("not touching: \(state)") }
        return (slot, touch)
    }
}
