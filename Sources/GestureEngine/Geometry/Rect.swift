/// An axis-aligned rectangle: a view's frame in its superview, or its bounds.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + width }
    public var maxY: Double { origin.y + height }

    /// Half-open on the far edges, like `CGRect.contains`: a point on `maxX` is outside.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= origin.x && point.y >= origin.y
            && point.x < origin.x + width && point.y < origin.y + height
    }

    public var description: String { "(\(origin.x), \(origin.y), \(width), \(height))" }
}
