import Benchmark
import BenchmarkSupport
import TouchstoneBenchmarking
import Replay

/// The replay suite: touch samples per second through each built-in scene on a large synthetic
/// corpus, the whole road from trace file to log, and peak memory at two corpus sizes.
/// Targets: ≥ 5 M samples per second per core through `map`; memory flat in corpus size.
let benchmarks: @Sendable () -> Void = {
    let sabotage = Sabotage.current
    Benchmark.teardown = { BenchmarkCorpus.removeScratch() }
    let samples = 500_000

    for scene in BuiltinScenes.all {
        Benchmark("Replay.\(scene.name)", configuration: SuiteDefaults.timed()) { benchmark, path in
            benchmark.startMeasurement()
            let rate = Rate()
            let outcome = try StreamedReplay.run(tracePath: path, scene: scene, sabotage: sabotage)
            rate.report(samples: outcome.touchSamples, to: benchmark)
            benchmark.stopMeasurement()
            blackHole(outcome.logBytes)
        } setup: {
            try BenchmarkCorpus.traceFile(samples: samples)
        }
    }

    // Peak memory replaying through `map` a corpus and one four times its size. `anon_growth_kib`
    // (heap and stacks grown during the replay) equal at both sizes means the replay's memory does not grow with the trace;
    // `peakMemoryResident` grows by the mapped file's pages, which the reader touches by design
    // and the kernel can drop at will.
    for size in [samples, 4 * samples] {
        Benchmark(
            "Replay.map.memory.\(size / 1000)k",
            configuration: Benchmark.Configuration(
                metrics: [.peakMemoryResident, TouchstoneMetric.anonymousGrowthKiB],
                warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 2,
                thresholds: [
                    .peakMemoryResident: SuiteDefaults.memoryTolerance,
                    // Tens to a few hundred KiB, whatever the size: a leak per event would add megabytes.
                    TouchstoneMetric.anonymousGrowthKiB: BenchmarkThresholds(absolute: [.p90: 1024]),
                ])
        ) { benchmark, path in
            let memory = AnonymousMemory()
            blackHole(try StreamedReplay.run(
                tracePath: path, scene: BuiltinScenes.map, sabotage: sabotage, memory: memory))
            benchmark.measurement(TouchstoneMetric.anonymousGrowthKiB, memory.growthKiB)
        } setup: {
            try BenchmarkCorpus.traceFile(samples: size)
        }
    }
}
