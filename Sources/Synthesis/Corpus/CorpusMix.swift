/// The blend of gestures in a synthetic corpus: roughly how often people make each gesture on a
/// touchscreen, with a share of near misses so that recognizers also see what they must reject.
struct CorpusMix {
    /// Share of gestures performed as their near miss.
    static let nearMissShare = 0.1
    /// Share of gestures the system cancels part-way (palm rejection, a notification taking over).
    static let cancelledShare = 0.02

    /// Relative weights of each kind of gesture.
    private static let weights: [(weight: Int, kind: Kind)] = [
        (18, .tap), (6, .multiFingerTap), (10, .doubleTap), (8, .longPress), (14, .pan), (12, .swipe),
        (10, .pinch), (8, .rotation), (6, .edgePan), (2, .chevron), (2, .checkmark), (2, .circle),
        (1, .shake), (1, .doubleTapDrag), (1, .pattern),
    ]
    private static let totalWeight = weights.reduce(0) { $0 + $1.weight }

    private enum Kind {
        case tap, multiFingerTap, doubleTap, longPress, pan, swipe, pinch, rotation, edgePan
        case chevron, checkmark, circle, shake, doubleTapDrag, pattern
    }

    /// The next gesture of a corpus.
    static func draw(_ random: inout SeededGenerator) -> Gesture {
        var ticket = random.integer(in: 0...(totalWeight - 1))
        var kind = Kind.tap
        for entry in weights {
            if ticket < entry.weight {
                kind = entry.kind
                break
            }
            ticket -= entry.weight
        }
        let direction = SwipeDirection.allCases[random.integer(in: 0...3)]
        switch kind {
        case .tap: return .tap(fingers: 1)
        case .multiFingerTap: return .tap(fingers: random.integer(in: 2...5))
        case .doubleTap: return .doubleTap(fingers: 1)
        case .longPress: return .longPress(fingers: 1)
        case .pan: return .pan(direction: random.chance(0.5) ? direction : nil, fingers: random.chance(0.85) ? 1 : 2)
        case .swipe: return .swipe(direction: direction, fingers: random.chance(0.9) ? 1 : random.integer(in: 2...3))
        case .pinch: return .pinch(random.chance(0.5) ? .in : .out, scale: nil)
        case .rotation: return .rotation(degrees: random.sign() * random.uniform(20, 120).rounded())
        case .edgePan: return .edgePan(edge: ScreenEdge.allCases[random.integer(in: 0...3)])
        case .chevron: return .chevron(mirrored: random.chance(0.5))
        case .checkmark: return .checkmark
        case .circle: return .circle(random.chance(0.5) ? .clockwise : .counterclockwise)
        case .shake: return .shake(turns: random.integer(in: 3...6))
        case .doubleTapDrag: return .doubleTapDrag(direction: random.chance(0.5) ? .up : .down)
        case .pattern: return .pattern(randomPattern(&random))
        }
    }

    /// Four to seven distinct targets; the grid is small, so jumps over a target are allowed.
    private static func randomPattern(_ random: inout SeededGenerator) -> PatternCode {
        var remaining = Array(1...9)
        var targets: [Int] = []
        for _ in 0..<random.integer(in: 4...7) {
            targets.append(remaining.remove(at: random.integer(in: 0...(remaining.count - 1))))
        }
        // The digits are valid by construction.
        return try! PatternCode(parsing: targets.map(String.init).joined(separator: "-"))
    }
}
