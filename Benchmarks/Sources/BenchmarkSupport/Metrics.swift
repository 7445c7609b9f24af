import Benchmark

/// The custom metrics Touchstone's suites report, named once so that code, thresholds files, the
/// history and the charts all agree. Names carry their unit and contain no spaces or commas (the
/// influx export strips spaces; the history is CSV).
public enum TouchstoneMetric {
    /// Touch samples processed per second of the measuring thread's CPU time (larger is better).
    public static let samplesPerSecond = BenchmarkMetric.custom(
        "samples_per_s", polarity: .prefersLarger, useScalingFactor: false)
    /// Nanoseconds of the measuring thread's CPU time per touch sample.
    public static let nanosecondsPerSample = BenchmarkMetric.custom(
        "ns_per_sample", polarity: .prefersSmaller, useScalingFactor: false)
    /// Encoded bytes per 1,000 touch samples (deterministic: a property of the format).
    public static let bytesPerThousandSamples = BenchmarkMetric.custom(
        "bytes_per_1000_samples", polarity: .prefersSmaller, useScalingFactor: false)
    /// Microseconds of CPU time to load one whole recording, for the side-by-side comparison of
    /// formats (a YAML load takes seconds, so a per-second count would round to zero).
    public static let microsecondsPerLoad = BenchmarkMetric.custom(
        "us_per_load", polarity: .prefersSmaller, useScalingFactor: false)

    /// Growth of anonymous resident memory (heap and stacks, not mapped files) during the measured
    /// work, in KiB; see `AnonymousMemory`.
    public static let anonymousGrowthKiB = BenchmarkMetric.custom(
        "anon_growth_kib", polarity: .prefersSmaller, useScalingFactor: false)

    /// Recognition latency in virtual time, in microseconds, at one percentile, for one recognizer.
    public static func latency(_ percentile: String) -> BenchmarkMetric {
        .custom("latency_\(percentile)_us", polarity: .prefersSmaller, useScalingFactor: false)
    }
}
