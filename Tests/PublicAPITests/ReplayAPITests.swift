import Foundation
import Replay
import TestSupport
import Testing
import TouchTrace
import TouchstoneBenchmarking

/// `TraceReplay` as a package outside Touchstone calls it: any trace format in, the canonical log
/// streamed out to a sink.
@Suite("Replay API")
struct ReplayAPITests {
    @Test("A binary capture replayed through its scene into a byte buffer gives its golden log")
    func binaryCaptureGivesGolden() throws {
        let base = Bundled.captures + "/standard/long-press"
        let scene = try SceneReference.resolve(captureSceneFile: base + ".scene")
        var log: [UInt8] = []
        let outcome = try TraceReplay.replay(tracePath: base + ".trace", scene: scene, into: &log)
        #expect(log == (try Bundled.bytes(base + ".golden.log")))
        #expect(outcome.events > 0 && outcome.touchSamples > 0)
        #expect(outcome.notices.isEmpty)
    }

    @Test("A replay that collects no latencies gives the same log and an empty latency record")
    func replayWithoutLatencies() throws {
        let base = Bundled.captures + "/standard/long-press"
        let scene = try SceneReference.resolve(captureSceneFile: base + ".scene")
        var log: [UInt8] = []
        let outcome = try TraceReplay.replay(tracePath: base + ".trace", scene: scene, collectsLatencies: false, into: &log)
        #expect(log == (try Bundled.bytes(base + ".golden.log")))
        #expect(outcome.latencies == LatencySamples())
        var collected: [UInt8] = []
        #expect(!(try TraceReplay.replay(tracePath: base + ".trace", scene: scene, into: &collected)).latencies.recognition.isEmpty)
    }

    @Test("An evemu recording replays through the same road to the golden of its converted capture")
    func evemuRecordingGivesGolden() throws {
        let capture = Bundled.captures + "/real/atmel-maxtouch-touchscreen.1-finger-fast-taps"
        let recording = Bundled.captures + "/real/sources/Atmel maXTouch Touchscreen.1-finger-fast-taps.events"
        let scene = try SceneReference.resolve(captureSceneFile: capture + ".scene")
        var log: [UInt8] = []
        try TraceReplay.replay(tracePath: recording, scene: scene, into: &log)
        #expect(log == (try Bundled.bytes(capture + ".golden.log")))
    }

    @Test("Replaying into an OutputFile writes the log whole when the caller commits")
    func outputFileSink() throws {
        let folder = TemporaryDirectory("api")
        let base = Bundled.captures + "/standard/long-press"
        var output = try OutputFile(path: folder.file("run.log"), inputs: [base + ".trace"])
        try TraceReplay.replay(tracePath: base + ".trace", scene: BuiltinScenes.named("longPress")!, into: &output)
        #expect(!FileManager.default.fileExists(atPath: folder.file("run.log")))
        try output.commit()
        #expect(try Bundled.bytes(folder.file("run.log")) == Bundled.bytes(base + ".golden.log"))
    }

    @Test("A long log reaches the sink in whole pieces of flushThreshold bytes, then the rest, adding up to the whole log")
    func logIsStreamedInPieces() throws {
        var pieces = PieceRecorder()
        let scene = try SceneReference.resolve("map")
        let trace = try longTrace()
        try TraceReplay.replay(tracePath: trace.file("long.trace"), scene: scene, into: &pieces)
        var whole: [UInt8] = []
        try TraceReplay.replay(tracePath: trace.file("long.trace"), scene: scene, into: &whole)
        #expect(pieces.sizes.count > 1)
        #expect(pieces.sizes.dropLast().allSatisfy { $0 > 0 && $0 % TraceReplay.flushThreshold == 0 })
        #expect(pieces.bytes == whole)
    }

    @Test("The JSON Lines log format goes through the same sink")
    func jsonLinesFormat() throws {
        let base = Bundled.captures + "/standard/long-press"
        var log: [UInt8] = []
        try TraceReplay.replay(tracePath: base + ".trace", scene: BuiltinScenes.named("longPress")!, format: .jsonl, into: &log)
        let lines = String(decoding: log, as: UTF8.self).split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
    }

    @Test("An error thrown by the sink ends the replay and reaches the caller")
    func sinkErrorPropagates() throws {
        var sink = FailingSink()
        #expect(throws: FailingSink.Refused.self) {
            try TraceReplay.replay(tracePath: Bundled.captures + "/standard/long-press.trace",
                                   scene: BuiltinScenes.named("longPress")!, into: &sink)
        }
    }

    @Test("A trace that is not there is an error naming the file")
    func missingTraceNamesFile() throws {
        var log: [UInt8] = []
        do {
            try TraceReplay.replay(tracePath: "/nonexistent/session.trace", scene: BuiltinScenes.map, into: &log)
            Issue.record("replay of a missing file returned")
        } catch {
            #expect(String(describing: error).contains("/nonexistent/session.trace"))
        }
    }

    /// A binary trace of 20,000 mixed touch samples (a log well over one flush), written through the
    /// public trace writer.
    private func longTrace() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory("api")
        let corpus = try BenchmarkCorpus.events(samples: 60_000)
        let writer = try TraceWriter(path: folder.file("long.trace"), header: corpus.header)
        for event in corpus.events { try writer.append(event) }
        try writer.close()
        return folder
    }
}

/// Keeps every piece the replay hands over.
private struct PieceRecorder: LogSink {
    var sizes: [Int] = []
    var bytes: [UInt8] = []
    mutating func write(_ piece: UnsafeRawBufferPointer) {
        sizes.append(piece.count)
        bytes.append(contentsOf: piece)
    }
}

/// Refuses the first piece.
private struct FailingSink: LogSink {
    struct Refused: Error {}
    func write(_ bytes: UnsafeRawBufferPointer) throws { throw Refused() }
}
