import GestureEngine
import Replay

/// A recognizer Touchstone does not ship, written and registered as a team would write its own:
/// two fingers held still for `minimumPressDuration` recognize (discrete).
///
/// ```
///          two fingers down                      held long enough
///   idle ───────────────────► holding(start) ──────────────────► done (recognized)
///     │ one finger: wait        │ third finger, moved > allowableMovement,
///     │                         │ a lift, cancel
///     └─ a lift, cancel, three ─┴──────────────────────────────► done (failed)
/// ```
final class TwoFingerHoldGestureRecognizer: GestureRecognizer {
    /// Microseconds both fingers must stay down.
    var minimumPressDuration: GestureDuration = 400_000
    /// Points the two fingers' centroid may move while held.
    var allowableMovement = 15.0

    enum Phase: Equatable {
        case idle, holding(start: Point), done
    }

    enum Event {
        case fingersDown(Int), move, timeout, lift, cancel
    }

    private(set) var phase = Phase.idle
    private static let holdTimer = 1

    init(name: String) {
        super.init(kind: .discrete, name: name)
    }

    override func touchesBegan(_ touches: TouchBatch) { transition(.fingersDown(numberOfTouches)) }
    override func touchesMoved(_ touches: TouchBatch) { transition(.move) }
    override func touchesEnded(_ touches: TouchBatch) { transition(.lift) }
    override func touchesCancelled(_ touches: TouchBatch) { transition(.cancel) }
    override func timerFired(tag: Int) { transition(.timeout) }

    /// The one place `phase` moves, and with it `state`.
    private func transition(_ event: Event) {
        switch (phase, event) {
        case (.done, _), (.idle, .move):
            break
        case (.idle, .fingersDown(let count)) where count == 2:
            phase = .holding(start: location(in: nil))
            startTimer(at: touchTimestamp + minimumPressDuration, tag: Self.holdTimer)
        case (.idle, .fingersDown(let count)) where count < 2:
            break
        case (.holding(let start), .move) where location(in: nil).distance(to: start) <= allowableMovement:
            break
        case (.holding, .timeout):
            phase = .done
            state = .recognized
        case (.idle, .fingersDown), (.idle, .lift), (.idle, .cancel),
             (.holding, .fingersDown), (.holding, .move), (.holding, .lift), (.holding, .cancel):
            phase = .done
            state = .failed
        case (.idle, .timeout):
            preconditionFailure("\(name): a hold timer fired while idle")
        }
    }

    override func reset() {
        super.reset()
        phase = .idle
    }
}

extension RecognizerKind {
    /// The two-finger hold as a scene kind, `"type": "twoFingerHold"`.
    static let twoFingerHold = RecognizerKind(
        "twoFingerHold", summary: "Two fingers held still; recognizes once they have been down long enough.",
        parameters: [
            .duration("minimumPressDuration", \.minimumPressDuration, doc: "How long both fingers stay down."),
            .number("allowableMovement", \.allowableMovement, unit: "pt", range: .atLeast(0), doc: "Movement allowed while held."),
        ],
        make: { TwoFingerHoldGestureRecognizer(name: $0) }
    )
}
