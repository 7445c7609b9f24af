/// Where a recognizer stands in its dispatcher's arbitration for the current sequence: whether it
/// takes part, whether its actions may go out, and whether one has (docs/semantics.md,
/// "Arbitration").
///
/// ```
///               activate                 release (no requirement still possible, no winner prevents it)
///   outOfPlay ───────────► held ──────────────────────────────────────────────► released
///       ▲                   │  release, continuous and already past `began`            │ send
///       │                   │ ──────────────────────────────► releasedPresentingBegan │
///       │                   │                                                  │ send   ▼
///       │                   │                                                  └────► sent
///       │                   │                                                          │
///       └──── leavePlay ────┴──────────────────────────────────────────────────────────┘
///                (from any phase in play: the sequence's reset, or the dispatcher going away)
/// ```
/// `send` is the attempt's first action; later ones leave it `sent`.
/// `GestureRecognizer.arbitrate(_:)` is the only place the phase moves; a step this diagram does
/// not show is a bug in the dispatcher and stops the program naming the recognizer.
enum ArbitrationPhase: UInt8 {
    /// Not taking part in the current sequence (the dispatcher has not collected it, or reset it).
    case outOfPlay
    /// In play; its actions wait (a failure requirement is still possible, or it has not claimed).
    case held
    /// Let through: no requirement or winner blocks its actions; none sent yet.
    case released
    /// Let through after it had passed `began` (a continuous recognizer deferred by a failure
    /// requirement): its first action presents `began`.
    case releasedPresentingBegan
    /// Let through, and an action has been sent: clients have seen it.
    case sent

    /// What moves the phase.
    enum Event: CustomStringConvertible {
        /// The dispatcher collects the recognizer for a sequence.
        case activate
        /// The dispatcher lets its actions through; `presentingBegan` when the first one must
        /// present `began`.
        case release(presentingBegan: Bool)
        /// The attempt's first action goes out.
        case send
        /// The sequence is over for it (reset), or its dispatcher goes away.
        case leavePlay

        var description: String {
            switch self {
            case .activate: "activate"
            case .release(let presentingBegan): presentingBegan ? "release presenting began" : "release"
            case .send: "send"
            case .leavePlay: "leave play"
            }
        }
    }

    /// The transition table: the phase `event` leads to from `self`, or nil when the diagram has
    /// no such step.
    @inline(__always)
    func next(_ event: Event) -> ArbitrationPhase? {
        switch (self, event) {
        case (.outOfPlay, .activate): .held
        case (.held, .release(let presentingBegan)): presentingBegan ? .releasedPresentingBegan : .released
        case (.released, .send), (.releasedPresentingBegan, .send): .sent
        case (.held, .leavePlay), (.released, .leavePlay), (.releasedPresentingBegan, .leavePlay),
             (.sent, .leavePlay): .outOfPlay
        default: nil
        }
    }

    /// Collected for the current sequence (`held` or later).
    @inline(__always)
    var isInPlay: Bool { self != .outOfPlay }
    /// Its actions may go out.
    @inline(__always)
    var isReleased: Bool { rawValue >= ArbitrationPhase.released.rawValue }
    /// Some action of this attempt has been sent.
    @inline(__always)
    var actionsSent: Bool { self == .sent }
}

/// Work a recognizer has waiting for the dispatcher's next passes: two marks, not state (each pass
/// clears the one it serves), raised alongside the dispatcher's own `reconcileRequested` and
/// `actionsRequested` so that a pass visits only the recognizers that need it. Plain flags: each
/// is written on every state change or action, where one store is all it may cost.
struct ArbitrationWork {
    /// The state moved since the dispatcher last reconciled this recognizer (or a requirement of
    /// it failed): the next reconcile pass applies the rules to it.
    var reconcile = false
    /// An action is due at the end of this reconcile pass.
    var action = false
    /// Listed in the dispatcher's `settledSinceReset`: it finished or was let through since the
    /// last reset pass (or is a failure partner of one that did), so that pass looks at it.
    var resetCheck = false
}
