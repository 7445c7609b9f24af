import TouchTrace

/// Generates a synthetic session: gestures performed one after another with human pauses between
/// them, streamed as trace events (touch samples, a frame mark after each scan, and an annotation
/// naming each gesture) into a sink.
///
/// Everything follows from the seed: the same seed, options and gestures give the same events on
/// every machine. The hand (what the fingers do) and the sensor (scan jitter, noise) draw from two
/// separate streams, so changing the noise does not change the movement.
///
/// ```swift
/// var session = try SessionSynthesizer(seed: 7)
/// var events: [TraceEvent] = []
/// try session.perform(.pinch(.in, scale: nil), into: &events)
/// ```
public struct SessionSynthesizer: Sendable {
    public let options: SynthesisOptions
    /// Whether each gesture is preceded by an annotation such as "synth swipe right".
    public var annotates: Bool
    /// Touch samples emitted so far.
    public private(set) var touchSamples = 0
    /// Gestures performed so far.
    public private(set) var gestures = 0

    private var hand: Choreographer
    private var sensor: SeededGenerator
    private var sampler: TouchSampler
    /// Time of the last event emitted; nil until the first gesture.
    private var lastEvent: Microseconds?

    /// Time of the last event emitted so far, in microseconds (0 before the first gesture).
    public var lastEventTime: Microseconds { lastEvent ?? 0 }

    /// The first gesture starts this long after time 0.
    static let lead: Microseconds = 100_000
    /// A person pauses this long (seconds) between gestures; longer than any multi-tap interval, so
    /// two gestures never merge into one.
    static let pause = 0.6...1.2

    public init(seed: UInt64, options: SynthesisOptions = SynthesisOptions(), annotates: Bool = true) throws(SynthesisError) {
        try options.validate()
        self.options = options
        self.annotates = annotates
        hand = Choreographer(random: SeededGenerator(seed: seed, stream: 0), options: options)
        sensor = SeededGenerator(seed: seed, stream: 1)
        sampler = TouchSampler(samplingRate: options.samplingRate, jitterSeconds: options.jitter, noisePoints: options.noise)
    }

    /// Performs `gesture` after a pause (or its near miss, if `nearMiss` or the options say so) and
    /// returns the number of touch samples it produced. Throws `SynthesisError` for parameters out of
    /// range, or whatever the sink throws.
    @discardableResult
    public mutating func perform<Sink: TraceEventSink>(
        _ gesture: Gesture, nearMiss: Bool? = nil, into sink: inout Sink
    ) throws -> Int {
        try Self.validate(gesture)
        let plan = self.plan(gesture, nearMiss: nearMiss ?? options.nearMiss, cancelAt: options.cancelAt)
        return try perform(plan, into: &sink)
    }

    /// A gesture decided on but not yet sampled.
    struct Plan {
        var tracks: [FingerTrack]
        var origin: Microseconds
        var annotation: String
        /// When the system cancels every touch, in seconds from `origin`; nil if it does not.
        var cancellation: Double?
    }

    /// Draws the hand's movements for `gesture` and when it starts; `cancelAt` is the fraction of
    /// the gesture after which every touch is cancelled.
    mutating func plan(_ gesture: Gesture, nearMiss: Bool, cancelAt: Double? = nil) -> Plan {
        hand.options.nearMiss = nearMiss
        let tracks = hand.tracks(for: gesture)
        let origin = lastEvent.map { $0 + Microseconds((hand.draw(Self.pause) * 1_000_000).rounded()) } ?? Self.lead
        var cancellation: Double?
        if let cancelAt {
            let first = tracks.reduce(Double.infinity) { min($0, $1.down) }
            let last = tracks.reduce(-Double.infinity) { max($0, $1.up) }
            cancellation = first + (last - first) * cancelAt
        }
        let annotation = "synth " + (nearMiss ? "near-miss " : "") + (cancelAt != nil ? "cancelled " : "") + gesture.label
        return Plan(tracks: tracks, origin: origin, annotation: annotation, cancellation: cancellation)
    }

