import Benchmark

/// Configuration shared by every suite, so that a run of all of them stays within a few minutes on
/// a 2-core machine shared with other work.
public enum SuiteDefaults {
    /// Tolerances for metrics timed on the wall clock. An unchanged rerun on the project's 2-core VM
    /// moved p50 by 10 % and p25 throughput by 12 %, so anything tighter than this fails spuriously;
    /// a real regression (a sabotaged build) moves these by far more.
    public static var wallClockTolerance: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 50.0]) }

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
                TouchstoneMetric.samplesPerSecond: wallClockTolerance,
                TouchstoneMetric.nanosecondsPerSample: wallClockTolerance,
            ].merging(thresholds) { $1 }
        )
    }

    /// A configuration for loading whole recordings: `timed()` plus the time per load.
    public static func loads() -> Benchmark.Configuration {
        timed(extra: [TouchstoneMetric.microsecondsPerLoad],
              thresholds: [TouchstoneMetric.microsecondsPerLoad: wallClockTolerance])
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
