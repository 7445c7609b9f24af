import Foundation
import Synthesis
import Replay
import TouchTrace

/// The corpora benchmarks measure on, built in a benchmark's setup, outside the measured region:
/// synthetic sessions from the same generator as `touchstone synth corpus` with a fixed seed, or a
/// package's own folder of captures (`captures(in:)`).
///
/// The seed is fixed so that every run, machine and commit measures the same events; changing it
/// (or the generator) moves deterministic metrics such as bytes per sample, so do it on purpose and
/// update the thresholds in the same commit. Touchstone's own suites (`Benchmarks/`) use `seed`.
public enum BenchmarkCorpus {
    /// The seed of every corpus of Touchstone's own suites.
    public static let seed: UInt64 = 20_261_121

    /// A corpus trace held in memory: header and events, and how many of them are touch samples.
    public struct InMemory: Sendable {
        public let header: TraceHeader
        public let events: [TraceEvent]
        public let touchSamples: Int
    }

    /// Trace 0 of the mixed corpus (every gesture family, mostly one finger, as `touchstone synth
    /// corpus` writes it) with exactly `samples` touch samples, in memory.
    public static func events(samples: Int, seed: UInt64 = BenchmarkCorpus.seed) throws -> InMemory {
        let synthesizer = try CorpusSynthesizer(seed: seed)
        var events: [TraceEvent] = []
        events.reserveCapacity(samples + samples / 2)
        let summary = try synthesizer.generateTrace(index: 0, samples: samples, into: &events)
        return InMemory(
            header: synthesizer.header(index: 0, samples: samples, version: "benchmarks"),
            events: events, touchSamples: summary.touchSamples)
    }

    /// Trace 0 of the mixed corpus with exactly `samples` touch samples, streamed straight into a
    /// binary trace file (so that building it holds no events in memory). Returns its path, in
    /// this process's scratch directory, which `removeScratch()` deletes.
    public static func traceFile(samples: Int, seed: UInt64 = BenchmarkCorpus.seed) throws -> String {
        let synthesizer = try CorpusSynthesizer(seed: seed)
        let path = try scratchDirectory() + "/corpus-\(seed)-\(samples).trace"
        var writer = try TraceWriter(path: path, header: synthesizer.header(index: 0, samples: samples, version: "benchmarks"))
        try synthesizer.generateTrace(index: 0, samples: samples, into: &writer)
        try writer.close()
        return path
    }

    /// The session the trace size target is defined on: ten fingers panning together on the synthetic
    /// 120 Hz panel, gesture after gesture with human pauses between (what `touchstone synth pan
    /// --fingers 10 --repeat N --seed <seed>` writes), until at least `samples` touch samples.
    /// 720,000 samples is ten minutes of ten fingers down. Every scan is one frame of ten samples.
    public static func tenFingerSession(samples: Int = 720_000, seed: UInt64 = BenchmarkCorpus.seed) throws -> InMemory {
        try session(.pan(direction: nil, fingers: 10), samples: samples, seed: seed, label: "pan --fingers 10")
    }

    /// One finger panning on the synthetic 120 Hz panel, gesture after gesture, until at least
    /// `samples` touch samples: every frame carries exactly one touch sample, as in the engine's
    /// speed target ("dispatch of one touch sample").
    public static func oneFingerSession(samples: Int, seed: UInt64 = BenchmarkCorpus.seed) throws -> InMemory {
        try session(.pan(direction: nil, fingers: 1), samples: samples, seed: seed, label: "pan --fingers 1")
    }

    /// One finger resting on the synthetic 120 Hz panel for exactly `samples` touch samples: one
    /// touch-down, then moves jittering with sensor noise inside every recognizer's thresholds, then
    /// one lift. Isolates the per-sample cost of a move from the per-gesture cost of downs and ups.
    public static func restingFinger(samples: Int, seed: UInt64 = BenchmarkCorpus.seed) throws -> InMemory {
        var session = try SessionSynthesizer(seed: seed)
        var events: [TraceEvent] = []
        events.reserveCapacity(2 * samples + 2)
        try session.rest(samples: samples, into: &events)
        let header = SyntheticTouchscreen.header(
            recorder: "benchmarks", version: "benchmarks", detail: "one finger resting seed=\(seed)")
        return InMemory(header: header, events: events, touchSamples: session.touchSamples)
    }

