import Foundation
import Synthesis
import TouchTrace

/// The synthetic corpora every suite measures on: the same generator and fixed seeds as
/// `touchstone synth corpus`, built in a benchmark's setup, outside the measured region.
///
/// The seed is fixed so that every run, machine and commit measures the same events; changing it
/// (or the generator) moves deterministic metrics such as bytes per sample, so do it on purpose and
/// update the thresholds in the same commit.
public enum Corpus {
    /// The seed of every benchmark corpus.
    public static let seed: UInt64 = 20_261_121

    /// A corpus trace held in memory: header and events, and how many of them are touch samples.
    public struct InMemory: @unchecked Sendable {
        public let header: TraceHeader
        public let events: [TraceEvent]
        public let touchSamples: Int
    }

    /// Trace 0 of the benchmark corpus with exactly `samples` touch samples, in memory.
    public static func events(samples: Int) throws -> InMemory {
        let synthesizer = try CorpusSynthesizer(seed: seed)
        var events: [TraceEvent] = []
        events.reserveCapacity(samples + samples / 2)
        let summary = try synthesizer.generateTrace(index: 0, samples: samples, into: &events)
        return InMemory(
            header: synthesizer.header(index: 0, samples: samples, version: "benchmarks"),
            events: events, touchSamples: summary.touchSamples)
    }

    /// Trace 0 of the benchmark corpus with exactly `samples` touch samples, streamed straight into
    /// a binary trace file (so that building it holds no events in memory). Returns its path, in
    /// this process's scratch directory, which `removeScratch()` deletes.
    public static func traceFile(samples: Int) throws -> String {
        let synthesizer = try CorpusSynthesizer(seed: seed)
        let path = try scratchDirectory() + "/corpus-\(samples).trace"
        var sink = WriterSink(writer: try TraceWriter(
            path: path, header: synthesizer.header(index: 0, samples: samples, version: "benchmarks")))
        try synthesizer.generateTrace(index: 0, samples: samples, into: &sink)
        try sink.writer.close()
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

    private static var scratchPath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-bench-\(getpid())").path
    }

    private struct WriterSink: TraceEventSink {
        let writer: TraceWriter
        mutating func append(_ event: TraceEvent) throws { try writer.append(event) }
    }
}
