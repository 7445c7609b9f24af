/// A position or displacement on the synthetic screen, in logical points (y grows downwards, as on
/// every touchscreen). Generators think in points; only the sampler converts to device units.
public struct ScreenPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = ScreenPoint(x: 0, y: 0)

    @inlinable
    public static func + (lhs: ScreenPoint, rhs: ScreenPoint) -> ScreenPoint {
        ScreenPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    @inlinable
    public static func - (lhs: ScreenPoint, rhs: ScreenPoint) -> ScreenPoint {
        ScreenPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    @inlinable
    public static func * (lhs: ScreenPoint, rhs: Double) -> ScreenPoint {
        ScreenPoint(x: lhs.x * rhs, y: lhs.y * rhs)
    }

    /// Euclidean length; `squareRoot()` is correctly rounded by IEEE 754, so it is deterministic.
    @inlinable
    public var length: Double {
        (x * x + y * y).squareRoot()
    }

    /// The same vector turned a quarter turn clockwise on screen.
    @inlinable
    public var perpendicular: ScreenPoint {
        ScreenPoint(x: -y, y: x)
    }

    /// A vector of `length` pointing at `radians` (0 = right, clockwise positive on screen).
    public static func polar(length: Double, radians: Double) -> ScreenPoint {
        let (sine, cosine) = DeterministicTrig.sineCosine(radians)
        return ScreenPoint(x: length * cosine, y: length * sine)
    }
}
