import Benchmark
import TouchstoneBenchmarking

/// The custom metrics Touchstone's suites report, named once so that code, thresholds files, the
/// history and the charts all agree. Names carry their unit and contain no spaces or commas (the
/// influx export strips spaces; the history is CSV).
public enum TouchstoneMetric {
    /// Touch samples processed per second of the measuring thread's CPU time (larger is better).
    public static let samplesPerSecond = BenchmarkMetric(TouchstoneMetricDefinition.samplesPerSecond)
    /// Nanoseconds of the measuring thread's CPU time per touch sample.
    public static let nanosecondsPerSample = BenchmarkMetric(TouchstoneMetricDefinition.nanosecondsPerSample)
    /// Encoded bytes per 1,000 touch samples (deterministic: a property of the format).
    public static let bytesPerThousandSamples = BenchmarkMetric.custom(
        "bytes_per_1000_samples", polarity: .prefersSmaller, useScalingFactor: false)
    /// Trace events of every kind decoded per second of the measuring thread's CPU time. Corpora
    /// differ in events per touch sample (a frame mark per scan: one per sample with one finger, one
    /// per ten with ten), so a decoder's speed is only comparable across corpora in events per second.
    public static let eventsPerSecond = BenchmarkMetric(TouchstoneMetricDefinition.eventsPerSecond)
    /// Encoded bytes per 1,000 touch samples of the mixed corpus (`BenchmarkCorpus.events`): mostly one
    /// finger, a frame mark per sample, pressure and contact size on every sample. A second figure
    /// beside `bytes_per_1000_samples`, which is measured on the ten-finger session the target is
    /// defined on.
    public static let bytesPerThousandSamplesMixed = BenchmarkMetric.custom(
        "bytes_per_1000_samples_mixed", polarity: .prefersSmaller, useScalingFactor: false)
    /// Microseconds of CPU time to load one whole recording, for the side-by-side comparison of
    /// formats (a YAML load takes seconds, so a per-second count would round to zero).
    public static let microsecondsPerLoad = BenchmarkMetric(TouchstoneMetricDefinition.microsecondsPerLoad)

    /// Growth of anonymous resident memory (heap and stacks, not mapped files) during the measured
    /// work, in KiB; see `AnonymousMemory`.
    public static let anonymousGrowthKiB = BenchmarkMetric.custom(
        "anon_growth_kib", polarity: .prefersSmaller, useScalingFactor: false)

    /// Recognition latency in virtual time, in microseconds, at one percentile, for one recognizer.
    public static func latency(_ percentile: String) -> BenchmarkMetric {
        BenchmarkMetric(TouchstoneMetricDefinition.latency(percentile))
    }
}

extension BenchmarkMetric {
    /// The custom metric for one of Touchstone's figures (`TouchstoneMetricDefinition`).
    public init(_ metric: TouchstoneMetricDefinition) {
        self = .custom(metric.name, polarity: metric.prefersSmaller ? .prefersSmaller : .prefersLarger, useScalingFactor: false)
    }
}
