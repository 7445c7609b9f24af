/// Recognizes one finger drawing a shape that matches one of its `templates` (discrete): the $1
/// unistroke recognizer (Wobbrock et al., UIST 2007) as a gesture recognizer.
///
/// The stroke is collected from touch-down to lift. At lift, a stroke at least `minimumPathLength`
/// long is compared with every template; the best one recognizes if its score (0…1) reaches
/// `minimumScore`, and `matchedTemplate` and `score` say which and how well. A lower score, a short
/// stroke, a second finger or a cancellation fail it. Templates: the built-ins (checkmark, circle,
/// v) or any recorded with `touchstone template record`.
public final class UnistrokeGestureRecognizer: SingleStrokeGestureRecognizer {
    /// The shapes to match; the default is every built-in.
    public var templates: [UnistrokeTemplate] = UnistrokeTemplate.builtIn
    /// Lowest score (0…1) that recognizes.
    public var minimumScore = CustomGestureDefaults.unistrokeMinimumScore
    /// Points of path below which the stroke is not matched.
    public var minimumPathLength = CustomGestureDefaults.unistrokeMinimumPathLength

    /// The template of the last match, valid from recognition until the next touch-down.
    public private(set) var matchedTemplate: String?
    /// The score of the last match, including a failing one (0 when nothing was matched).
    public private(set) var score = 0.0

    /// Where the recognizer is in the stroke.
    ///
    /// ```
    ///          down            lift: best score ≥ minimumScore
    ///   idle ───────► drawing ───────────────────────────────► done (recognized)
    ///                   │ ▲ move (collect)
    ///                   └─┘
    ///                   │ lift below the score or too short, 2nd finger, cancel
    ///                   └──────────────────────────────────────► done (failed)
    /// ```
    enum Phase: Equatable {
        case idle, drawing, done
    }

    private(set) var phase = Phase.idle
    /// Reused from stroke to stroke: collecting allocates only when a stroke outgrows every earlier one.
    private var stroke: [Point] = []

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
        stroke.reserveCapacity(1024)
    }

    /// The one place `phase` moves, and with it `state`.
    override func transition(_ event: StrokeEvent) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.idle, .down(let point)):
            stroke.removeAll(keepingCapacity: true)
            stroke.append(point)
            matchedTemplate = nil
            score = 0
            phase = .drawing
        case (.drawing, .move(let point)):
            stroke.append(point)
        case (.drawing, .lift(let point)):
            stroke.append(point)
            phase = .done
            state = match() ? .recognized : .failed
        case (_, .extraFinger), (_, .cancel):
            phase = .done
            state = .failed
        case (.idle, .move), (.idle, .lift), (.drawing, .down), (_, .timeout):
            preconditionFailure("\(debugName): \(event) while \(phase)")
        }
    }

    /// Matches the collected stroke; once per gesture, at lift.
    private func match() -> Bool {
        guard UnistrokeMatcher.pathLength(stroke) >= minimumPathLength,
              let best = UnistrokeMatcher.bestMatch(for: stroke, among: templates)
        else { return false }
        score = best.score
        guard best.score >= minimumScore else { return false }
        matchedTemplate = best.template.name
        return true
    }

    public override func reset() {
        super.reset()
        phase = .idle
    }

    public override var actionValues: ActionValues {
        var values = super.actionValues
        values.match = matchedTemplate
        values.score = score
        return values
    }
}
