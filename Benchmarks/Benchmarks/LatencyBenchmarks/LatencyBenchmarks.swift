import Benchmark
import BenchmarkSupport
import TouchstoneBenchmarking
import Replay

/// The latency suite: recognition latency in virtual time for each standard recognizer, from the
/// first touch down of a sequence to the recognizer's `began` or `recognized`, over the corpus
/// replayed through the recognizer's own built-in scene. Reported as p50, p95 and max in
/// microseconds. Virtual time makes these exact: the same code gives the same figures on any
/// machine, so the thresholds allow no change at all; a change is a change in semantics.
let benchmarks: @Sendable () -> Void = {
    let sabotage = Sabotage.current
    Benchmark.teardown = { BenchmarkCorpus.removeScratch() }
    let samples = 200_000
    let percentiles = ["p50", "p95", "max"]
    let metrics = percentiles.map(TouchstoneMetric.latency)

    for scene in BuiltinScenes.all where scene.allRecognizers.count == 1 {
        let recognizer = scene.allRecognizers[0].id
        Benchmark(
            "Latency.\(scene.name)",
            configuration: Benchmark.Configuration(
                metrics: metrics, warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 2,
                thresholds: Dictionary(uniqueKeysWithValues: metrics.map { ($0, SuiteDefaults.exact) }))
        ) { benchmark, path in
            let outcome = try StreamedReplay.run(tracePath: path, scene: scene, sabotage: sabotage)
            // A recognizer that never recognized anything reports zeros, which a later change that
            // makes it recognize will show as a deviation.
            benchmark.report(outcome.latency(of: recognizer).figures)
        } setup: {
            try BenchmarkCorpus.traceFile(samples: samples)
        }
    }
}
