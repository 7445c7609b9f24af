/// Settings shared by every generator: how the synthetic panel samples, how noisy and how quick the
/// hand is, and where the gesture happens. Gesture-specific parameters live in `Gesture`.
public struct SynthesisOptions: Equatable, Sendable {
    /// Scans per second of the panel, in hertz (10…1000). Laptop panels scan at 60 to 240 Hz.
    public var samplingRate: Double
    /// Standard deviation of the sensor's position noise, in points (0…20).
    public var noise: Double
    /// Largest deviation of a scan from its nominal instant, in seconds (capped at 45 % of a period).
    public var jitter: Double
    /// Multiplies the speed of every movement: 2 moves twice as fast. Contact times of taps and the
    /// hold of a long press are not scaled, so a tap stays a tap (0.2…5).
    public var speed: Double
    /// Where the gesture happens, in points: where the finger lands for strokes, the centre for taps,
    /// presses, pinches, rotations, circles and patterns. Nil places it at random, fully on screen.
    public var position: ScreenPoint?
    /// Produce the gesture's near miss instead (see `HumanFactors` and docs/synth.md).
    public var nearMiss: Bool
    /// Cancel every touch this fraction of the way through the gesture (0…1), from the first
    /// landing to the last lift: the system takes the touches away (an incoming call, palm rejection).
    /// Fingers that have not landed by then never do. Nil lets the gesture finish.
    public var cancelAt: Double?

    public init(
        samplingRate: Double = 120, noise: Double = 0.25, jitter: Double = 0.0008, speed: Double = 1,
        position: ScreenPoint? = nil, nearMiss: Bool = false, cancelAt: Double? = nil
    ) {
        self.samplingRate = samplingRate
        self.noise = noise
        self.jitter = jitter
        self.speed = speed
        self.position = position
        self.nearMiss = nearMiss
        self.cancelAt = cancelAt
    }

    /// Throws when an option is outside the range its documentation gives.
    public func validate() throws(SynthesisError) {
        guard (10...1000).contains(samplingRate) else {
            throw .invalidOption("sampling rate \(samplingRate) Hz is outside 10…1000 Hz")
        }
        guard (0...20).contains(noise) else {
            throw .invalidOption("noise \(noise) points is outside 0…20 points")
        }
        guard jitter >= 0, jitter <= 1 else {
            throw .invalidOption("jitter \(jitter) s is outside 0…1 s")
        }
        guard (0.2...5).contains(speed) else {
            throw .invalidOption("speed \(speed) is outside 0.2…5")
        }
        if let cancelAt, !(0...1).contains(cancelAt) {
            throw .invalidOption("cancel point \(cancelAt) is outside 0…1 of the gesture")
        }
        if let position {
            guard (0...SyntheticTouchscreen.widthPoints).contains(position.x),
                (0...SyntheticTouchscreen.heightPoints).contains(position.y)
            else {
                throw .invalidOption(
                    "position \(position.x),\(position.y) is off the \(Int(SyntheticTouchscreen.widthPoints))×\(Int(SyntheticTouchscreen.heightPoints)) point screen"
                )
            }
        }
    }
}
