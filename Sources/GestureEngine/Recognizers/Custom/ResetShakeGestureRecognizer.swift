/// Recognizes one finger rubbing back and forth horizontally, Apple's sample "reset" gesture
/// (discrete).
///
/// A stroke counts once the finger has run `minimumStrokeLength` in one horizontal direction; it
/// turns when the finger then comes back `minimumStrokeLength` the other way. At lift, at least
/// `minimumDirectionChanges` turns recognize. Jitter and small wiggles never make a stroke, so
/// they never count. Drifting more than `maximumVerticalDrift` from the touch-down, a second
/// finger, a cancellation or too few turns fail it.
public final class ResetShakeGestureRecognizer: SingleStrokeGestureRecognizer {
    /// Direction changes needed at lift.
    public var minimumDirectionChanges = CustomGestureDefaults.shakeMinimumDirectionChanges
    /// Points of horizontal travel a stroke needs before a reversal counts.
    public var minimumStrokeLength = CustomGestureDefaults.shakeMinimumStrokeLength
    /// Points the finger may drift vertically from where it came down.
    public var maximumVerticalDrift = CustomGestureDefaults.shakeMaximumVerticalDrift

    /// Direction changes counted so far in this gesture.
    public private(set) var directionChanges = 0

    /// Where the recognizer is in the shake.
    ///
    /// ```
    ///          down            run ≥ minimumStrokeLength
    ///   idle ───────► settling ─────────────────────────► stroking(way) ◄──┐ back ≥ minimumStrokeLength:
    ///                    │                                   │   │          │ turn, way flips
    ///                    │                                   │   └──────────┘
    ///                    │ lift, drift, 2nd finger, cancel   │ lift: turns ≥ minimum ─► done (recognized)
    ///                    └────────────► done (failed) ◄──────┘ lift short, drift, 2nd finger, cancel
    /// ```
    enum Phase: Equatable {
        case idle, settling
        /// Moving towards +1 (right) or -1 (left).
        case stroking(way: Double)
        case done
    }

    private(set) var phase = Phase.idle
    private var start = Point.zero
    /// The farthest point of the current stroke, where a reversal is measured from.
    private var extremeX = 0.0

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
    }

    /// The one place `phase` moves, and with it `state`.
    override func transition(_ event: StrokeEvent) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.idle, .down(let point)):
            start = point
            extremeX = point.x
            directionChanges = 0
            phase = .settling
        case (.settling, .move(let point)):
            guard abs(point.y - start.y) <= maximumVerticalDrift else { return finish(recognized: false) }
            let run = point.x - start.x
            if abs(run) >= minimumStrokeLength {
                extremeX = point.x
                phase = .stroking(way: run > 0 ? 1 : -1)
            }
        case (.stroking(let way), .move(let point)):
            guard abs(point.y - start.y) <= maximumVerticalDrift else { return finish(recognized: false) }
            if way * (point.x - extremeX) > 0 {
                extremeX = point.x
            } else if way * (extremeX - point.x) >= minimumStrokeLength {
                directionChanges += 1
                extremeX = point.x
                phase = .stroking(way: -way)
            }
        case (.settling, .lift), (.stroking, .lift):
            finish(recognized: directionChanges >= minimumDirectionChanges)
        case (_, .extraFinger), (_, .cancel):
            finish(recognized: false)
        case (.idle, .move), (.idle, .lift), (.settling, .down), (.stroking, .down), (_, .timeout):
            preconditionFailure("\(debugName): \(event) while \(phase)")
        }
    }

    private func finish(recognized: Bool) {
        phase = .done
        state = recognized ? .recognized : .failed
    }

    public override func reset() {
        super.reset()
        phase = .idle
    }

    public override var actionValues: ActionValues {
        var values = super.actionValues
        values.turns = directionChanges
        return values
    }
}
