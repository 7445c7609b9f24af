// Pinches and rotations: thumb and index finger circling their common midpoint.

extension Choreographer {
    mutating func pinch(_ direction: PinchDirection, scale requested: Double?) -> [FingerTrack] {
        let startDistance: Double
        var scale: Double
        switch direction {
        case .in:
            startDistance = draw(HumanFactors.pinchInStartDistance)
            scale = draw(HumanFactors.pinchInScale)
        case .out:
            startDistance = draw(HumanFactors.pinchOutStartDistance)
            scale = draw(HumanFactors.pinchOutScale)
        }
        if let requested { scale = requested }
        if options.nearMiss {
            let change = draw(HumanFactors.timidPinchChange)
            scale = (startDistance + (direction == .in ? -change : change)) / startDistance
        }
        // Index finger up and to the right of the thumb, 20° to 70° above horizontal.
        let axis = -draw(0.35...1.22)
        let drift = draw(-0.08...0.08)
        return twoFingers(
            startDistance: startDistance, endDistance: startDistance * scale,
            axis: axis, turn: drift, duration: moving(draw(HumanFactors.twoFingerDuration))
        )
    }

    mutating func rotation(degrees requested: Double) -> [FingerTrack] {
        var degrees = requested
        if options.nearMiss {
            degrees = (requested < 0 ? -1 : 1) * draw(HumanFactors.timidRotationDegrees)
        }
        let distance = draw(HumanFactors.rotationDistance)
        let magnitude = degrees < 0 ? -degrees : degrees
        // Larger turns take longer: the wrist turns at a roughly steady rate.
        let duration = moving(draw(HumanFactors.twoFingerDuration) * (0.6 + magnitude / 150))
        return twoFingers(
            startDistance: distance, endDistance: distance * draw(0.95...1.05),
            axis: draw(0...(2 * .pi)), turn: degrees * .pi / 180, duration: duration
        )
    }

    /// Thumb and index finger, `startDistance` apart along `axis` (radians, index side), ending
    /// `endDistance` apart and turned by `turn` radians (clockwise positive); the midpoint drifts a little.
    private mutating func twoFingers(
        startDistance: Double, endDistance: Double, axis: Double, turn: Double, duration: Double
    ) -> [FingerTrack] {
        let reach = max(startDistance, endDistance) / 2 + abs(endDistance - startDistance) * 0.15 + 12
        let centre = place(fitting: [
            ScreenPoint(x: -reach, y: -reach), ScreenPoint(x: reach, y: reach),
        ])
        // The thumb moves less than the index finger (about 40 % against 60 % of the change in
        // distance), so the midpoint slides along the axis; on top of that the hand drifts a little.
        let thumbShare = draw(0.1...0.3)
        let axisShift = ScreenPoint.polar(length: thumbShare * (endDistance - startDistance) / 2, radians: axis)
        let centreDrift = axisShift + ScreenPoint.polar(length: draw(0...8), radians: draw(0...(2 * .pi)))
        let indexLanding = draw(0.01...0.05)
        let begin = indexLanding + draw(0.05...0.1)
        let end = begin + duration
        let thumbLift = end + draw(0.04...0.08)
        let indexLift = thumbLift + draw(-0.02...0.02)
        var tracks: [FingerTrack] = []
        for (down, up, offset, thumb) in [(0.0, thumbLift, Double.pi, true), (indexLanding, indexLift, 0.0, false)] {
            let orbit = OrbitMotion(
                start: begin, end: end, centreFrom: centre, centreTo: centre + centreDrift,
                radiusFrom: startDistance / 2, radiusTo: endDistance / 2,
                angleFrom: axis + offset, angleTo: axis + offset + turn
            )
            tracks.append(FingerTrack(down: down, up: up, path: .orbit(orbit), contact: contact(thumb: thumb)))
        }
        return tracks
    }
}
