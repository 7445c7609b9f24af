/// Recognizes a one-finger "V": a stroke down and to the right, then down and to the left, ending
/// below where it started (discrete). `mirrored` swaps the sides (down-left, then down-right).
///
/// The seed article's first custom recognizer. Both legs must slope downwards between
/// `minimumLegAngle` and `maximumLegAngle`, run at least `minimumLegLength` horizontally, and the
/// finger must not rise more than `upwardTolerance` above the lowest point it reached. The turn is
/// where the finger comes back `turnTolerance` from its outermost point. It recognizes at lift; a
/// second finger, a cancellation, a third leg or a lift before the turn fail it.
public final class ChevronGestureRecognizer: SingleStrokeGestureRecognizer {
    /// Draw the V mirrored: down-left, then down-right.
    public var mirrored = false
    /// Points each leg must run horizontally.
    public var minimumLegLength = CustomGestureDefaults.chevronMinimumLegLength
    /// Points the finger must come back from its outermost point for the turn to count.
    public var turnTolerance = CustomGestureDefaults.chevronTurnTolerance
    /// Points the finger may rise above the lowest point reached.
    public var upwardTolerance = CustomGestureDefaults.chevronUpwardTolerance
    /// Radians below the horizontal: the shallowest slope a leg may have.
    public var minimumLegAngle = CustomGestureDefaults.chevronMinimumLegAngle
    /// Radians below the horizontal: the steepest slope a leg may have.
    public var maximumLegAngle = CustomGestureDefaults.chevronMaximumLegAngle
    /// Points below its start the V must end.
    public var minimumDrop = CustomGestureDefaults.chevronMinimumDrop

    /// Where the recognizer is in the V.
    ///
    /// ```
    ///          down            back ≥ turnTolerance          lift: legs valid, ends low
    ///   idle ───────► firstLeg ────────────────────► secondLeg ──────────────────────► done
    ///                    │ rise, lift, 2nd finger,       │ out again, rise, lift bad,     (recognized)
    ///                    │ cancel, first leg invalid     │ 2nd finger, cancel
    ///                    └──────────────► done ◄─────────┘
    ///                                   (failed)
    /// ```
    enum Phase: Equatable {
        case idle, firstLeg, secondLeg, done
    }

    private(set) var phase = Phase.idle
    private var start = Point.zero
    /// The outermost point towards the first leg's side: the apex once the finger has turned.
    private var apex = Point.zero
    /// The innermost point of the second leg, to notice a third leg.
    private var returnPoint = Point.zero
    private var lowestY = 0.0

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
    }

    /// +1 when the first leg goes right, -1 when it goes left.
    private var side: Double { mirrored ? -1 : 1 }

    /// The one place `phase` moves, and with it `state`.
    override func transition(_ event: StrokeEvent) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.idle, .down(let point)):
            start = point
            apex = point
            lowestY = point.y
            phase = .firstLeg
        case (.firstLeg, .move(let point)):
            guard !rose(to: point) else { return fail() }
            if side * (point.x - apex.x) >= 0 { apex = point }
            if side * (apex.x - point.x) >= turnTolerance {
                guard isLeg(from: start, to: apex) else { return fail() }
                returnPoint = point
                phase = .secondLeg
            }
        case (.secondLeg, .move(let point)):
            guard !rose(to: point) else { return fail() }
            if side * (returnPoint.x - point.x) >= 0 { returnPoint = point }
            if side * (point.x - returnPoint.x) >= turnTolerance { fail() }
        case (.secondLeg, .lift(let point)):
            let valid = !rose(to: point) && isLeg(from: apex, to: point) && point.y - start.y >= minimumDrop
            phase = .done
            state = valid ? .recognized : .failed
        case (.firstLeg, .lift), (_, .extraFinger), (_, .cancel):
            fail()
        case (.idle, .move), (.idle, .lift), (.firstLeg, .down), (.secondLeg, .down), (_, .timeout):
            preconditionFailure("\(debugName): \(event) while \(phase)")
        }
    }

    private func fail() {
        phase = .done
        state = .failed
    }

    private func rose(to point: Point) -> Bool {
        lowestY = max(lowestY, point.y)
        return lowestY - point.y > upwardTolerance
    }

    /// Whether going from `top` to `bottom` makes one leg: long enough, downwards, and sloped
    /// within the limits. The apex is the bottom of the first leg and the top of the second.
    private func isLeg(from top: Point, to bottom: Point) -> Bool {
        let run = abs(bottom.x - top.x)
        let drop = bottom.y - top.y
        guard run >= minimumLegLength, drop > 0 else { return false }
        let slope = Vector(dx: run, dy: drop).angle
        return slope >= minimumLegAngle && slope <= maximumLegAngle
    }

    public override func reset() {
        super.reset()
        phase = .idle
    }
}
