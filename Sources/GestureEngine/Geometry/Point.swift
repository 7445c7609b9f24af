/// A position in window points (or in a view's own coordinates, as the API says).
///
/// The engine has its own geometry so it depends on nothing; `Double` everywhere because touch
/// positions arrive already scaled from device units and sub-point precision matters for velocity.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// The displacement from `other` to `self`.
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Vector {
        Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }

    @inlinable
    public static func + (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy)
    }

    @inlinable
    public static func - (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy)
    }

    /// Straight-line distance, in the same units as the coordinates.
    @inlinable
    public func distance(to other: Point) -> Double {
        (self - other).length
    }

    public var description: String { "(\(x), \(y))" }

    /// The mean of `points` (at least one).
    static func centroid(of points: [Point]) -> Point {
        var x = 0.0, y = 0.0
        for point in points {
            x += point.x
            y += point.y
        }
        let count = Double(points.count)
        return Point(x: x / count, y: y / count)
    }
}
