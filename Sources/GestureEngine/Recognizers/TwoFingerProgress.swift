/// The progress pinch and rotation share: they differ in what they measure between the two
/// fingers (distance, angle) and in nothing else about when they begin, change and end.
///
/// ```
///              move: the measure has passed its threshold (began)
///   tracking ──────────────────────────────────────────────► transforming ◄──┐ move (changed)
///      │ the last finger lifts, the trackpad                    │  │  └──────┘
///      │ gesture ends; cancel                                   │  │ a lift that leaves
///      ▼                                                        │  │ a finger down: nothing
///    done (failed)       the last finger lifts, the trackpad    │  └──┘
///                        gesture ends (ended); cancel (cancelled) ──► done
/// ```
/// A finger landing re-bases the measure in the recognizer and moves no phase.
struct TwoFingerProgress {
    enum Phase: Equatable {
        case tracking, transforming, done
    }

    /// What the fingers, or the trackpad gesture, tell the state machine.
    enum Event {
        /// The fingers or the trackpad moved; `pastThreshold` when the measure has changed enough
        /// to begin.
        case move(pastThreshold: Bool)
        /// Fingers lifted, leaving `remaining` down (0 when a trackpad gesture ends).
        case lift(remaining: Int)
        case cancel
    }

    private(set) var phase = Phase.tracking

    /// The one place `phase` moves: returns the state the recognizer takes, if it changes.
    @inline(__always)
    mutating func transition(_ event: Event) -> GestureRecognizer.State? {
        switch (phase, event) {
        case (.done, _):
            return nil
        case (.tracking, .move(let pastThreshold)):
            guard pastThreshold else { return nil }
            phase = .transforming
            return .began
        case (.transforming, .move):
            return .changed
        case (.tracking, .lift(let remaining)):
            return remaining == 0 ? finish(.failed) : nil
        case (.transforming, .lift(let remaining)):
            return remaining == 0 ? finish(.ended) : nil
        case (.tracking, .cancel):
            return finish(.failed)
        case (.transforming, .cancel):
            return finish(.cancelled)
        }
    }

    private mutating func finish(_ final: GestureRecognizer.State) -> GestureRecognizer.State {
        phase = .done
        return final
    }

    mutating func reset() {
        phase = .tracking
    }
}

extension GestureRecognizer {
    /// Moves `progress` by `event`, and with it `state`.
    @inline(__always)
    func transition(_ progress: inout TwoFingerProgress, _ event: TwoFingerProgress.Event) {
        if let next = progress.transition(event) { state = next }
    }

    /// Follows a trackpad transform gesture (UIKit's transform event) with `progress`: `began`
    /// takes the gesture's starting values; `changed` measures it the recognizer's way and returns
    /// whether the measure has passed its threshold, or nil to ignore the update; the gesture's end
    /// is the last finger lifting and its cancel a cancel.
    func follow(
        _ gesture: IndirectGesture, _ progress: inout TwoFingerProgress, began: () -> Void, changed: () -> Bool?
    ) {
        switch gesture.phase {
        case .began:
            began()
        case .changed:
            if let pastThreshold = changed() { transition(&progress, .move(pastThreshold: pastThreshold)) }
        case .ended:
            transition(&progress, .lift(remaining: 0))
        case .cancelled:
            transition(&progress, .cancel)
        }
    }
}
