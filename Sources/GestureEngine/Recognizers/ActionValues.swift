/// What a recognizer's action can read at the moment it is sent, gathered for observers.
///
/// Fields a recognizer does not have stay `nil`. Building one costs nothing on the heap, and the
/// dispatcher builds it only when someone observes.
public struct ActionValues: Equatable, Sendable {
    /// The recognizer's location (centroid of its touches) in window points.
    public var location: Point
    public var numberOfTouches: Int
    /// Pan and edge pan: cumulative translation in points.
    public var translation: Vector?
    /// Pan and edge pan: points per second.
    public var velocity: Vector?
    /// Pinch: scale factor relative to the finger distance when it began.
    public var scale: Double?
    /// Rotation: radians, positive clockwise (y points down).
    public var rotation: Double?
    /// Pinch: scale per second; rotation: radians per second.
    public var scalarVelocity: Double?
    /// Tap: taps recognized.
    public var tapCount: Int?
    /// Swipe: the direction recognized.
    public var direction: SwipeGestureRecognizer.Direction?

    public init(
        location: Point, numberOfTouches: Int, translation: Vector? = nil, velocity: Vector? = nil,
        scale: Double? = nil, rotation: Double? = nil, scalarVelocity: Double? = nil,
        tapCount: Int? = nil, direction: SwipeGestureRecognizer.Direction? = nil
    ) {
        self.location = location
        self.numberOfTouches = numberOfTouches
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.rotation = rotation
        self.scalarVelocity = scalarVelocity
        self.tapCount = tapCount
        self.direction = direction
    }
}