    /// Samples a planned gesture into `sink`.
    @discardableResult
    mutating func perform<Sink: TraceEventSink>(_ plan: Plan, into sink: inout Sink) throws -> Int {
        if annotates {
            try sink.append(.annotation(Annotation(time: plan.origin, text: plan.annotation)))
        }
        let samples = try sampler.perform(
            plan.tracks, origin: plan.origin, cancellation: plan.cancellation, random: &sensor, into: &sink)
        lastEvent = max(sampler.lastTime, plan.origin)
        touchSamples += samples
        gestures += 1
        return samples
    }

    /// The most touch samples a plan can produce: a down, an up and one sample per scan between.
    func sampleBound(of plan: Plan) -> Int {
        let scansPerSecond = options.samplingRate
        return plan.tracks.reduce(0) { total, track in
            total + Int(((track.up - track.down) * scansPerSecond).rounded(.up)) + 3
        }
    }

    /// Ends a session with one finger resting for exactly `samples` touch samples (at least 2), so
    /// that a corpus holds exactly the number of samples asked for.
    public mutating func rest<Sink: TraceEventSink>(samples: Int, into sink: inout Sink) throws {
        guard samples >= 2 else { throw SynthesisError.invalidOption("a touch needs at least 2 samples, not \(samples)") }
        let start = lastEvent.map { $0 + Microseconds((hand.draw(Self.pause) * 1_000_000).rounded()) } ?? Self.lead
        let point = hand.place(fitting: [.zero])
        let contact = hand.contact()
        if annotates {
            try sink.append(.annotation(Annotation(time: start, text: "synth rest")))
        }
        try sampler.hold(at: point, scans: samples, after: start, contact: contact, random: &sensor, into: &sink)
        lastEvent = sampler.lastTime
        touchSamples += samples
        gestures += 1
    }

    /// Throws if a gesture's parameters are outside what the synthetic screen and a hand can do.
    public static func validate(_ gesture: Gesture) throws(SynthesisError) {
        let slots = Int(SyntheticTouchscreen.slots)
        guard (1...slots).contains(gesture.fingers) else {
            throw .invalidOption("\(gesture.family.rawValue) with \(gesture.fingers) fingers: the screen tracks 1…\(slots)")
        }
        switch gesture {
        case .pinch(let direction, let scale?):
            guard scale > 0.05, scale < 20 else {
                throw .invalidOption("pinch scale \(scale) is outside 0.05…20")
            }
            guard direction == .in ? scale < 1 : scale > 1 else {
                throw .invalidOption("pinch \(direction.rawValue) needs a scale \(direction == .in ? "below" : "above") 1, not \(scale)")
            }
        case .rotation(let degrees):
            guard degrees != 0, (-720...720).contains(degrees) else {
                throw .invalidOption("rotation of \(degrees)° is outside ±720° or zero")
            }
        case .shake(let turns):
            guard (1...20).contains(turns) else {
                throw .invalidOption("shake with \(turns) turns is outside 1…20")
            }
        default:
            break
        }
    }

    // MARK: - Checkpoints

    /// Everything about the session's position in time and numbering, to undo a gesture that was
    /// generated into a scratch buffer and then not used.
    struct Checkpoint {
        fileprivate var touchSamples: Int
        fileprivate var gestures: Int
        fileprivate var lastEvent: Microseconds?
        fileprivate var clock: TouchSampler.Clock
    }

    var checkpoint: Checkpoint {
        Checkpoint(touchSamples: touchSamples, gestures: gestures, lastEvent: lastEvent, clock: sampler.clock)
    }

    mutating func restore(_ checkpoint: Checkpoint) {
        touchSamples = checkpoint.touchSamples
        gestures = checkpoint.gestures
        lastEvent = checkpoint.lastEvent
        sampler.clock = checkpoint.clock
    }
}
