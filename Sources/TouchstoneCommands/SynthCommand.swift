import ArgumentParser
import Synthesis
import TouchTrace

/// `touchstone synth`: seeded, deterministic generation of realistic touch sessions, one gesture
/// family at a time (`touchstone synth pinch --seed 7 -o a.trace`) or as mixed corpora for scale
/// tests and benchmarks (`touchstone synth corpus`).
struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Generate realistic touch sessions from a seed.",
        discussion: """
            The same seed and options give the same events, and the same file, on every machine. \
            Gestures happen on a synthetic 13.3-inch touchscreen of 1280×800 points (2880×1800 units, \
            10 units/mm, 10 slots). See docs/synth.md for every generator and parameter.
            """,
        subcommands: [SynthGesture.self, SynthCorpus.self],
        defaultSubcommand: SynthGesture.self
    )
}

/// How the synthetic panel samples and how quick the hand is: shared by gestures and corpora.
struct SynthPanelOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Seed for every random choice; the same seed gives the same trace.")
    var seed: UInt64 = 0

    @Option(name: .customLong("rate"), parsing: .unconditional, help: "Scans per second of the panel, in Hz (10…1000).")
    var samplingRate: Double = 120

    @Option(parsing: .unconditional, help: "Standard deviation of sensor noise, in points (0…20).")
    var noise: Double = 0.25

    @Option(parsing: .unconditional, help: "Largest deviation of a scan from its nominal time, in milliseconds (0…1000).")
    var jitter: Double = 0.8

    @Option(parsing: .unconditional, help: "Speed of every movement relative to a typical hand (0.2…5); taps and presses keep their timing.")
    var speed: Double = 1

    /// Checked while the command line is parsed, so that a bad value is a usage error with the
    /// subcommand's usage line; each value in the unit its option gives.
    func validate() throws {
        guard jitter >= 0, jitter <= 1000 else {
            throw ValidationError("--jitter \(jitter) ms is outside 0…1000 ms")
        }
        _ = try synthesisOptions()
    }

    func synthesisOptions(position: ScreenPoint? = nil, nearMiss: Bool = false, cancelAt: Double? = nil) throws -> SynthesisOptions {
        let options = SynthesisOptions(
            samplingRate: samplingRate, noise: noise, jitter: jitter / 1000, speed: speed,
            position: position, nearMiss: nearMiss, cancelAt: cancelAt
        )
        do {
            try options.validate()
        } catch {
            throw ValidationError(error.description)
        }
        return options
    }

    /// For the header's detail line.
    var summary: String {
        "seed=\(seed) rate=\(samplingRate)Hz noise=\(noise)pt jitter=\(jitter)ms speed=\(speed)"
    }
}

