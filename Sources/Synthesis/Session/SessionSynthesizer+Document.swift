import TouchTrace

extension SessionSynthesizer {
    /// A whole synthetic trace in memory: `gestures` performed in order after the usual pauses, with
    /// the synthetic touchscreen's header. For small tools and tests; large sessions should stream
    /// into a writer with `perform(_:nearMiss:into:)` instead.
    public static func document(
        _ gestures: [Gesture], seed: UInt64, options: SynthesisOptions = SynthesisOptions(), version: String = "synthetic"
    ) throws -> TraceDocument {
        var session = try SessionSynthesizer(seed: seed, options: options)
        var events: [TraceEvent] = []
        for gesture in gestures { try session.perform(gesture, into: &events) }
        let header = SyntheticTouchscreen.header(
            recorder: "touchstone synth", version: version,
            detail: "seed=\(seed) " + gestures.map(\.label).joined(separator: ", ")
        )
        return TraceDocument(header: header, events: events)
    }
}
