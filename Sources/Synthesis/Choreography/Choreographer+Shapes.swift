// One-finger shapes for custom recognizers: chevron, checkmark, circle, shake and pattern paths.

extension Choreographer {
    mutating func chevron(mirrored: Bool) -> [FingerTrack] {
        let side = mirrored ? -1.0 : 1.0
        let first = ScreenPoint(x: side * draw(60...90), y: draw(70...110))
        let second = ScreenPoint(x: -side * draw(60...90), y: draw(70...110))
        if options.nearMiss {
            // No turn: one straight diagonal stroke as long as both.
            return strokes([first + ScreenPoint(x: -second.x, y: second.y)])
        }
        return strokes([first, second])
    }

    mutating func checkmark() -> [FingerTrack] {
        let first = ScreenPoint(x: draw(30...45), y: draw(35...55))
        let second =
            options.nearMiss
            ? ScreenPoint(x: draw(90...120), y: -draw(0...10))  // flat: an "L" on its side, not a tick
            : ScreenPoint(x: draw(70...100), y: -draw(100...140))
        return strokes([first, second])
    }

    mutating func circle(_ turn: Turn) -> [FingerTrack] {
        let radius = draw(60...100)
        let sweep = options.nearMiss ? .pi * draw(1.0...1.2) : 2 * .pi + draw(0.1...0.4)
        let centre = place(fitting: [ScreenPoint(x: -radius * 1.15, y: -radius * 1.15), ScreenPoint(x: radius * 1.15, y: radius * 1.15)])
        let startAngle = draw(0...(2 * .pi))
        let begin = draw(0.03...0.06)
        let end = begin + moving(draw(0.7...1.1) * sweep / (2 * .pi))
        let orbit = OrbitMotion(
            start: begin, end: end,
            centreFrom: centre, centreTo: centre + ScreenPoint.polar(length: draw(0...6), radians: draw(0...(2 * .pi))),
            radiusFrom: radius, radiusTo: radius * draw(0.9...1.1),
            angleFrom: startAngle, angleTo: startAngle + turn.sign * sweep
        )
        return [FingerTrack(down: 0, up: end + draw(0.03...0.07), path: .orbit(orbit), contact: contact())]
    }

    mutating func shake(turns: Int) -> [FingerTrack] {
        let amplitude = options.nearMiss ? draw(5...8) : draw(70...110)
        let firstWay = random.sign()
        var legs: [ScreenPoint] = []
        for leg in 0...turns {
            let way = leg % 2 == 0 ? firstWay : -firstWay
            // Each leg reaches back to roughly where the previous one started.
            let length = leg == 0 ? amplitude : amplitude * draw(0.85...1.15)
            legs.append(ScreenPoint(x: way * length, y: draw(-5...5)))
        }
        return strokes(legs, legDuration: 0.11...0.17, pause: 0...0.01)
    }

    mutating func pattern(_ code: PatternCode) -> [FingerTrack] {
        let spacing = 120.0
        let centre = place(fitting: [ScreenPoint(x: -spacing - 20, y: -spacing - 20), ScreenPoint(x: spacing + 20, y: spacing + 20)])
        var waypoints = [Waypoint]()
        var time = draw(0.04...0.08)
        var previous: ScreenPoint?
        var lastLegStart = time
        for target in code.targets {
            let cell = PatternCode.cell(of: target)
            let aim = ScreenPoint.polar(length: draw(0...6), radians: draw(0...(2 * .pi)))
            let point = centre + ScreenPoint(x: Double(cell.column - 1) * spacing, y: Double(cell.row - 1) * spacing) + aim
            if let previous {
                lastLegStart = time
                time += moving(0.12 + (point - previous).length / 800)
                waypoints.append(Waypoint(time, point, bow: bow() / 2))
            } else {
                waypoints.append(Waypoint(time, point))
            }
            previous = point
        }
        // Near miss: the finger lifts half-way along the last leg, short of the last target.
        let up = options.nearMiss ? lastLegStart + (time - lastLegStart) * draw(0.45...0.6) : time + draw(0.05...0.1)
        return [FingerTrack(down: 0, up: up, path: .waypoints(waypoints), contact: contact())]
    }

    /// One finger drawing consecutive straight legs (each with a human bow, slowing into each corner),
    /// starting from a point that keeps the whole figure on screen.
    private mutating func strokes(
        _ legs: [ScreenPoint], legDuration: ClosedRange<Double> = 0.18...0.3, pause: ClosedRange<Double> = 0.02...0.05
    ) -> [FingerTrack] {
        var reach: [ScreenPoint] = [.zero]
        var corner = ScreenPoint.zero
        for leg in legs {
            corner = corner + leg
            reach.append(corner)
        }
        let start = place(fitting: reach)
        var time = draw(0.04...0.08)
        var waypoints = [Waypoint(time, start)]
        var point = start
        for (index, leg) in legs.enumerated() {
            if index > 0 {
                time += draw(pause)
                waypoints.append(Waypoint(time, point))
            }
            time += moving(draw(legDuration))
            point = point + leg
            waypoints.append(Waypoint(time, point, bow: bow() / 2))
        }
        return [FingerTrack(down: 0, up: time + draw(0.04...0.08), path: .waypoints(waypoints), contact: contact())]
    }
}
