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
open class SwipeGestureRecognizer: GestureRecognizer {
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

    /// Where the recognizer is in the stroke.
    ///
    /// ```
    ///             down: numberOfTouchesRequired down (arms maximumDuration)
    ///   waiting ──────────────────────────────────────────────► tracking ─┐ move: not yet far
    ///      │ down: too many fingers,                               │ ▲    │ or straight enough
    ///      │ lift, cancel                                          │ └────┘
    ///      ▼                                                       │ move, lift: far and straight
    ///    done (failed) ◄─────────────────────────────────────────  │ enough in a permitted
    ///            down (another finger), lift short of a swipe,     │ direction
    ///            timeout, cancel                                   ▼
    ///                                                        done (recognized)
    /// ```
    /// Fewer than `numberOfTouchesRequired` fingers down leave it `waiting`.
    enum Phase: Equatable {
        case waiting, tracking, done
    }

    /// What the touches and the timer tell the state machine.
    enum Event {
        case down(latest: GestureTime)
        case move
        case lift
        case cancel
        case timeout
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var phase = Phase.waiting
    /// Where and when the stroke began: the centroid once all its fingers were down.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var origin: (location: Point, time: GestureTime)?

    /// One of the engine's own classes (`GestureRecognizer.isEngineClass`); a subclass of it is
    /// not, as it may answer the failure questions.
    override class var isEngineClass: Bool { self == SwipeGestureRecognizer.self }

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
    }

    open override func touchesBegan(_ touches: TouchBatch) {
        transition(.down(latest: touches[touches.count - 1].timestamp))
    }

    open override func touchesMoved(_ touches: TouchBatch) {
        transition(.move)
    }

    open override func touchesEnded(_ touches: TouchBatch) {
        transition(.lift)
    }

    open override func touchesCancelled(_ touches: TouchBatch) {
        transition(.cancel)
    }

    open override func timerFired(tag: Int) {
        transition(.timeout)
    }

    /// The one place `phase` moves, and with it `state`.
    @inline(__always)
    func transition(_ event: Event) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.waiting, .down(let latest)):
            if numberOfTouches > numberOfTouchesRequired { return fail() }
            guard numberOfTouches == numberOfTouchesRequired else { return }
            phase = .tracking
            origin = (super.location(in: nil), latest)
            startTimer(at: latest + maximumDuration, tag: 1)
        case (.waiting, .move):
            break
        case (.tracking, .move):
            recognizeIfSwiped()
        case (.tracking, .lift):
            recognizeIfSwiped()
            if phase != .done { fail() }
        case (.tracking, .down), (.waiting, .lift), (_, .cancel), (.tracking, .timeout):
            fail()
        case (.waiting, .timeout):
            preconditionFailure("\(debugName): \(event) while \(phase)")
        }
    }

    private func fail() {
        phase = .done
        state = .failed
    }

    /// Recognizes when the stroke so far is long and straight enough, at its speed, in a
    /// permitted direction. Kept out of line: a move of a stroke under way costs the hook a
    /// comparison and this call, as it did before the phase machine.
    @inline(never)
    private func recognizeIfSwiped() {
        guard let origin, let candidate = swipedDirection(from: origin, at: touchTimestamp) else { return }
        recognizedDirection = candidate
        phase = .done
        state = .recognized
    }

    @inline(__always)
    private func swipedDirection(from origin: (location: Point, time: GestureTime), at time: GestureTime) -> Direction? {
        let travel = super.location(in: nil) - origin.location
        let seconds = max(Double(time - origin.time), 1_000) / 1_000_000
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
                return candidate
            }
        }
        return nil
    }

    /// Where the swipe began (the centroid of its fingers then), as UIKit reports it.
    open override func location(in view: View?) -> Point {
        guard let origin else { return super.location(in: view) }
        guard let view else { return origin.location }
        return origin.location - view.originInWindow
    }

    open override func reset() {
        super.reset()
        phase = .waiting
        origin = nil
        recognizedDirection = []
    }

    open override var actionValues: ActionValues {
        var values = super.actionValues
        values.direction = recognizedDirection
        return values
    }
}
