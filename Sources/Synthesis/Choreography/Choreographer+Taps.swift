// Taps, double taps, long presses and the double-tap-drag: gestures made of fingers that land and lift
// nearly in place.

extension Choreographer {
    mutating func tap(fingers: Int) -> [FingerTrack] {
        let offsets = hand(fingers: fingers)
        let centre = place(fitting: offsets)
        return taps(at: centre, offsets: offsets, start: 0)
    }

    mutating func doubleTap(fingers: Int) -> [FingerTrack] {
        let offsets = hand(fingers: fingers)
        let centre = place(fitting: offsets, margin: Self.margin + 8)
        var tracks = taps(at: centre, offsets: offsets, start: 0, allowSlide: false)
        let gap = options.nearMiss ? draw(HumanFactors.lateSecondTapGap) : draw(HumanFactors.doubleTapGap)
        // The second tap lands a few points from the first: nobody hits the same spot twice.
        let drift = ScreenPoint.polar(length: draw(2...8), radians: draw(0...(2 * .pi)))
        tracks += taps(at: centre + drift, offsets: offsets, start: lastLift(tracks) + gap, allowSlide: false)
        return tracks
    }

    mutating func longPress(fingers: Int) -> [FingerTrack] {
        let offsets = hand(fingers: fingers)
        let centre = place(fitting: offsets)
        let hold = options.nearMiss ? draw(HumanFactors.shortPressHold) : draw(HumanFactors.longPressHold)
        let lastLanding = fingers > 1 ? HumanFactors.fingerLandingSpread.upperBound : 0
        var tracks: [FingerTrack] = []
        for (index, offset) in offsets.enumerated() {
            let down = index == 0 ? 0 : draw(HumanFactors.fingerLandingSpread)
            let up = lastLanding + hold + draw(HumanFactors.fingerLiftSpread)
            // A held finger is never still: it wanders slowly as the hand relaxes.
            let start = centre + offset
            let first = start + ScreenPoint.polar(length: draw(HumanFactors.pressWander) / 2, radians: draw(0...(2 * .pi)))
            let second = start + ScreenPoint.polar(length: draw(HumanFactors.pressWander), radians: draw(0...(2 * .pi)))
            let path = FingerPath.waypoints([
                Waypoint(down, start), Waypoint(down + hold * 0.4, first), Waypoint(up, second),
            ])
            tracks.append(FingerTrack(down: down, up: up, path: path, contact: contact(thumb: false)))
        }
        return tracks
    }

    mutating func doubleTapDrag(direction: SwipeDirection) -> [FingerTrack] {
        let distance = draw(120...220)
        let travel = ScreenPoint.polar(length: distance, radians: angle(of: direction))
        let landing = place(fitting: [.zero, travel])
        var tracks = taps(at: landing, offsets: [.zero], start: 0, allowSlide: false)
        let gap = options.nearMiss ? draw(HumanFactors.lateSecondTapGap) : draw(HumanFactors.doubleTapGap)
        let down = lastLift(tracks) + gap
        let start = landing + ScreenPoint.polar(length: draw(2...6), radians: draw(0...(2 * .pi)))
        let begin = down + draw(0.03...0.06)
        let duration = moving(draw(0.5...0.8))
        let up = begin + duration + draw(0.05...0.1)
        let path = stroke(from: start, by: travel, begin: begin, duration: duration, bow: bow())
        tracks.append(FingerTrack(down: down, up: up, path: path, contact: contact()))
        return tracks
    }

    // MARK: - Parts

    /// One tap of several fingers around `centre`, landing from `start`. As a near miss (and where
    /// allowed) the fingers slide beyond the tap's allowable movement.
    mutating func taps(at centre: ScreenPoint, offsets: [ScreenPoint], start: Double, allowSlide: Bool = true) -> [FingerTrack] {
        let sliding = allowSlide && options.nearMiss
        let contactTime = sliding ? draw(0.16...0.24) : draw(HumanFactors.tapContact)
        let slide = ScreenPoint.polar(length: draw(HumanFactors.slidingTapDistance), radians: draw(0...(2 * .pi)))
        let lastLanding = offsets.count > 1 ? start + HumanFactors.fingerLandingSpread.upperBound : start
        var tracks: [FingerTrack] = []
        tracks.reserveCapacity(offsets.count)
        for (index, offset) in offsets.enumerated() {
            let down = index == 0 ? start : start + draw(HumanFactors.fingerLandingSpread)
            let up = lastLanding + contactTime + draw(HumanFactors.fingerLiftSpread)
            let point = centre + offset
            let path: FingerPath
            if sliding {
                path = stroke(from: point, by: slide, begin: down + 0.02, duration: up - down - 0.04, bow: bow())
            } else {
                // The pad rolls a little as it flattens and peels off.
                let roll = ScreenPoint.polar(length: draw(HumanFactors.tapRoll), radians: draw(0...(2 * .pi)))
                path = .waypoints([Waypoint(down, point), Waypoint(up, point + roll)])
            }
            tracks.append(FingerTrack(down: down, up: up, path: path, contact: contact()))
        }
        return tracks
    }

    func lastLift(_ tracks: [FingerTrack]) -> Double {
        tracks.reduce(0) { max($0, $1.up) }
    }
}
