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

/// The $1 unistroke recognizer's geometry (Wobbrock, Wilson and Li, UIST 2007): resample, rotate
/// to the indicative angle (rotation-invariant templates only), scale to a square, centre, and
/// compare at the best angle found by a golden-section search.
enum UnistrokeMatcher {
    static let count = CustomGestureDefaults.unistrokeResampleCount
    static let size = CustomGestureDefaults.unistrokeSquareSize
    static let halfDiagonal = 0.5 * (2 * size * size).squareRoot()
    private static let phi = 0.5 * (-1 + 5.0.squareRoot())

    /// The best-matching template and its score (0…1), or nil when there is none or the stroke has
    /// no length.
    static func bestMatch(
        for stroke: [Point], among templates: [UnistrokeTemplate],
        angleRange: Double = CustomGestureDefaults.unistrokeAngleRange,
        orientationTolerance: Double = CustomGestureDefaults.unistrokeOrientationTolerance,
        anglePrecision: Double = CustomGestureDefaults.unistrokeAnglePrecision
    ) -> (template: UnistrokeTemplate, score: Double)? {
        guard pathLength(stroke) > 0 else { return nil }
        var turned: [Point]?
        var asDrawn: [Point]?
        var best: (template: UnistrokeTemplate, distance: Double)?
        for template in templates {
            let candidate: [Point]
            if template.rotationInvariant {
                if turned == nil { turned = normalize(stroke, rotationInvariant: true) }
                candidate = turned!
            } else {
                if asDrawn == nil { asDrawn = normalize(stroke, rotationInvariant: false) }
                candidate = asDrawn!
            }
            let range = template.rotationInvariant ? angleRange : orientationTolerance
            let distance = distanceAtBestAngle(candidate, template.normalized, range: range, precision: anglePrecision)
            if best == nil || distance < best!.distance { best = (template, distance) }
        }
        guard let best else { return nil }
        return (best.template, max(0, 1 - best.distance / halfDiagonal))
    }

    static func normalize(_ points: [Point], rotationInvariant: Bool) -> [Point] {
        guard pathLength(points) > 0 else { return [] }
        var result = resample(points)
        if rotationInvariant {
            let c = centroid(result)
            result = rotate(result, by: -atan2(c.y - result[0].y, c.x - result[0].x))
        }
        result = scaleToSquare(result)
        let moved = centroid(result)
        return result.map { Point(x: $0.x - moved.x, y: $0.y - moved.y) }
    }

    static func pathLength(_ points: [Point]) -> Double {
        var length = 0.0
        for index in points.indices.dropFirst() { length += points[index].distance(to: points[index - 1]) }
        return length
    }

    private static func resample(_ input: [Point]) -> [Point] {
        let interval = pathLength(input) / Double(count - 1)
        var points = input
        var result = [points[0]]
        result.reserveCapacity(count)
        var carried = 0.0
        var index = 1
        while index < points.count {
            let step = points[index].distance(to: points[index - 1])
            if carried + step >= interval, step > 0 {
                let t = (interval - carried) / step
                let q = Point(
                    x: points[index - 1].x + t * (points[index].x - points[index - 1].x),
                    y: points[index - 1].y + t * (points[index].y - points[index - 1].y))
                result.append(q)
                points.insert(q, at: index)
                carried = 0
            } else {
                carried += step
            }
            index += 1
        }
        // Rounding can leave the last point out.
        while result.count < count { result.append(input[input.count - 1]) }
        return Array(result.prefix(count))
    }

    private static func centroid(_ points: [Point]) -> Point {
        var x = 0.0, y = 0.0
        for point in points { x += point.x; y += point.y }
        return Point(x: x / Double(points.count), y: y / Double(points.count))
    }

    private static func rotate(_ points: [Point], by angle: Double) -> [Point] {
        let c = centroid(points)
        let cosine = cos(angle), sine = sin(angle)
        return points.map { p in
            Point(x: (p.x - c.x) * cosine - (p.y - c.y) * sine + c.x,
                  y: (p.x - c.x) * sine + (p.y - c.y) * cosine + c.y)
        }
    }

    /// Non-uniform scaling, as $1 does; a dimension with no extent (a straight line) is left alone
    /// rather than blown up to infinity.
    private static func scaleToSquare(_ points: [Point]) -> [Point] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let width = maxX - minX, height = maxY - minY
        let sx = width > 1e-9 ? size / width : 1, sy = height > 1e-9 ? size / height : 1
        return points.map { Point(x: $0.x * sx, y: $0.y * sy) }
    }

    private static func distanceAtBestAngle(_ points: [Point], _ template: [Point], range: Double, precision: Double) -> Double {
        var low = -range, high = range
        var x1 = phi * low + (1 - phi) * high
        var f1 = distance(rotate(points, by: x1), template)
        var x2 = (1 - phi) * low + phi * high
        var f2 = distance(rotate(points, by: x2), template)
        while abs(high - low) > precision {
            if f1 < f2 {
                high = x2; x2 = x1; f2 = f1
                x1 = phi * low + (1 - phi) * high
                f1 = distance(rotate(points, by: x1), template)
            } else {
                low = x1; x1 = x2; f1 = f2
                x2 = (1 - phi) * low + phi * high
                f2 = distance(rotate(points, by: x2), template)
            }
        }
        return min(f1, f2)
    }

    /// Mean distance between corresponding points.
    private static func distance(_ a: [Point], _ b: [Point]) -> Double {
        let n = min(a.count, b.count)
        guard n > 0 else { return .infinity }
        var sum = 0.0
        for index in 0..<n { sum += a[index].distance(to: b[index]) }
        return sum / Double(n)
    }
}