extension GestureFamily: ExpressibleByArgument {
    /// The families a gesture argument takes, without ArgumentParser's generic key path (see
    /// `LogFormat.allValueStrings`).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

/// `touchstone synth GESTURE`: one gesture family, once or several times, into one trace.
struct SynthGesture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesture",
        abstract: "Generate one gesture (the default: `touchstone synth tap -o tap.trace`).",
        discussion: "GESTURE is one of: \(GestureFamily.allValueStrings.joined(separator: ", "))."
    )

    @Argument(help: "The gesture family to perform.")
    var gesture: GestureFamily

    @OptionGroup var panel: SynthPanelOptions

    @Option(name: [.short, .customLong("output")], help: "The trace to write: .trace (binary) or .jsonl (JSON Lines).")
    var output: String

    // The options below apply to some gestures only, and are optional so that one given to a
    // gesture it does not apply to is refused rather than ignored (`checkOptionsApply`).
    @Option(parsing: .unconditional, help: "Fingers for tap, double-tap, long-press, pan and swipe (1…10; default 1).")
    var fingers: Int?

    @Option(help: """
        Direction: left/right/up/down for swipe, pan and double-tap-drag; in/out for pinch; \
        clockwise/counterclockwise for rotation and circle.
        """)
    var direction: String?

    @Option(help: "Edge an edge-pan starts from: left, right, top or bottom (default left).")
    var edge: ScreenEdgeArgument?

    @Option(parsing: .unconditional, help: "Rotation angle in degrees (the sign or --direction sets the sense; positive is clockwise; default 45).")
    var degrees: Double?

    @Option(parsing: .unconditional, help: "Pinch: final over initial finger distance (below 1 for in, above 1 for out).")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Shake: how many times the finger reverses (1…20; default 4).")
    var turns: Int?

    @Option(help: "Pattern: the targets of the 3×3 grid in order, numbered like a keypad (default 1-2-3-6-9).")
    var code: String?

    @Flag(help: "Chevron: draw it mirrored (down-left, then down-right).")
    var mirrored = false

    @Option(name: .customLong("at"), parsing: .unconditional, help: "Where the gesture happens, in points: X,Y (the screen is 1280×800).")
    var position: String?

    @Flag(help: "Generate the gesture's near miss, which falls just outside one of its thresholds.")
    var nearMiss = false

    @Option(parsing: .unconditional, help: "Cancel every touch this fraction of the way through the gesture (0…1), as the system does on an incoming call.")
    var cancelAt: Double?

    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Perform the gesture this many times, with human pauses between.")
    var repetitions: Int = 1
    /// The most repetitions one trace holds: more is a disk filled by a typo.
    static let maximumRepetitions = 1_000_000

    /// Every check of the command line, so that a bad value is a usage error (64) with this
    /// command's usage line, found before anything is written.
    func validate() throws {
        try refuseUnnamablePath(output, option: "-o")
        try SynthOutput.refuseUnknownExtension(output)
        _ = try makeSession()
    }

    func run() throws {
        let (gesture, synthesizer) = try makeSession()
        var session = synthesizer
        let header = SyntheticTouchscreen.header(
            recorder: "touchstone synth \(self.gesture.rawValue)",
            version: Touchstone.configuration.version,
            detail: "\(gesture.label)\(nearMiss ? " near-miss" : "")\(cancelAt.map { " cancel-at=\($0)" } ?? "") \(panel.summary) repeat=\(repetitions)"
        )
        try SynthOutput.write(
            to: output, header: header,
            summary: { _ in "wrote \(TerminalText.escaped(output, keepingLineBreaks: false)): \(session.touchSamples) touch samples, \(session.gestures) gesture\(session.gestures == 1 ? "" : "s")" }
        ) { sink in
            for _ in 0..<repetitions { try session.perform(gesture, into: &sink) }
        }
    }

    /// The gesture asked for and the synthesizer that performs it, or a `ValidationError` naming
    /// the option that is out of range or does not apply.
    private func makeSession() throws -> (Gesture, SessionSynthesizer) {
        let gesture = try makeGesture()
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard repetitions <= Self.maximumRepetitions else {
            throw ValidationError("--repeat must be at most \(Self.maximumRepetitions) (a ten-finger pan that many times is about 1.2 GB)")
        }
        let options = try panel.synthesisOptions(position: try parsePosition(), nearMiss: nearMiss, cancelAt: cancelAt)
        do {
            try SessionSynthesizer.validate(gesture)
            return (gesture, try SessionSynthesizer(seed: panel.seed, options: options))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Refuses an option given to a gesture it does not apply to: ignored, it would make a trace
    /// other than the one asked for without a word.
    private func checkOptionsApply() throws {
        let given: [(name: String, given: Bool, gestures: Set<GestureFamily>)] = [
            ("--fingers", fingers != nil, [.tap, .doubleTap, .longPress, .pan, .swipe]),
            ("--direction", direction != nil, [.pan, .swipe, .pinch, .rotation, .circle, .doubleTapDrag]),
            ("--edge", edge != nil, [.edgePan]),
            ("--degrees", degrees != nil, [.rotation]),
            ("--scale", scale != nil, [.pinch]),
            ("--turns", turns != nil, [.shake]),
            ("--code", code != nil, [.pattern]),
            ("--mirrored", mirrored, [.chevron]),
        ]
        for option in given where option.given && !option.gestures.contains(gesture) {
            let takers = GestureFamily.allCases.filter(option.gestures.contains).map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\(option.name) does not apply to \(gesture.rawValue); it applies to \(takers)")
        }
    }

    private func makeGesture() throws -> Gesture {
        try checkOptionsApply()
        let fingers = fingers ?? 1
        switch gesture {
        case .tap: return .tap(fingers: fingers)
        case .doubleTap: return .doubleTap(fingers: fingers)
        case .longPress: return .longPress(fingers: fingers)
        case .pan: return .pan(direction: try direction.map(swipeDirection), fingers: fingers)
        case .swipe: return .swipe(direction: try swipeDirection(direction ?? "right"), fingers: fingers)
        case .pinch:
            let sense = try choice(direction ?? "in", PinchDirection.self)
            return .pinch(sense, scale: scale)
        case .rotation:
            let sense = try choice(direction ?? "clockwise", Turn.self)
            let degrees = degrees ?? 45
            // The sign and --direction each say the sense: a negative angle is counterclockwise
            // already (negated again, -30 counterclockwise turned clockwise), and a negative angle
            // said to turn clockwise is a contradiction.
            if degrees < 0 {
                guard direction == nil || sense == .counterclockwise else {
                    throw ValidationError("--degrees \(degrees) turns counterclockwise, and --direction says clockwise; give one sense")
                }
                return .rotation(degrees: degrees)
            }
            return .rotation(degrees: sense == .clockwise ? degrees : -degrees)
        case .edgePan: return .edgePan(edge: edge?.edge ?? .left)
        case .chevron: return .chevron(mirrored: mirrored)
        case .checkmark: return .checkmark
        case .circle: return .circle(try choice(direction ?? "clockwise", Turn.self))
        case .shake: return .shake(turns: turns ?? 4)
        case .doubleTapDrag: return .doubleTapDrag(direction: try swipeDirection(direction ?? "down"))
        case .pattern:
            do {
                return .pattern(try PatternCode(parsing: code ?? "1-2-3-6-9"))
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    private func swipeDirection(_ text: String) throws -> SwipeDirection {
        try choice(text, SwipeDirection.self)
    }

    private func choice<Choice: RawRepresentable & CaseIterable>(_ text: String, _: Choice.Type) throws -> Choice
    where Choice.RawValue == String {
        guard let value = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--direction \(text) does not apply to \(gesture.rawValue); use one of: \(allowed)")
        }
        return value
    }

    private func parsePosition() throws -> ScreenPoint? {
        guard let position else { return nil }
        let parts = position.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else {
            throw ValidationError("--at \(position): expected X,Y in points, such as 640,400")
        }
        return ScreenPoint(x: x, y: y)
    }
}

/// `--edge` values.
struct ScreenEdgeArgument: ExpressibleByArgument {
    var edge: ScreenEdge

    init(_ edge: ScreenEdge) { self.edge = edge }

    init?(argument: String) {
        guard let edge = ScreenEdge(rawValue: argument) else { return nil }
        self.edge = edge
    }

    static let left = ScreenEdgeArgument(.left)
    var defaultValueDescription: String { edge.rawValue }
    static var allValueStrings: [String] { ScreenEdge.allCases.map(\.rawValue) }
}
