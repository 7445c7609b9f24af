import TouchTrace

/// Builds corpora for scale tests and benchmarks: traces of an exact number of touch samples, each a
/// long session of mixed gestures (see `CorpusMix`), streamed into a sink as they are made.
///
/// Trace `index` of a corpus depends only on the seed and the index, so traces can be made in any
/// order or in parallel and still match.
public struct CorpusSynthesizer: Sendable {
    public let seed: UInt64
    public let options: SynthesisOptions

    public init(seed: UInt64, options: SynthesisOptions = SynthesisOptions()) throws(SynthesisError) {
        try options.validate()
        self.seed = seed
        self.options = options
    }

    /// What one corpus trace holds.
    public struct TraceSummary: Equatable, Sendable {
        public var touchSamples: Int
        public var gestures: Int
        /// Time of the last event, in microseconds.
        public var duration: Microseconds
    }

    /// The header for trace `index`.
    public func header(index: Int, samples: Int, version: String) -> TraceHeader {
        SyntheticTouchscreen.header(
            recorder: "touchstone synth corpus", version: version,
            detail: "seed=\(seed) trace=\(index) samples=\(samples) rate=\(options.samplingRate) noise=\(options.noise) jitter=\(options.jitter) speed=\(options.speed)"
        )
    }

    /// Streams trace `index` of the corpus into `sink`: exactly `samples` touch samples (at least 2).
    ///
    /// Each gesture is made in a scratch buffer first; the one that would overshoot the count is
    /// dropped and replaced by a resting finger of exactly the samples still missing.
    @discardableResult
    public func generateTrace<Sink: TraceEventSink>(index: Int, samples: Int, into sink: inout Sink) throws -> TraceSummary {
        guard samples >= 2 else { throw SynthesisError.invalidOption("a corpus trace needs at least 2 touch samples, not \(samples)") }
        // Two independent streams per trace: one seeds the session, one picks the gestures.
        var streams = SeededGenerator(seed: seed, stream: UInt64(index))
        var session = try SessionSynthesizer(seed: streams.next(), options: options)
        var mixer = SeededGenerator(seed: streams.next())
        var scratch: [TraceEvent] = []
        scratch.reserveCapacity(4096)
        while session.touchSamples < samples {
            let missing = samples - session.touchSamples
            let gesture = CorpusMix.draw(&mixer)
            let before = session.checkpoint
            let nearMiss = mixer.chance(CorpusMix.nearMissShare)
            let cancelAt = mixer.chance(CorpusMix.cancelledShare) ? mixer.uniform(0.2, 0.8) : nil
            let plan = session.plan(gesture, nearMiss: nearMiss, cancelAt: cancelAt)
            if session.sampleBound(of: plan) <= missing - 2 {
                // Certain to fit with room for a final touch: stream it straight through.
                try session.perform(plan, into: &sink)
                continue
            }
            // Near the end: try it in the scratch buffer, and rest a finger instead if it overshoots.
            scratch.removeAll(keepingCapacity: true)
            let made = try session.perform(plan, into: &scratch)
            if made != missing && made > missing - 2 {
                session.restore(before)
                scratch.removeAll(keepingCapacity: true)
                try session.rest(samples: missing, into: &scratch)
            }
            for event in scratch { try sink.append(event) }
        }
        return TraceSummary(touchSamples: session.touchSamples, gestures: session.gestures, duration: session.lastEventTime)
    }
}
