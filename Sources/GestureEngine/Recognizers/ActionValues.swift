/// What a recognizer's action can read at the moment it is sent, gathered for observers.
///
/// Fields a recognizer does not have stay `nil`. Building one costs nothing on the heap, and the
/// dispatcher builds it only when someone observes. A recognizer of your own adds values the
/// standard fields do not cover with `self[custom:]` (up to `customCapacity`).
///
/// Stored as plain numbers with a bit per optional field, and the matched name as an index into a
/// table of the names seen so far (`ActionName`), so that a value is bitwise copyable: it passes
/// from the recognizer through the observation to a log line as a copy of bytes, with no reference
/// counting and no field-by-field copy or destroy. The public fields read and write as optionals.
public struct ActionValues: Equatable, Sendable {
    /// The recognizer's location (centroid of its touches) in window points.
    public var location: Point
    public var numberOfTouches: Int
    /// Which optional fields are set (`Field`). A field that is not set holds zero, so the
    /// synthesized `==` compares values field for field.
    @usableFromInline var present: UInt16 = 0
    @usableFromInline var storedTranslation = Vector.zero
    @usableFromInline var storedVelocity = Vector.zero
    @usableFromInline var storedScale = 0.0
    @usableFromInline var storedRotation = 0.0
    @usableFromInline var storedScalarVelocity = 0.0
    @usableFromInline var storedScore = 0.0
    @usableFromInline var storedTapCount = 0
    @usableFromInline var storedTurns = 0
    @usableFromInline var storedMatch = ActionName.none
    @usableFromInline var storedDirection = SwipeGestureRecognizer.Direction()
    @usableFromInline var storedAccepted = false
    /// The recognizer's own values (`self[custom:]`, CustomActionValues.swift).
    @usableFromInline var storedCustom = CustomActionValues()

    /// Bits of `present`.
    @usableFromInline enum Field {
        @inlinable static var translation: UInt16 { 1 << 0 }
        @inlinable static var velocity: UInt16 { 1 << 1 }
        @inlinable static var scale: UInt16 { 1 << 2 }
        @inlinable static var rotation: UInt16 { 1 << 3 }
        @inlinable static var scalarVelocity: UInt16 { 1 << 4 }
        @inlinable static var tapCount: UInt16 { 1 << 5 }
        @inlinable static var direction: UInt16 { 1 << 6 }
        @inlinable static var match: UInt16 { 1 << 7 }
        @inlinable static var score: UInt16 { 1 << 8 }
        @inlinable static var turns: UInt16 { 1 << 9 }
        @inlinable static var accepted: UInt16 { 1 << 10 }
    }

    @inlinable @inline(__always)
    func field<Value>(_ bit: UInt16, _ value: Value) -> Value? {
        present & bit != 0 ? value : nil
    }

    /// Records in `present` whether `value` is set and stores it, or `zero` when it is not.
    @inlinable
    static func set<Value>(_ value: Value?, _ bit: UInt16, zero: Value, _ present: inout UInt16, _ storage: inout Value) {
        if let value {
            present |= bit
            storage = value
        } else {
            present &= ~bit
            storage = zero
        }
    }

    /// Pan and edge pan: cumulative translation in points.
    @inlinable public var translation: Vector? {
        @inline(__always) get { field(Field.translation, storedTranslation) }
        set { Self.set(newValue, Field.translation, zero: .zero, &present, &storedTranslation) }
    }
    /// Pan and edge pan: points per second.
    @inlinable public var velocity: Vector? {
        @inline(__always) get { field(Field.velocity, storedVelocity) }
        set { Self.set(newValue, Field.velocity, zero: .zero, &present, &storedVelocity) }
    }
    /// Pinch: scale factor relative to the finger distance when it began.
    @inlinable public var scale: Double? {
        @inline(__always) get { field(Field.scale, storedScale) }
        set { Self.set(newValue, Field.scale, zero: 0, &present, &storedScale) }
    }
    /// Rotation: radians, positive clockwise (y points down).
    @inlinable public var rotation: Double? {
        @inline(__always) get { field(Field.rotation, storedRotation) }
        set { Self.set(newValue, Field.rotation, zero: 0, &present, &storedRotation) }
    }
    /// Pinch: scale per second; rotation: radians per second.
    @inlinable public var scalarVelocity: Double? {
        @inline(__always) get { field(Field.scalarVelocity, storedScalarVelocity) }
        set { Self.set(newValue, Field.scalarVelocity, zero: 0, &present, &storedScalarVelocity) }
    }
    /// Tap: taps recognized.
    @inlinable public var tapCount: Int? {
        @inline(__always) get { field(Field.tapCount, storedTapCount) }
        set { Self.set(newValue, Field.tapCount, zero: 0, &present, &storedTapCount) }
    }
    /// Swipe: the direction recognized.
    @inlinable public var direction: SwipeGestureRecognizer.Direction? {
        @inline(__always) get { field(Field.direction, storedDirection) }
        set { Self.set(newValue, Field.direction, zero: [], &present, &storedDirection) }
    }
    /// Unistroke: the template matched; pattern unlock: the code ("1-2-3-6-9").
    @inlinable public var match: String? {
        // Inlined so that a line without a match (nearly all) tests a bit instead of calling.
        @inline(__always) get { present & Field.match != 0 ? storedMatch.text : nil }
        set { Self.set(newValue.map(ActionName.init), Field.match, zero: .none, &present, &storedMatch) }
    }
    /// Unistroke: the match's score, 0…1.
    @inlinable public var score: Double? {
        @inline(__always) get { field(Field.score, storedScore) }
        set { Self.set(newValue, Field.score, zero: 0, &present, &storedScore) }
    }
    /// Reset shake: the direction changes counted.
    @inlinable public var turns: Int? {
        @inline(__always) get { field(Field.turns, storedTurns) }
        set { Self.set(newValue, Field.turns, zero: 0, &present, &storedTurns) }
    }
    /// Pattern unlock: whether the code is one the recognizer accepts.
    @inlinable public var accepted: Bool? {
        @inline(__always) get { field(Field.accepted, storedAccepted) }
        set { Self.set(newValue, Field.accepted, zero: false, &present, &storedAccepted) }
    }

    @inlinable
    public init(location: Point, numberOfTouches: Int) {
        self.location = location
        self.numberOfTouches = numberOfTouches
    }

    public init(
        location: Point, numberOfTouches: Int, translation: Vector? = nil, velocity: Vector? = nil,
        scale: Double? = nil, rotation: Double? = nil, scalarVelocity: Double? = nil,
        tapCount: Int? = nil, direction: SwipeGestureRecognizer.Direction? = nil,
        match: String? = nil, score: Double? = nil, turns: Int? = nil, accepted: Bool? = nil
    ) {
        self.init(location: location, numberOfTouches: numberOfTouches)
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
