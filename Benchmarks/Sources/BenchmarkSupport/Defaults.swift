import Benchmark

/// Configuration shared by every suite, so that a run of all of them stays within a few minutes on
/// a 2-core machine shared with other work.
///
/// `scripts/bench-check` judges a run with these tolerances by metric, restated in
/// `TOLERANCES` of scripts/lib/touchstone_bench.py: change the two together.
public enum SuiteDefaults {
    /// Tolerance for rates (larger is better): fails when a rate falls to half its threshold.
    ///
    /// Timing on the project's 2-core VM is noisy even in thread CPU time: while other jobs compiled,
    /// an unchanged rerun came out up to 1.7× slower at p90 (hyper-threads and caches are shared), so
    /// package-benchmark's 5 % default, and even 50 % on a time, fail spuriously. A real regression
    /// (the sabotaged build, a lost fast path) moves these by several times.
    public static var rateTolerance: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 50.0]) }

    /// Tolerance for times (smaller is better): fails when a time doubles, the same bar as
    /// `rateTolerance` (a relative drop of a rate can never exceed 100 %, a rise of a time can).
    public static var timeTolerance: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 100.0]) }

    /// Metrics that do not depend on the machine's mood: counts of allocations, sizes, virtual time.
    public static var exact: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 0.0], absolute: [.p90: 0]) }

    /// Peak resident memory moves a little with the allocator's and the harness's own moods.
    public static var memoryTolerance: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 25.0]) }

    /// A configuration measuring rates (custom metrics) and nothing that perturbs them.
    public static func timed(
        extra: [BenchmarkMetric] = [],
        thresholds: [BenchmarkMetric: BenchmarkThresholds] = [:]
    ) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, TouchstoneMetric.samplesPerSecond, TouchstoneMetric.nanosecondsPerSample] + extra,
            warmupIterations: 2,
            maxDuration: .seconds(3),
            maxIterations: 40,
            thresholds: [
                TouchstoneMetric.samplesPerSecond: rateTolerance,
                TouchstoneMetric.nanosecondsPerSample: timeTolerance,
            ].merging(thresholds) { $1 }
        )
    }

    /// A configuration for decoding: `timed()` plus events per second, gated like the sample rate.
    public static func decode() -> Benchmark.Configuration {
        timed(extra: [TouchstoneMetric.eventsPerSecond],
              thresholds: [TouchstoneMetric.eventsPerSecond: rateTolerance])
    }

    /// A configuration for loading whole recordings: `timed()` plus the time per load.
    public static func loads() -> Benchmark.Configuration {
        timed(extra: [TouchstoneMetric.microsecondsPerLoad],
              thresholds: [TouchstoneMetric.microsecondsPerLoad: timeTolerance])
    }

    /// A configuration counting allocations alone: peak memory sampling adds mallocs of its own, so
    /// a benchmark gated on `mallocCountTotal` measures nothing else.
    public static func allocations(tolerance: Int = 0) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.mallocCountTotal],
            warmupIterations: 2,
            maxDuration: .seconds(2),
            maxIterations: 10,
            thresholds: [.mallocCountTotal: BenchmarkThresholds(absolute: [.p90: tolerance])]
        )
    }
}
