#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Benchmark

/// Times the measured loop of one benchmark iteration in CPU time of the calling thread and reports
/// it per touch sample.
///
/// Why CPU time: the project's machine has 2 cores shared with builds and other jobs, and wall-clock
/// time there mostly measures how long the scheduler kept us waiting (an unchanged rerun moved by
/// 3× while other work compiled). Thread CPU time counts only the time the loop really ran, which is
/// what "samples per second per core" means. package-benchmark's own `wallClock` is still recorded
/// beside it. And why per sample: package-benchmark's `throughput` counts iterations per second,
/// while one iteration here walks a whole corpus.
public struct Rate {
    private let start: Int64

    /// Starts timing; call right after `benchmark.startMeasurement()`.
    public init() {
        start = Self.threadCPUNanoseconds()
    }

    /// Stops timing and reports `samples_per_s` and `ns_per_sample` for `samples` samples.
    public func report(samples: Int, to benchmark: Benchmark) {
        let nanoseconds = Double(Self.threadCPUNanoseconds() - start)
        guard samples > 0, nanoseconds > 0 else { return }
        benchmark.measurement(TouchstoneMetric.samplesPerSecond, Int(Double(samples) * 1e9 / nanoseconds))
        benchmark.measurement(TouchstoneMetric.nanosecondsPerSample, Int((nanoseconds / Double(samples)).rounded()))
    }

    /// Stops timing and reports `us_per_load` for one whole load of a recording of `samples` touch
    /// samples, and the samples' rate as `report(samples:to:)` does.
    public func report(loadOf samples: Int, to benchmark: Benchmark) {
        let nanoseconds = Double(Self.threadCPUNanoseconds() - start)
        guard samples > 0, nanoseconds > 0 else { return }
        benchmark.measurement(TouchstoneMetric.microsecondsPerLoad, Int((nanoseconds / 1000).rounded()))
        benchmark.measurement(TouchstoneMetric.samplesPerSecond, Int(Double(samples) * 1e9 / nanoseconds))
        benchmark.measurement(TouchstoneMetric.nanosecondsPerSample, Int((nanoseconds / Double(samples)).rounded()))
    }

    private static func threadCPUNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
