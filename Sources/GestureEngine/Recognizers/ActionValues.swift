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
    /// Unistroke: the template matched; pattern unlock: the code ("1-2-3-6-9").
    public var match: String?
    /// Unistroke: the match's score, 0…1.
    public var score: Double?
    /// Reset shake: the direction changes counted.
    public var turns: Int?
    /// Pattern unlock: whether the code is one the recognizer accepts.
    public var accepted: Bool?

    public init(
        location: Point, numberOfTouches: Int, translation: Vector? = nil, velocity: Vector? = nil,
        scale: Double? = nil, rotation: Double? = nil, scalarVelocity: Double? = nil,
        tapCount: Int? = nil, direction: SwipeGestureRecognizer.Direction? = nil,
        match: String? = nil, score: Double? = nil, turns: Int? = nil, accepted: Bool? = nil
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
        self.match = match
        self.score = score
        self.turns = turns
        self.accepted = accepted
    }
}
