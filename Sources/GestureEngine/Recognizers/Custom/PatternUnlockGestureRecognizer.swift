/// Recognizes a pattern traced through a 3 × 3 grid of targets, as on a lock screen (discrete).
///
/// The targets are numbered like a phone keypad (1 2 3 / 4 5 6 / 7 8 9), `spacing` points apart,
/// centred in the recognizer's view. The finger enters a target when its path passes within
/// `targetRadius` of the target's centre (so a path from 1 straight to 3 enters 2 on the way), and
/// each target counts once. At lift, a path through at least `minimumTargets` targets recognizes;
/// `code` reads like "1-2-3-6-9" and `isAccepted` says whether it is one of `acceptedCodes` (when
/// that set is not empty), so an app can tell a wrong pattern from no pattern. Fewer targets, a
/// second finger or a cancellation fail it.
public final class PatternUnlockGestureRecognizer: SingleStrokeGestureRecognizer {
    /// Points between neighbouring targets' centres.
    public var spacing = CustomGestureDefaults.patternSpacing
    /// Points from a target's centre within which the path enters it.
    public var targetRadius = CustomGestureDefaults.patternTargetRadius
    /// Fewest targets a pattern joins.
    public var minimumTargets = CustomGestureDefaults.patternMinimumTargets
    /// Codes ("1-2-3-6-9") that unlock; empty means no code is judged.
    public var acceptedCodes: Set<String> = []

    /// The targets entered so far, in order: valid from touch-down until the next touch-down.
    public var targets: ArraySlice<Int> { visited[0..<visitedCount] }
    /// The pattern as "1-2-3-6-9".
    public var code: String { targets.map(String.init).joined(separator: "-") }
    /// Whether `code` is accepted, or nil when `acceptedCodes` is empty.
    public var isAccepted: Bool? { acceptedCodes.isEmpty ? nil : acceptedCodes.contains(code) }

    /// Why no pattern this recognizer recognizes reads `code`, so that accepting it could never
    /// unlock; nil when one does. A recognized pattern's `code` is its targets, digits 1 to 9 each
    /// entered once, joined by `-`, at least `minimumTargets` of them.
    public static func problem(accepting code: String, minimumTargets: Int) -> String? {
        let parts = code.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        var entered: UInt16 = 0
        for part in parts {
            guard part.count == 1, let digit = part.first, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(digit) else {
                return "a code is targets 1 to 9 joined by -, such as 1-2-3-6-9"
            }
            let bit: UInt16 = 1 << (digit - UInt8(ascii: "0"))
            guard entered & bit == 0 else { return "it enters target \(Character(Unicode.Scalar(digit))) twice, and a path enters each target once" }
            entered |= bit
        }
        guard parts.count >= minimumTargets else {
            return "it joins \(parts.count) target\(parts.count == 1 ? "" : "s"), and a pattern joins at least minimumTargets (\(minimumTargets))"
        }
        return nil
    }

    /// Where the recognizer is in the pattern.
    ///
    /// ```
    ///          down              lift: ≥ minimumTargets entered
    ///   idle ───────► tracing ────────────────────────────────► done (recognized)
    ///                   │ ▲ move: enter targets on the path
    ///                   └─┘
    ///                   │ lift with too few, 2nd finger, cancel
    ///                   └────────────────────────────────────────► done (failed)
    /// ```
    enum Phase: Equatable {
        case idle, tracing, done
    }

    private(set) var phase = Phase.idle
    /// Fixed storage for the path: no allocation per move.
    private var visited = [Int](repeating: 0, count: 9)
    private var visitedCount = 0
    /// Bit `n` set: target `n` entered.
    private var enteredMask: UInt16 = 0
    private var last = Point.zero

    public init(name: String = "") {
        super.init(kind: .discrete, name: name, coordinates: .view)
    }

    /// The one place `phase` moves, and with it `state`.
    override func transition(_ event: StrokeEvent) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.idle, .down(let point)):
            visitedCount = 0
            enteredMask = 0
            last = point
            enterTargets(from: point, to: point)
            phase = .tracing
        case (.tracing, .move(let point)):
            enterTargets(from: last, to: point)
            last = point
        case (.tracing, .lift(let point)):
            enterTargets(from: last, to: point)
            phase = .done
            state = visitedCount >= minimumTargets ? .recognized : .failed
        case (_, .extraFinger), (_, .cancel):
            phase = .done
            state = .failed
        case (.idle, .move), (.idle, .lift), (.tracing, .down), (_, .timeout):
            preconditionFailure("\(debugName): \(event) while \(phase)")
        }
    }

    /// The centre of target `number` (1…9) in the view's coordinates.
    public func centre(ofTarget number: Int) -> Point {
        let bounds = view?.bounds ?? .zero
        let column = Double((number - 1) % 3 - 1), row = Double((number - 1) / 3 - 1)
        return Point(x: bounds.width / 2 + column * spacing, y: bounds.height / 2 + row * spacing)
    }

    /// Enters, in the order the segment reaches them, every target not yet entered whose centre
    /// lies within `targetRadius` of the segment from `a` to `b`.
    private func enterTargets(from a: Point, to b: Point) {
        while true {
            var nearest = 0
            var nearestAlong = Double.infinity
            for number in 1...9 where enteredMask & (1 << number) == 0 {
                guard let along = Self.reach(of: centre(ofTarget: number), from: a, to: b, radius: targetRadius) else { continue }
                if along < nearestAlong { nearest = number; nearestAlong = along }
            }
            guard nearest != 0 else { return }
            visited[visitedCount] = nearest
            visitedCount += 1
            enteredMask |= 1 << nearest
        }
    }

    /// How far along the segment (0…1) the point closest to `target` lies, if it is within `radius`.
    private static func reach(of target: Point, from a: Point, to b: Point, radius: Double) -> Double? {
        let segment = b - a
        let lengthSquared = segment.dx * segment.dx + segment.dy * segment.dy
        var t = 0.0
        if lengthSquared > 0 {
            let toTarget = target - a
            t = min(1, max(0, (toTarget.dx * segment.dx + toTarget.dy * segment.dy) / lengthSquared))
        }
        let closest = a + segment * t
        return closest.distance(to: target) <= radius ? t : nil
    }

    public override func reset() {
        super.reset()
        phase = .idle
    }

    public override var actionValues: ActionValues {
        var values = super.actionValues
        values.match = code
        values.accepted = isAccepted
        return values
    }
}
