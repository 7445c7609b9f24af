#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Replay
import TouchTrace

/// A figure Touchstone's benchmarks report, named once so that code, thresholds files, histories
/// and charts agree. Names carry their unit and contain no spaces or commas (package-benchmark's
/// influx export strips spaces; histories are CSV).
///
/// A package-benchmark suite turns one into a custom metric:
///
/// ```swift
/// extension BenchmarkMetric {
///     init(_ metric: TouchstoneMetricDefinition) {
///         self = .custom(metric.name, polarity: metric.prefersSmaller ? .prefersSmaller : .prefersLarger,
///                        useScalingFactor: false)
///     }
/// }
/// ```
public struct TouchstoneMetricDefinition: Hashable, Sendable {
    public let name: String
    /// Whether a smaller value is better (a time, a size), or a larger one (a rate).
    public let prefersSmaller: Bool

    public init(name: String, prefersSmaller: Bool) {
        self.name = name
        self.prefersSmaller = prefersSmaller
    }

    /// Touch samples processed per second of the measuring thread's CPU time (larger is better).
    public static let samplesPerSecond = Self(name: "samples_per_s", prefersSmaller: false)
    /// Nanoseconds of the measuring thread's CPU time per touch sample.
    public static let nanosecondsPerSample = Self(name: "ns_per_sample", prefersSmaller: true)
    /// Trace events of every kind (touch samples, frame marks, annotations…) per second of the
    /// measuring thread's CPU time: the figure that compares corpora with different events per sample.
    public static let eventsPerSecond = Self(name: "events_per_s", prefersSmaller: false)
    /// Microseconds of the measuring thread's CPU time for one whole load of a recording.
    public static let microsecondsPerLoad = Self(name: "us_per_load", prefersSmaller: true)
    /// Recognition latency in virtual time, in microseconds, at one percentile (`p50`, `p95`,
    /// `max`): from the first touch down of a sequence to the recognizer's `began` or `recognized`.
    public static func latency(_ percentile: String) -> Self {
        Self(name: "latency_\(percentile)_us", prefersSmaller: true)
    }
}

/// Times work in CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`) and states it per
/// touch sample: the definition of every rate in Touchstone's benchmarks.
///
/// Why CPU time: on a machine shared with builds and other jobs, wall-clock time mostly measures how
/// long the scheduler kept the thread waiting; thread CPU time counts only the time the work really
/// ran, which is what "samples per second per core" means. And why per sample: package-benchmark's
/// `throughput` counts iterations per second, while one iteration walks a whole corpus.
///
/// Heap allocations are not counted here: that needs malloc interposed in the benchmark process.
/// package-benchmark does it (its `MallocInterposer` trait) and reports `mallocCountTotal` for one
/// iteration; with one iteration being one pass over the corpus, allocations per sample is that
/// count divided by the pass's touch samples. Touchstone's own suites gate the count per pass in
/// benchmarks of their own (`…allocations`), because sampling peak memory adds mallocs of its own.
public struct ThreadCPUTimer {
    private let start: Int64

    /// Starts timing (inside package-benchmark: right after `benchmark.startMeasurement()`).
    public init() {
        start = Self.now()
    }

    /// CPU nanoseconds this thread ran since `init`.
    public var elapsedNanoseconds: Int64 { Self.now() - start }

    /// Stops timing: the figures of a pass that handled `samples` touch samples among `events`
    /// trace events of every kind.
    public func timing(samples: Int, events: Int = 0) -> PassTiming {
        PassTiming(nanoseconds: elapsedNanoseconds, samples: samples, events: events)
    }

    private static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

/// The CPU time of one measured pass, and the rates it gives. A rate is nil when the pass handled
/// nothing or took no measurable time (nothing to report, rather than a division by zero).
public struct PassTiming: Equatable, Sendable {
    public var nanoseconds: Int64
    public var samples: Int
    public var events: Int

    public init(nanoseconds: Int64, samples: Int, events: Int = 0) {
        self.nanoseconds = nanoseconds
        self.samples = samples
        self.events = events
    }

    private var measurable: Bool { samples > 0 && nanoseconds > 0 }

    /// `ns_per_sample`, rounded to the nearest nanosecond.
    public var nanosecondsPerSample: Int? {
        measurable ? Int((Double(nanoseconds) / Double(samples)).rounded()) : nil
    }

    /// `samples_per_s`, rounded down.
    public var samplesPerSecond: Int? {
        measurable ? Int(Double(samples) * 1e9 / Double(nanoseconds)) : nil
    }

    /// `events_per_s`, rounded down; nil also when the pass counted no events.
    public var eventsPerSecond: Int? {
        measurable && events > 0 ? Int(Double(events) * 1e9 / Double(nanoseconds)) : nil
    }

    /// `us_per_load`: the whole pass in microseconds, rounded to the nearest.
    public var microseconds: Int? {
        measurable ? Int((Double(nanoseconds) / 1000).rounded()) : nil
    }

    /// Every figure the pass gives, for reporting them all at once: `ns_per_sample`,
    /// `samples_per_s`, and `events_per_s` when events were counted.
    public var figures: [(metric: TouchstoneMetricDefinition, value: Int)] {
        var figures: [(TouchstoneMetricDefinition, Int)] = []
        if let value = nanosecondsPerSample { figures.append((.nanosecondsPerSample, value)) }
        if let value = samplesPerSecond { figures.append((.samplesPerSecond, value)) }
        if let value = eventsPerSecond { figures.append((.eventsPerSecond, value)) }
        return figures
    }
}

/// Recognition latency of one recognizer over a pass, in microseconds of virtual time: p50, p95
/// (nearest rank, so every figure is a latency that occurred) and max. Zero when the recognizer
/// never recognized anything, so that a later change making it recognize shows as a deviation.
/// Virtual time makes these exact: the same code gives the same figures on any machine.
public struct LatencyFigures: Equatable, Sendable {
    /// Recognitions measured.
    public var count: Int
    public var p50: Microseconds
    public var p95: Microseconds
    public var max: Microseconds

    public init(_ samples: [Microseconds]) {
        let summary = LatencySummary(samples)
        count = summary?.count ?? 0
        p50 = summary?.p50 ?? 0
        p95 = summary?.p95 ?? 0
        max = summary?.max ?? 0
    }

    /// `latency_p50_us`, `latency_p95_us` and `latency_max_us`, in that order.
    public var figures: [(metric: TouchstoneMetricDefinition, value: Int)] {
        [(.latency("p50"), Int(p50)), (.latency("p95"), Int(p95)), (.latency("max"), Int(max))]
    }
}
