/// One gesture a person performs on the synthetic screen, with the parameters that shape it.
///
/// Every case produces a session that UIKit's recognizers with default settings classify as that
/// gesture (see `HumanFactors` for the thresholds), unless `SynthesisOptions.nearMiss` asks for the
/// near miss, which resembles the gesture but falls just outside one of its thresholds.
public enum Gesture: Hashable, Sendable {
    /// Fingers touch and lift together, quickly and nearly still.
    case tap(fingers: Int)
    /// Two taps in quick succession at nearly the same place.
    case doubleTap(fingers: Int)
    /// Fingers rest, nearly still, for longer than the long-press minimum.
    case longPress(fingers: Int)
    /// Fingers drag at a moderate speed and stop before lifting. A nil direction picks any angle.
    case pan(direction: SwipeDirection?, fingers: Int)
    /// Fingers flick: land while moving, travel far and fast, lift while still moving.
    case swipe(direction: SwipeDirection, fingers: Int)
    /// Thumb and index finger close or spread. `scale` is final over initial distance; nil draws one.
    case pinch(PinchDirection, scale: Double?)
    /// Thumb and index finger turn about their midpoint by `degrees` (positive is clockwise).
    case rotation(degrees: Double)
    /// One finger starts at a screen edge and drags inwards.
    case edgePan(edge: ScreenEdge)
    /// One finger draws a chevron: down-right then down-left (">"); mirrored, down-left then
    /// down-right ("<"). It ends below its start.
    case chevron(mirrored: Bool)
    /// One finger draws a checkmark: a short stroke down-right, then a long one up-right.
    case checkmark
    /// One finger draws a full circle.
    case circle(Turn)
    /// One finger shakes back and forth horizontally, reversing direction `turns` times.
    case shake(turns: Int)
    /// A tap, then the finger lands again within the double-tap interval and drags vertically
    /// (the one-finger zoom of map apps).
    case doubleTapDrag(direction: SwipeDirection)
    /// One finger joins the targets of a 3 × 3 grid in order.
    case pattern(PatternCode)

    /// The family this gesture belongs to.
    public var family: GestureFamily {
        switch self {
        case .tap: .tap
        case .doubleTap: .doubleTap
        case .longPress: .longPress
        case .pan: .pan
        case .swipe: .swipe
        case .pinch: .pinch
        case .rotation: .rotation
        case .edgePan: .edgePan
        case .chevron: .chevron
        case .checkmark: .checkmark
        case .circle: .circle
        case .shake: .shake
        case .doubleTapDrag: .doubleTapDrag
        case .pattern: .pattern
        }
    }

    /// How many fingers the gesture uses at once.
    public var fingers: Int {
        switch self {
        case .tap(let fingers), .doubleTap(let fingers), .longPress(let fingers),
            .pan(_, let fingers), .swipe(_, let fingers):
            fingers
        case .pinch, .rotation:
            2
        case .edgePan, .chevron, .checkmark, .circle, .shake, .doubleTapDrag, .pattern:
            1
        }
    }

    /// A short label, such as "swipe right" or "tap 3 fingers", used in annotations and headers.
    public var label: String {
        let name = family.rawValue
        switch self {
        case .tap(let fingers), .doubleTap(let fingers), .longPress(let fingers):
            return fingers == 1 ? name : "\(name) \(fingers) fingers"
        case .pan(let direction, let fingers):
            let base = direction.map { "\(name) \($0.rawValue)" } ?? name
            return fingers == 1 ? base : "\(base) \(fingers) fingers"
        case .swipe(let direction, let fingers):
            return fingers == 1 ? "\(name) \(direction.rawValue)" : "\(name) \(direction.rawValue) \(fingers) fingers"
        case .pinch(let direction, _):
            return "\(name) \(direction.rawValue)"
        case .rotation(let degrees):
            return "\(name) \(degrees) degrees"
        case .edgePan(let edge):
            return "\(name) \(edge.rawValue)"
        case .chevron(let mirrored):
            return mirrored ? "\(name) mirrored" : name
        case .checkmark:
            return name
        case .circle(let turn):
            return "\(name) \(turn.rawValue)"
        case .shake(let turns):
            return "\(name) \(turns) turns"
        case .doubleTapDrag(let direction):
            return "\(name) \(direction.rawValue)"
        case .pattern(let code):
            return "\(name) \(code)"
        }
    }
}

/// The gesture families, by the names the `touchstone synth` command uses.
public enum GestureFamily: String, Sendable, CaseIterable, Equatable {
    case tap
    case doubleTap = "double-tap"
    case longPress = "long-press"
    case pan
    case swipe
    case pinch
    case rotation
    case edgePan = "edge-pan"
    case chevron
    case checkmark
    case circle
    case shake
    case doubleTapDrag = "double-tap-drag"
    case pattern
}

extension Gesture {
    /// One typical gesture of every family, in `GestureFamily` order: for tests and benchmarks that
    /// must cover them all (round trips, replay of every family).
    public static let typical: [Gesture] = GestureFamily.allCases.map { family in
        switch family {
        case .tap: .tap(fingers: 1)
        case .doubleTap: .doubleTap(fingers: 1)
        case .longPress: .longPress(fingers: 1)
        case .pan: .pan(direction: .right, fingers: 1)
        case .swipe: .swipe(direction: .right, fingers: 1)
        case .pinch: .pinch(.in, scale: nil)
        case .rotation: .rotation(degrees: 45)
        case .edgePan: .edgePan(edge: .left)
        case .chevron: .chevron(mirrored: false)
        case .checkmark: .checkmark
        case .circle: .circle(.clockwise)
        case .shake: .shake(turns: 4)
        case .doubleTapDrag: .doubleTapDrag(direction: .down)
        // The digits are valid by construction.
        case .pattern: .pattern(try! PatternCode(parsing: "1-2-3-6-9"))
        }
    }
}
