/// Recognizes a quick stroke in a permitted direction: UIKit's `UISwipeGestureRecognizer`
/// (discrete).
///
/// Apple documents only the shape of the rule — "a slow swipe requires high directional precision
/// but a small distance; a fast swipe requires low directional precision but a large distance" —
/// and keeps the numbers private (H-Swipe ivars). This model: the stroke must finish within
/// `maximumDuration`; its speed along a permitted direction picks, by linear interpolation between
/// `slowSpeed` and `fastSpeed`, a minimum distance (from `slowMinimumDistance` to
/// `fastMinimumDistance`) and a largest angle off the direction (from `slowMaximumAngle` to
/// `fastMaximumAngle`). It recognizes as soon as both hold, and fails if the fingers lift or time
/// runs out first. Exactly `numberOfTouchesRequired` fingers; its location is where it began.
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// Swipe directions, combinable.
    public struct Direction: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1)
        public static let left = Direction(rawValue: 2)
        public static let up = Direction(rawValue: 4)
        public static let down = Direction(rawValue: 8)

        public var description: String {
            var names: [String] = []
            if contains(.right) { names.append("right") }
            if contains(.left) { names.append("left") }
            if contains(.up) { names.append("up") }
            if contains(.down) { names.append("down") }
            return names.joined(separator: "|")
        }
    }

    /// Default `.right` (H-Swipe).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var direction: Direction = .right
    public var numberOfTouchesRequired = GestureDefaults.numberOfTouchesRequired
    public var maximumDuration = GestureDefaults.swipeMaximumDuration
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var slowMinimumDistance = GestureDefaults.swipeSlowMinimumDistance
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var fastMinimumDistance = GestureDefaults.swipeFastMinimumDistance
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var slowMaximumAngle = GestureDefaults.swipeSlowMaximumAngle
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var fastMaximumAngle = GestureDefaults.swipeFastMaximumAngle
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var slowSpeed = GestureDefaults.swipeSlowSpeed
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var fastSpeed = GestureDefaults.swipeFastSpeed

    /// The direction recognized (empty until then).
    public private(set) var recognizedDirection: Direction = []
    private var start = Point.zero
    private var startTime: GestureTime = 0
    private var started = false

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
    }

    public override func touchesBegan(_ touches: TouchBatch) {
        if numberOfTouches > numberOfTouchesRequired || started {
            state = .failed
            return
        }
        if numberOfTouches == numberOfTouchesRequired {
            started = true
            start = super.location(in: nil)
            startTime = touches[touches.count - 1].timestamp
            startTimer(at: startTime + maximumDuration, tag: 1)
        }
    }

    public override func touchesMoved(_ touches: TouchBatch) {
        guard started else { return }
        evaluate(at: touchTimestamp)
    }

    public override func touchesEnded(_ touches: TouchBatch) {
        if started { evaluate(at: touchTimestamp) }
        if state == .possible { state = .failed }
    }

    public override func touchesCancelled(_ touches: TouchBatch) {
        state = .failed
    }

    public override func timerFired(tag: Int) {
        state = .failed
    }

    private func evaluate(at time: GestureTime) {
        let travel = super.location(in: nil) - start
        let seconds = max(Double(time - startTime), 1_000) / 1_000_000
        var bit: UInt8 = 1
        while bit <= Direction.down.rawValue {
            let candidate = Direction(rawValue: bit)
            bit <<= 1
            guard direction.contains(candidate) else { continue }
            let primary: Double, secondary: Double
            switch candidate {
            case .right: (primary, secondary) = (travel.dx, abs(travel.dy))
            case .left: (primary, secondary) = (-travel.dx, abs(travel.dy))
            case .up: (primary, secondary) = (-travel.dy, abs(travel.dx))
            default: (primary, secondary) = (travel.dy, abs(travel.dx))
            }
            guard primary > 0 else { continue }
            let speed = primary / seconds
            let fastness = min(max((speed - slowSpeed) / (fastSpeed - slowSpeed), 0), 1)
            let minimumDistance = slowMinimumDistance + fastness * (fastMinimumDistance - slowMinimumDistance)
            let maximumAngle = slowMaximumAngle + fastness * (fastMaximumAngle - slowMaximumAngle)
            if primary >= minimumDistance && Vector(dx: primary, dy: secondary).angle <= maximumAngle {
                recognizedDirection = candidate
                state = .recognized
                return
            }
        }
    }

    /// Where the swipe began (the centroid of its fingers then), as UIKit reports it.
    public override func location(in view: View?) -> Point {
        guard started else { return super.location(in: view) }
        guard let view else { return start }
        return start - view.originInWindow
    }

    public override func reset() {
        super.reset()
        started = false
        recognizedDirection = []
    }

    public override var actionValues: ActionValues {
        var values = super.actionValues
        values.direction = recognizedDirection
        return values
    }
}