    /// `gestures` performed in turn, again and again, by a `SessionSynthesizer` seeded with `seed`,
    /// with the synthetic panel's default options (120 Hz, the default noise and jitter, human
    /// pauses between gestures), until at least `samples` touch samples: a corpus of the gestures a
    /// package's own kinds recognize, such as `[.longPress(fingers: 3), .tap(fingers: 3)]`.
    public static func session(
        performing gestures: [Gesture], samples: Int, seed: UInt64 = BenchmarkCorpus.seed
    ) throws -> InMemory {
        precondition(!gestures.isEmpty, "a session needs at least one gesture")
        return try session(gestures, samples: samples, seed: seed, recorder: "touchstone benchmarks",
                           label: gestures.map(\.label).joined(separator: ", "))
    }

    /// `gesture` performed again and again by a `SessionSynthesizer` seeded with `seed`, with the
    /// panel's default options (120 Hz, the default noise and jitter), until `samples` touch samples.
    private static func session(_ gesture: Gesture, samples: Int, seed: UInt64, label: String) throws -> InMemory {
        try session([gesture], samples: samples, seed: seed, recorder: "touchstone synth pan", label: label)
    }

    private static func session(
        _ gestures: [Gesture], samples: Int, seed: UInt64, recorder: String, label: String
    ) throws -> InMemory {
        var session = try SessionSynthesizer(seed: seed)
        var events: [TraceEvent] = []
        events.reserveCapacity(samples + samples / 4)
        var repetitions = 0
        while session.touchSamples < samples {
            try session.perform(gestures[repetitions % gestures.count], into: &events)
            repetitions += 1
        }
        let header = SyntheticTouchscreen.header(
            recorder: recorder, version: "benchmarks",
            detail: "\(label) seed=\(seed) rate=120.0Hz repeat=\(repetitions)")
        return InMemory(header: header, events: events, touchSamples: session.touchSamples)
    }

    /// The captures below `folder` (`touchstone verify`'s corpus: NAME.trace or another trace format,
    /// NAME.scene, NAME.golden.log), each with its scene resolved, in verify's order: a package's
    /// own recordings to measure its kinds on. Their scenes may name any kind of `registry`.
    public static func captures(in folder: String, registry: RecognizerRegistry = .standard) throws -> [ReplayInput] {
        try CaptureDiscovery.captures(in: folder).map { capture in
            ReplayInput(tracePath: capture.tracePath,
                        scene: try SceneReference.resolve(captureSceneFile: capture.sceneReferencePath, registry: registry))
        }
    }

    /// Writes `corpus` to a binary trace file in this process's scratch directory, as the recorder
    /// would (default writer options: chunks, index and trailer), and returns its path.
    public static func traceFile(_ corpus: InMemory, name: String) throws -> String {
        let path = try scratchDirectory() + "/\(name).trace"
        let writer = try TraceWriter(path: path, header: corpus.header)
        for event in corpus.events { try writer.append(event) }
        try writer.close()
        return path
    }

    /// This process's directory for corpus files, created on first use. Suites install
    /// `removeScratch` as their global teardown so nothing is left behind.
    public static func scratchDirectory() throws -> String {
        try FileManager.default.createDirectory(atPath: scratchPath, withIntermediateDirectories: true)
        return scratchPath
    }

    /// Deletes this process's scratch directory and every corpus file in it.
    public static func removeScratch() {
        try? FileManager.default.removeItem(atPath: scratchPath)
    }

    /// The same length in every process: the pid padded to seven digits (Linux's `pid_max` is at
    /// most 2^22). The exact allocation counts (`Decode.allocations`) open files by this path, and
    /// its length decides some of their string buffers' growth: with the pid as it came, the count
    /// moved by two when the machine's pids went from five digits to four.
    private static var scratchPath: String {
        let pid = String(getpid())
        let padded = String(repeating: "0", count: max(0, 7 - pid.count)) + pid
        return FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-bench-\(padded)").path
    }
}
