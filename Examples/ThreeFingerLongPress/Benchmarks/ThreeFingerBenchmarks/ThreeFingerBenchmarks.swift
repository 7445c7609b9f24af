import Benchmark
import Foundation
import Replay
import ThreeFingerLongPress
import TouchstoneBenchmarking

/// The recognizer measured as Touchstone measures its own (docs/benchmarks.md), with the same
/// definitions: ns per touch sample of thread CPU time, heap allocations per pass (package-benchmark's
/// `mallocCountTotal`; one pass is one walk over the corpus), and virtual-time recognition latency.
let benchmarks: @Sendable () -> Void = {
    let samples = 100_000
    let captures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("captures").path
    let registry = try! RecognizerRegistry.standard.registering([.threeFingerLongPress])

    // Dispatch alone: a synthetic session of three-finger presses, taps and two-finger presses from a
    // fixed seed, turned into engine frames once, replayed through the recognizer on a warm engine.
    Benchmark("Dispatch.threeFingerLongPress", configuration: timed) { benchmark, rig in
        benchmark.startMeasurement()
        let timer = ThreadCPUTimer()
        let dispatched = rig.pass()
        benchmark.report(timer.timing(samples: dispatched).figures)
        benchmark.stopMeasurement()
    } setup: {
        try EngineRig(script: FrameScript(session(samples: samples).events),
                      recognizers: [ThreeFingerLongPressGestureRecognizer(name: "overlay")])
    }

    Benchmark("Dispatch.threeFingerLongPress.allocations", configuration: allocations) { _, rig in
        blackHole(rig.pass())
    } setup: {
        try EngineRig(script: FrameScript(session(samples: samples).events),
                      recognizers: [ThreeFingerLongPressGestureRecognizer(name: "overlay")])
    }

    // The captures, the whole road from trace file to log: rate and recognition latency.
    Benchmark("Replay.captures", configuration: timed) { benchmark, inputs in
        benchmark.startMeasurement()
        let timer = ThreadCPUTimer()
        let pass = try StreamedReplay.run(inputs)
        benchmark.report(timer.timing(samples: pass.touchSamples).figures)
        benchmark.stopMeasurement()
    } setup: {
        try BenchmarkCorpus.captures(in: captures, registry: registry)
    }

    Benchmark("Latency.threeFingerLongPress", configuration: latency) { benchmark, inputs in
        let pass = try StreamedReplay.run(inputs)
        benchmark.report(pass.latency(of: "overlay").figures)
    } setup: {
        let scene = try SceneReference.resolve(captures + "/../scenes/three-finger.json", registry: registry)
        let trace = try BenchmarkCorpus.traceFile(session(samples: samples), name: "three-finger")
        return [ReplayInput(tracePath: trace, scene: scene)]
    }

    Benchmark.teardown = { BenchmarkCorpus.removeScratch() }
}

/// Three-finger presses among the gestures that must not trigger it, from a fixed seed.
func session(samples: Int) throws -> BenchmarkCorpus.InMemory {
    try BenchmarkCorpus.session(
        performing: [.longPress(fingers: 3), .tap(fingers: 3), .longPress(fingers: 2), .pan(direction: nil, fingers: 3)],
        samples: samples)
}

/// CPU time per sample; fails when it doubles. A time depends on the machine (a shared 2-core one
/// changes speed between two runs minutes apart), so it is checked where it was recorded, not in CI.
var timed: Benchmark.Configuration {
    let nanosecondsPerSample = BenchmarkMetric(TouchstoneMetricDefinition.nanosecondsPerSample)
    return Benchmark.Configuration(
        metrics: [nanosecondsPerSample], warmupIterations: 2, maxDuration: .seconds(2), maxIterations: 20,
        thresholds: [nanosecondsPerSample: BenchmarkThresholds(relative: [.p90: 100.0])])
}

/// Heap allocations of one pass, alone (sampling memory would add mallocs of its own): none allowed.
var allocations: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.mallocCountTotal], warmupIterations: 2, maxDuration: .seconds(2), maxIterations: 10,
        thresholds: [.mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 0])])
}

/// Virtual-time latency is exact: any change is a change in behaviour.
var latency: Benchmark.Configuration {
    let metrics = ["p50", "p95", "max"].map { BenchmarkMetric(TouchstoneMetricDefinition.latency($0)) }
    return Benchmark.Configuration(
        metrics: metrics, warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 2,
        thresholds: Dictionary(uniqueKeysWithValues: metrics.map {
            ($0, BenchmarkThresholds(relative: [.p90: 0.0], absolute: [.p90: 0]))
        }))
}

extension BenchmarkMetric {
    /// The custom metric for one of Touchstone's figures.
    init(_ metric: TouchstoneMetricDefinition) {
        self = .custom(metric.name, polarity: metric.prefersSmaller ? .prefersSmaller : .prefersLarger, useScalingFactor: false)
    }
}

extension Benchmark {
    /// Records each figure under its custom metric.
    func report(_ figures: [(metric: TouchstoneMetricDefinition, value: Int)]) {
        for figure in figures { measurement(BenchmarkMetric(figure.metric), figure.value) }
    }
}
