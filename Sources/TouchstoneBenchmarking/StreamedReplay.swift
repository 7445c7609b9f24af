import Replay
import TouchTrace

/// A trace and the scene it replays through: one item of a replay benchmark's corpus.
public struct ReplayInput: Sendable {
    public var tracePath: String
    public var scene: Scene

    public init(tracePath: String, scene: Scene) {
        self.tracePath = tracePath
        self.scene = scene
    }
}

/// The whole road of `touchstone replay`, from a trace file to the canonical log: the trace is
/// opened as every command opens it (`TraceFile.open`: a binary trace streamed from a memory map, a
/// text format imported), its events run through a `ReplayDriver` playing the scene in virtual
/// time, and the log is drained every 64 KiB into a counter (as if written to /dev/null).
///
/// It does what `TraceReplay.replay` does, with one difference: it calls `Sabotage.perEvent()` for
/// every event, so that the deliberate-regression switch reaches it.
public enum StreamedReplay {
    /// What one pass produced.
    public struct Outcome: Sendable {
        /// Trace events replayed, and of those, touch samples.
        public var events: Int
        public var touchSamples: Int
        /// Bytes of canonical text log written.
        public var logBytes: Int
        /// Virtual-time latencies per recognizer id, gathered over the whole pass.
        public var latencies: LatencySamples

        public init(events: Int = 0, touchSamples: Int = 0, logBytes: Int = 0, latencies: LatencySamples = LatencySamples()) {
            self.events = events
            self.touchSamples = touchSamples
            self.logBytes = logBytes
            self.latencies = latencies
        }

        /// The recognition latency of the recognizer with id `recognizer` over the pass.
        public func latency(of recognizer: String) -> LatencyFigures {
            LatencyFigures(latencies.recognition[recognizer] ?? [])
        }
    }

    /// Replays `tracePath` through `scene`. When `memory` is given, it is sampled at every log drain
    /// (every 64 KiB of log) and at the end.
    public static func run(
        tracePath: String, scene: Scene, sabotage: Sabotage = .none, memory: AnonymousMemory? = nil
    ) throws -> Outcome {
        let input = try TraceFile.open(path: tracePath)
        let driver = ReplayDriver(scene: scene, devices: input.header.devices)
        var log = ByteCounter()
        try input.forEachEvent { event in
            try driver.feed(event)
            sabotage.perEvent()
            if driver.pendingLogBytes >= TraceReplay.flushThreshold {
                memory?.sample()
                try driver.drainLog(into: &log)
            }
        }
        driver.finish()
        memory?.sample()
        try driver.drainLog(into: &log)
        return Outcome(events: driver.events, touchSamples: driver.touchSamples, logBytes: log.count, latencies: driver.latencies)
    }

    /// Replays every input in turn, each through a fresh instance of its scene, and sums what they
    /// produced: one pass over a corpus of captures.
    public static func run(_ inputs: [ReplayInput], sabotage: Sabotage = .none, memory: AnonymousMemory? = nil) throws -> Outcome {
        var total = Outcome()
        for input in inputs {
            let outcome = try run(tracePath: input.tracePath, scene: input.scene, sabotage: sabotage, memory: memory)
            total.events += outcome.events
            total.touchSamples += outcome.touchSamples
            total.logBytes += outcome.logBytes
            total.latencies.merge(outcome.latencies)
        }
        return total
    }

    /// Counts the log's bytes and drops them.
    private struct ByteCounter: LogSink {
        var count = 0
        mutating func write(_ bytes: UnsafeRawBufferPointer) { count += bytes.count }
    }
}
