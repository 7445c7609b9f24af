#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A named single-stroke shape to match strokes against: a built-in (checkmark, circle, v) or one
/// a user recorded from a trace (`touchstone template record`).
///
/// `points` is the stroke as drawn, in any units (only the shape, direction and starting point
/// matter); `normalized` is the same stroke put through the $1 pipeline once, so matching a
/// candidate costs one pass over the templates. Encodes as
/// `{"name": …, "points": [[x, y], …], "rotationInvariant": false}`.
///
/// $1 is rotation-invariant, which suits a circle (it may start anywhere) but makes a flat "L" on
/// its side a checkmark and a half circle a "v". So orientation counts unless a template says
/// otherwise: a template that is not `rotationInvariant` is compared as drawn, turned at most
/// `CustomGestureDefaults.unistrokeOrientationTolerance` either way.
public struct UnistrokeTemplate: Equatable, Sendable, Codable {
    public let name: String
    /// The stroke as recorded, in drawing order.
    public let points: [Point]
    /// Whether the shape may be drawn at any angle (a circle) or only as recorded (a checkmark).
    public let rotationInvariant: Bool
    /// Resampled, rotated to its indicative angle if rotation-invariant, scaled to the square and
    /// centred: ready to compare.
    let normalized: [Point]

    /// A template from a drawn stroke. `points` needs at least two distinct points.
    public init(name: String, points: [Point], rotationInvariant: Bool = false) {
        self.name = name
        self.points = points
        self.rotationInvariant = rotationInvariant
        normalized = UnistrokeMatcher.normalize(points, rotationInvariant: rotationInvariant)
    }

    private enum CodingKeys: String, CodingKey { case name, points, rotationInvariant }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let pairs = try container.decode([[Double]].self, forKey: .points)
        var points: [Point] = []
        for (index, pair) in pairs.enumerated() {
            guard pair.count == 2, pair[0].isFinite, pair[1].isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .points, in: container,
                    debugDescription: "point \(index) is not a pair of finite numbers [x, y]")
            }
            points.append(Point(x: pair[0], y: pair[1]))
        }
        guard UnistrokeMatcher.pathLength(points) > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .points, in: container, debugDescription: "a template needs at least two distinct points")
        }
        let invariant = try container.decodeIfPresent(Bool.self, forKey: .rotationInvariant) ?? false
        self.init(name: name, points: points, rotationInvariant: invariant)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(points.map { [$0.x, $0.y] }, forKey: .points)
        try container.encode(rotationInvariant, forKey: .rotationInvariant)
    }

    public static func == (lhs: UnistrokeTemplate, rhs: UnistrokeTemplate) -> Bool {
        lhs.name == rhs.name && lhs.points == rhs.points && lhs.rotationInvariant == rhs.rotationInvariant
    }

    /// The length of the path through `points`, in their units.
    public static func pathLength(_ points: [Point]) -> Double {
        UnistrokeMatcher.pathLength(points)
    }

    // MARK: Built-ins

    /// A tick: a short stroke down-right, then a long one up-right.
    public static let checkmark = UnistrokeTemplate(
        name: "checkmark", points: polyline([Point(x: 0, y: 0), Point(x: 38, y: 45), Point(x: 123, y: -75)]))
    /// The chevron's shape: down-right, then down-left.
    public static let v = UnistrokeTemplate(
        name: "v", points: polyline([Point(x: 0, y: 0), Point(x: 75, y: 90), Point(x: 0, y: 180)]))
    /// A full circle drawn clockwise (on screen, y down).
    public static let circleClockwise = UnistrokeTemplate(name: "circle", points: circle(sense: 1), rotationInvariant: true)
    /// A full circle drawn counterclockwise.
    public static let circleCounterclockwise = UnistrokeTemplate(name: "circle", points: circle(sense: -1), rotationInvariant: true)

    /// Every built-in template: checkmark, v and circle (both senses, one name).
    public static let builtIn: [UnistrokeTemplate] = [checkmark, v, circleClockwise, circleCounterclockwise]

    /// The built-ins called `name` (a circle has two), or none.
    public static func builtIn(named name: String) -> [UnistrokeTemplate] {
        builtIn.filter { $0.name == name }
    }

    private static func polyline(_ corners: [Point]) -> [Point] {
        var points: [Point] = []
        for index in 1..<corners.count {
            let from = corners[index - 1], to = corners[index]
            for step in 0..<16 {
                let t = Double(step) / 16
                points.append(Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
            }
        }
        points.append(corners[corners.count - 1])
        return points
    }

    private static func circle(sense: Double) -> [Point] {
        (0...64).map { step in
            let angle = sense * 2 * Double.pi * Double(step) / 64
            return Point(x: 100 * cos(angle), y: 100 * sin(angle))
        }
    }
}
