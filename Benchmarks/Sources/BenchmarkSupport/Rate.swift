import Benchmark
import TouchstoneBenchmarking

/// Times the measured loop of one benchmark iteration in CPU time of the calling thread and reports
/// it per touch sample: `ThreadCPUTimer` and `PassTiming` (TouchstoneBenchmarking, where the
/// definitions live, shared with packages that benchmark their own recognizers) reported to
/// package-benchmark. package-benchmark's own `wallClock` is still recorded beside it.
public struct Rate {
    private let timer: ThreadCPUTimer

    /// Starts timing; call right after `benchmark.startMeasurement()`.
    public init() {
        timer = ThreadCPUTimer()
    }

    /// Stops timing and reports `samples_per_s` and `ns_per_sample` for `samples` samples.
    public func report(samples: Int, to benchmark: Benchmark) {
        benchmark.report(timer.timing(samples: samples).figures)
    }

    /// Stops timing and reports `samples_per_s`, `ns_per_sample` and `events_per_s`, for a pass that
    /// handled `samples` touch samples among `events` events of every kind.
    public func report(samples: Int, events: Int, to benchmark: Benchmark) {
        benchmark.report(timer.timing(samples: samples, events: events).figures)
    }

    /// Stops timing and reports `us_per_load` for one whole load of a recording of `samples` touch
    /// samples, and the samples' rate as `report(samples:to:)` does.
    public func report(loadOf samples: Int, to benchmark: Benchmark) {
        let timing = timer.timing(samples: samples)
        guard let microseconds = timing.microseconds else { return }
        benchmark.report([(.microsecondsPerLoad, microseconds)] + timing.figures)
    }
}

extension Benchmark {
    /// Records each figure under its custom metric.
    public func report(_ figures: [(metric: TouchstoneMetricDefinition, value: Int)]) {
        for figure in figures { measurement(BenchmarkMetric(figure.metric), figure.value) }
    }
}
