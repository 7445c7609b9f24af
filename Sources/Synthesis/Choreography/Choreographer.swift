/// The hand: turns a `Gesture` into finger tracks (where each finger is, when it lands and lifts,
/// how it presses), drawing human variation from its own seeded generator. Knows nothing of sampling
/// rates or device units; `TouchSampler` does that part.
///
/// One file per kind of gesture extends it: taps and presses, strokes, two-finger gestures, shapes.
struct Choreographer {
    var random: SeededGenerator
    var options: SynthesisOptions

    static let screenWidth = SyntheticTouchscreen.widthPoints
    static let screenHeight = SyntheticTouchscreen.heightPoints
    /// Gestures keep this far from the screen's edges unless they are about edges.
    static let margin = 24.0

    init(random: SeededGenerator, options: SynthesisOptions) {
        self.random = random
        self.options = options
    }

    /// The finger tracks of `gesture`, times in seconds from the gesture's start (the first landing
    /// is at or shortly after 0).
    mutating func tracks(for gesture: Gesture) -> [FingerTrack] {
        switch gesture {
        case .tap(let fingers): tap(fingers: fingers)
        case .doubleTap(let fingers): doubleTap(fingers: fingers)
        case .longPress(let fingers): longPress(fingers: fingers)
        case .pan(let direction, let fingers): pan(direction: direction, fingers: fingers)
        case .swipe(let direction, let fingers): swipe(direction: direction, fingers: fingers)
        case .pinch(let direction, let scale): pinch(direction, scale: scale)
        case .rotation(let degrees): rotation(degrees: degrees)
        case .edgePan(let edge): edgePan(from: edge)
        case .chevron(let mirrored): chevron(mirrored: mirrored)
        case .checkmark: checkmark()
        case .circle(let turn): circle(turn)
        case .shake(let turns): shake(turns: turns)
        case .doubleTapDrag(let direction): doubleTapDrag(direction: direction)
        case .pattern(let code): pattern(code)
        }
    }

    // MARK: - Drawing human variation

    mutating func draw(_ range: ClosedRange<Double>) -> Double {
        random.uniform(range.lowerBound, range.upperBound)
    }

    /// A movement's duration at the requested speed.
    func moving(_ seconds: Double) -> Double {
        seconds / options.speed
    }

    /// How one fingertip presses; thumbs are wider than fingers.
    mutating func contact(thumb: Bool = false) -> ContactProfile {
        ContactProfile(
            peakPressure: draw(0.45...0.8),
            majorMillimetres: thumb ? draw(10...12.5) : draw(7.5...10),
            minorRatio: draw(0.7...0.9),
            landing: draw(0.02...0.04),
            lifting: draw(0.015...0.03)
        )
    }

    /// The angle of `direction` in radians, turned by a small human error.
    mutating func angle(of direction: SwipeDirection, wobble: Double = HumanFactors.strokeAngleWobble) -> Double {
        let base: Double =
            switch direction {
            case .right: 0
            case .down: .pi / 2
            case .left: .pi
            case .up: -.pi / 2
            }
        return base + random.uniform(-wobble, wobble)
    }

    /// A sideways bow for a stroke, either way.
    mutating func bow() -> Double {
        random.sign() * draw(HumanFactors.strokeBow)
    }

    // MARK: - Placement

    /// Where a gesture whose fingers reach `offsets` from its reference point goes: the requested
    /// position, or a random one that keeps every offset on screen.
    mutating func place(fitting offsets: [ScreenPoint], margin: Double = margin) -> ScreenPoint {
        if let position = options.position { return position }
        var low = ScreenPoint.zero
        var high = ScreenPoint.zero
        for offset in offsets {
            low = ScreenPoint(x: min(low.x, offset.x), y: min(low.y, offset.y))
            high = ScreenPoint(x: max(high.x, offset.x), y: max(high.y, offset.y))
        }
        return ScreenPoint(
            x: coordinate(from: margin - low.x, to: Self.screenWidth - margin - high.x),
            y: coordinate(from: margin - low.y, to: Self.screenHeight - margin - high.y)
        )
    }

    private mutating func coordinate(from lower: Double, to upper: Double) -> Double {
        lower <= upper ? draw(lower...upper) : (lower + upper) / 2
    }

    /// Fingertip offsets of `count` fingers held together, relative to their centre: a row whose middle
    /// fingers reach further up, as a hand lies on glass; beyond five fingers, a second hand.
    mutating func hand(fingers count: Int) -> [ScreenPoint] {
        if count == 1 { return [.zero] }
        let spacing = draw(HumanFactors.fingerSpacing)
        let handGap = 70.0
        let middle = Double(count - 1) / 2
        var offsets: [ScreenPoint] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            var x = (Double(index) - middle) * spacing
            if count > 5 { x += index < (count + 1) / 2 ? -handGap / 2 : handGap / 2 }
            let reach = middle > 0 ? 1 - ((Double(index) - middle) / (middle + 1)) * ((Double(index) - middle) / (middle + 1)) : 0
            let y = -22 * reach + random.uniform(-4, 4)
            offsets.append(ScreenPoint(x: x, y: y))
        }
        return offsets
    }

    // MARK: - Paths

    /// A straight stroke with a human bow, from `start` by `travel`, moving over [begin, begin + duration].
    func stroke(from start: ScreenPoint, by travel: ScreenPoint, begin: Double, duration: Double, bow: Double) -> FingerPath {
        .waypoints([Waypoint(begin, start), Waypoint(begin + duration, start + travel, bow: bow)])
    }
}
