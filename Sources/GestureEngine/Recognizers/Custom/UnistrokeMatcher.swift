#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
            let c = Point.centroid(of: result)
            result = rotate(result, by: -atan2(c.y - result[0].y, c.x - result[0].x))
        }
        result = scaleToSquare(result)
        let moved = Point.centroid(of: result)
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

    private static func rotate(_ points: [Point], by angle: Double) -> [Point] {
        let c = Point.centroid(of: points)
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
