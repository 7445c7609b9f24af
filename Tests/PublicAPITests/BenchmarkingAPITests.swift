import Foundation
import GestureEngine
import Replay
import Synthesis
import TestSupport
import Testing
import TouchTrace
import TouchstoneBenchmarking

/// TouchstoneBenchmarking as a package's benchmark suite calls it. Timings are never asserted:
/// what is pinned is what a pass covers, its counts and its virtual-time latencies (deterministic),
/// and the arithmetic that turns a timing into figures.
@Suite("Benchmarking API")
struct BenchmarkingAPITests {
    @Test("A synthetic corpus has exactly the touch samples asked for and is the same for the same seed")
    func syntheticCorpusIsExactAndSeeded() throws {
        let first = try BenchmarkCorpus.events(samples: 5_000)
        let again = try BenchmarkCorpus.events(samples: 5_000)
        let other = try BenchmarkCorpus.events(samples: 5_000, seed: 7)
        #expect(first.touchSamples == 5_000)
        #expect(first.events.count { if case .touch = $0 { true } else { false } } == 5_000)
        #expect(first.events == again.events)
        #expect(first.events != other.events)
    }

    @Test("A session of chosen gestures performs them in turn until it has the samples asked for")
    func sessionOfGestures() throws {
        let session = try BenchmarkCorpus.session(performing: [.longPress(fingers: 3), .tap(fingers: 3)], samples: 2_000)
        #expect(session.touchSamples >= 2_000)
        #expect(session.header.recorder.name == "touchstone benchmarks")
        #expect(session.header.recorder.detail.hasPrefix("long-press 3 fingers, tap 3 fingers seed="))
        let downs = session.events.compactMap { event -> TouchSample? in
            if case .touch(let sample) = event, sample.phase == .down { sample } else { nil }
        }
        #expect(downs.count.isMultiple(of: 3))
    }

    @Test("A replay pass over a folder of captures counts what verify counts and sees the same latencies")
    func replayPassOverCaptures() throws {
        let folder = TemporaryDirectory("api")
        try Bundled.copy("standard", "long-press", into: folder)
        try Bundled.copy("standard", "double-tap", into: folder)
        let inputs = try BenchmarkCorpus.captures(in: folder.path)
        #expect(inputs.map(\.tracePath) == [folder.file("double-tap.trace"), folder.file("long-press.trace")])
        let pass = try StreamedReplay.run(inputs)
        let report = try VerifyRunner(options: VerifyOptions(root: folder.path)).run()
        #expect(report.failed == 0)
        #expect(pass.events == report.events)
        #expect(pass.touchSamples == report.touchSamples)
        #expect(pass.latencies == report.latencies)
        let goldenBytes = try Bundled.bytes(folder.file("double-tap.golden.log")).count
            + Bundled.bytes(folder.file("long-press.golden.log")).count
        #expect(pass.logBytes == goldenBytes)
        // Every pass over the same corpus is the same.
        let again = try StreamedReplay.run(inputs)
        #expect(again.latencies == pass.latencies && again.logBytes == pass.logBytes)
    }

    @Test("The latency figures of a recognizer are the nearest-rank p50, p95 and max of its recognitions")
    func latencyOfRecognizer() throws {
        let folder = TemporaryDirectory("api")
        try Bundled.copy("standard", "long-press", into: folder)
        let pass = try StreamedReplay.run(try BenchmarkCorpus.captures(in: folder.path))
        let recognizer = try #require(pass.latencies.recognition.keys.first)
        let figures = pass.latency(of: recognizer)
        let summary = try #require(LatencySummary(pass.latencies.recognition[recognizer]!))
        #expect(figures == LatencyFigures(pass.latencies.recognition[recognizer]!))
        #expect(figures.count == summary.count)
        #expect(figures.p50 == summary.p50 && figures.p95 == summary.p95 && figures.max == summary.max)
        #expect(figures.figures.map(\.metric.name) == ["latency_p50_us", "latency_p95_us", "latency_max_us"])
        #expect(pass.latency(of: "no such recognizer") == LatencyFigures([]))
        #expect(LatencyFigures([]).figures.map(\.value) == [0, 0, 0])
        #expect(LatencyFigures([40, 10, 30, 20]) == LatencyFigures([10, 20, 30, 40]))
        #expect(LatencyFigures([10, 20, 30, 40]).p50 == 20 && LatencyFigures([10, 20, 30, 40]).p95 == 40)
    }

    @Test("An engine rig dispatches every touch sample of its script on every pass, to a user's recognizers")
    func engineRigPasses() throws {
        let corpus = try BenchmarkCorpus.session(performing: [.longPress(fingers: 1), .tap(fingers: 1)], samples: 3_000)
        let script = FrameScript(corpus.events)
        #expect(script.touchSamples == corpus.touchSamples)
        let recorder = StateRecorder()
        let press = LongPressGestureRecognizer(name: "press")
        let rig = EngineRig(script: script, recognizers: [press, recorder])
        #expect(rig.pass() == corpus.touchSamples)
        let downsAfterOnePass = recorder.touchesBegan
        #expect(downsAfterOnePass > 0)
        #expect(rig.pass() == corpus.touchSamples)
        #expect(recorder.touchesBegan == 2 * downsAfterOnePass)
    }

    @Test("Pass timings give ns per sample rounded to nearest, rates rounded down, and nothing for an empty pass")
    func passTimingArithmetic() {
        let timing = PassTiming(nanoseconds: 1_000_001, samples: 3, events: 7)
        #expect(timing.nanosecondsPerSample == 333_334)
        #expect(timing.samplesPerSecond == 2_999)
        #expect(timing.eventsPerSecond == 6_999)
        #expect(timing.microseconds == 1_000)
        #expect(timing.figures.map(\.metric) == [.nanosecondsPerSample, .samplesPerSecond, .eventsPerSecond])
        #expect(PassTiming(nanoseconds: 5, samples: 0).figures.isEmpty)
        #expect(PassTiming(nanoseconds: 0, samples: 5).nanosecondsPerSample == nil)
        #expect(PassTiming(nanoseconds: 10, samples: 5).figures.map(\.metric) == [.nanosecondsPerSample, .samplesPerSecond])
    }

    @Test("A thread CPU timer reports the samples it was given and a time that never runs backwards")
    func threadTimerStructure() {
        let timer = ThreadCPUTimer()
        let timing = timer.timing(samples: 12, events: 30)
        #expect(timing.samples == 12 && timing.events == 30)
        #expect(timing.nanoseconds >= 0)
    }

    @Test("Metric names carry their unit and contain no spaces or commas")
    func metricNames() {
        let metrics: [TouchstoneMetricDefinition] = [
            .samplesPerSecond, .nanosecondsPerSample, .eventsPerSecond, .microsecondsPerLoad, .latency("p95"),
        ]
        #expect(metrics.map(\.name) == ["samples_per_s", "ns_per_sample", "events_per_s", "us_per_load", "latency_p95_us"])
        #expect(metrics.map(\.prefersSmaller) == [false, true, false, true, true])
    }
}

/// Counts the touch sequences a view's recognizer sees; never recognizes.
private final class StateRecorder: GestureRecognizer {
    var touchesBegan = 0

    init() {
        super.init(kind: .discrete, name: "recorder")
    }

    override func touchesBegan(_ touches: TouchBatch) {
        touchesBegan += touches.count
    }
}
