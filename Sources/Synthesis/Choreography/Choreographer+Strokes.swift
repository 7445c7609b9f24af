// Pans, swipes and edge pans: fingers that travel in one direction.

extension Choreographer {
    mutating func pan(direction: SwipeDirection?, fingers: Int) -> [FingerTrack] {
        let heading = direction.map { angle(of: $0) } ?? draw(0...(2 * .pi))
        let distance = options.nearMiss ? draw(HumanFactors.creepDistance) : draw(HumanFactors.panDistance)
        let travel = ScreenPoint.polar(length: distance, radians: heading)
        let begin = draw(0.04...0.1)
        let duration = moving(draw(HumanFactors.panDuration))
        // A pan ends at rest: the finger stops, then lifts.
        let end = begin + duration + draw(0.05...0.12)
        return drag(fingers: fingers, travel: travel, begin: begin, duration: duration, landAt: 0, liftAt: end)
    }

    mutating func swipe(direction: SwipeDirection, fingers: Int) -> [FingerTrack] {
        // The near miss is a flick too short to be a swipe.
        let distance = options.nearMiss ? draw(HumanFactors.shortSwipeDistance) : draw(HumanFactors.swipeDistance)
        let travel = ScreenPoint.polar(length: distance, radians: angle(of: direction, wobble: 0.06))
        let duration = moving(draw(HumanFactors.swipeDuration))
        // A flick: the hand is already moving when the finger lands and still moving when it lifts.
        let landing = duration * draw(0.05...0.12)
        let lift = duration * draw(0.78...0.9)
        return drag(fingers: fingers, travel: travel, begin: -landing, duration: duration, landAt: 0, liftAt: lift - landing)
    }

    mutating func edgePan(from edge: ScreenEdge) -> [FingerTrack] {
        let inset = options.nearMiss ? draw(HumanFactors.inlandEdgeInset) : draw(HumanFactors.edgeInset)
        let width = Self.screenWidth
        let height = Self.screenHeight
        let alongX = options.position?.x ?? draw((width * 0.2)...(width * 0.8))
        let alongY = options.position?.y ?? draw((height * 0.2)...(height * 0.8))
        let start: ScreenPoint
        let inwards: SwipeDirection
        switch edge {
        case .left: (start, inwards) = (ScreenPoint(x: inset, y: alongY), .right)
        case .right: (start, inwards) = (ScreenPoint(x: width - inset, y: alongY), .left)
        case .top: (start, inwards) = (ScreenPoint(x: alongX, y: inset), .down)
        case .bottom: (start, inwards) = (ScreenPoint(x: alongX, y: height - inset), .up)
        }
        let travel = ScreenPoint.polar(length: draw(HumanFactors.edgePanDistance), radians: angle(of: inwards))
        let begin = draw(0...0.02)
        let duration = moving(draw(HumanFactors.edgePanDuration))
        let up = begin + duration + draw(0.03...0.08)
        let path = stroke(from: start, by: travel, begin: begin, duration: duration, bow: bow())
        return [FingerTrack(down: 0, up: up, path: path, contact: contact(thumb: true))]
    }

    /// `fingers` fingers of one hand travelling together by `travel` over [begin, begin + duration],
    /// landing around `landAt` and lifting around `liftAt`; the reference point is where the hand lands.
    private mutating func drag(
        fingers: Int, travel: ScreenPoint, begin: Double, duration: Double, landAt: Double, liftAt: Double
    ) -> [FingerTrack] {
        let offsets = hand(fingers: fingers)
        var reach = offsets
        for offset in offsets { reach.append(offset + travel) }
        let landing = place(fitting: reach)
        let curve = bow()
        var tracks: [FingerTrack] = []
        tracks.reserveCapacity(fingers)
        for (index, offset) in offsets.enumerated() {
            let down = index == 0 ? landAt : landAt + draw(HumanFactors.fingerLandingSpread)
            let up = liftAt + (index == 0 ? 0 : draw(HumanFactors.fingerLiftSpread))
            // Fingers of one hand move together, each a little early or late.
            let lag = fingers > 1 ? draw(-0.01...0.01) : 0
            let path = stroke(from: landing + offset, by: travel, begin: begin + lag, duration: duration, bow: curve)
            tracks.append(FingerTrack(down: down, up: up, path: path, contact: contact()))
        }
        return tracks
    }
}
