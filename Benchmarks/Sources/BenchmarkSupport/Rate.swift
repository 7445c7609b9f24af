import Benchmark

/// Times the measured loop of one benchmark iteration and reports it per touch sample.
///
/// package-benchmark's own `throughput` counts iterations per second, and one iteration here walks
/// a whole corpus; these metrics divide by the samples in it, so they read directly against the
/// project's targets (samples per second per core, nanoseconds per sample).
public struct Rate {
    private let clock = ContinuousClock()
    private var start: ContinuousClock.Instant

    /// Starts timing; call right after `benchmark.startMeasurement()`.
    public init() {
        start = clock.now
    }

    /// Stops timing and reports `samples_per_s` and `ns_per_sample` for `samples` samples.
    public func report(samples: Int, to benchmark: Benchmark) {
        let elapsed = clock.now - start
        let nanoseconds = Double(elapsed.components.seconds) * 1e9
            + Double(elapsed.components.attoseconds) / 1e9
        guard samples > 0, nanoseconds > 0 else { return }
        benchmark.measurement(TouchstoneMetric.samplesPerSecond, Int(Double(samples) * 1e9 / nanoseconds))
        benchmark.measurement(TouchstoneMetric.nanosecondsPerSample, Int((nanoseconds / Double(samples)).rounded()))
    }

    /// Stops timing and reports `loads_per_s` for `loads` whole loads of a recording.
    public func report(loads: Int, to benchmark: Benchmark) {
        let elapsed = clock.now - start
        let nanoseconds = Double(elapsed.components.seconds) * 1e9
            + Double(elapsed.components.attoseconds) / 1e9
        guard loads > 0, nanoseconds > 0 else { return }
        benchmark.measurement(TouchstoneMetric.loadsPerSecond, Int(Double(loads) * 1e9 / nanoseconds))
    }
}
