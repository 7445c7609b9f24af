/// A point a finger passes through at a given time. Between two waypoints the finger follows a
/// minimum-jerk movement, bowed sideways as real strokes are.
struct Waypoint: Equatable, Sendable {
    /// Seconds from the start of the gesture.
    var time: Double
    var point: ScreenPoint
    /// Sideways bow of the segment that ends here, as a fraction of the segment's length at its middle
    /// (positive bows to the right of the direction of travel). Straight-line drags by a real hand
    /// curve by a few percent.
    var bow: Double

    init(_ time: Double, _ point: ScreenPoint, bow: Double = 0) {
        self.time = time
        self.point = point
        self.bow = bow
    }
}

/// A finger circling a centre that may itself move: the two fingers of a pinch or a rotation, or one
/// finger drawing a circle. Radius, angle and centre all follow one minimum-jerk progress.
struct OrbitMotion: Equatable, Sendable {
    var start: Double
    var end: Double
    var centreFrom: ScreenPoint
    var centreTo: ScreenPoint
    var radiusFrom: Double
    var radiusTo: Double
    /// Radians, 0 pointing right, clockwise positive on screen.
    var angleFrom: Double
    var angleTo: Double
}

/// Where a finger is at every instant of its gesture, in points. Times before the first waypoint
/// (or the orbit's start) hold the first position; times after the last hold the last one.
enum FingerPath: Equatable, Sendable {
    case waypoints([Waypoint])
    case orbit(OrbitMotion)

    /// A finger resting at `point`.
    static func still(_ point: ScreenPoint) -> FingerPath {
        .waypoints([Waypoint(0, point)])
    }

    func position(at time: Double) -> ScreenPoint {
        switch self {
        case .waypoints(let waypoints):
            return Self.position(along: waypoints, at: time)
        case .orbit(let orbit):
            let span = orbit.end - orbit.start
            let progress = span > 0 ? minimumJerk((time - orbit.start) / span) : (time < orbit.start ? 0 : 1)
            let centre = orbit.centreFrom + (orbit.centreTo - orbit.centreFrom) * progress
            let radius = orbit.radiusFrom + (orbit.radiusTo - orbit.radiusFrom) * progress
            let angle = orbit.angleFrom + (orbit.angleTo - orbit.angleFrom) * progress
            return centre + ScreenPoint.polar(length: radius, radians: angle)
        }
    }

    private static func position(along waypoints: [Waypoint], at time: Double) -> ScreenPoint {
        // Index loops: slices and iterators of generic collections may allocate in debug builds.
        guard !waypoints.isEmpty else { return .zero }
        if time <= waypoints[0].time { return waypoints[0].point }
        var index = 1
        while index < waypoints.count {
            if time < waypoints[index].time {
                return segmentPosition(from: waypoints[index - 1], to: waypoints[index], at: time)
            }
            index += 1
        }
        return waypoints[waypoints.count - 1].point
    }

    private static func segmentPosition(from a: Waypoint, to b: Waypoint, at time: Double) -> ScreenPoint {
        let span = b.time - a.time
        let progress = span > 0 ? minimumJerk((time - a.time) / span) : 1
        let travel = b.point - a.point
        var position = a.point + travel * progress
        if b.bow != 0 {
            // A parabola instead of a sine keeps the bow free of transcendental functions.
            let sideways = 4 * progress * (1 - progress) * b.bow
            position = position + travel.perpendicular * sideways
        }
        return position
    }
}
