import TouchTrace

/// What replaying one capture produced.
public struct ReplayOutcome: Sendable {
    /// The canonical text log.
    public var log: [UInt8]
    /// Trace events read, and of those, touch samples.
    public var events: Int
    public var touchSamples: Int
    public var latencies: LatencySamples
    /// Virtual time from the first event to the last timer fired, in microseconds.
    public var virtualDuration: Microseconds
    /// Damage the trace reader worked around, import warnings and the replay's own notices
    /// (`ReplayDriver.notices(after:)`), one line each for standard error.
    public var notices: [String]

    public init(log: [UInt8], events: Int, touchSamples: Int, latencies: LatencySamples, virtualDuration: Microseconds,
                notices: [String] = []) {
        self.log = log
        self.notices = notices
        self.events = events
        self.touchSamples = touchSamples
        self.latencies = latencies
        self.virtualDuration = virtualDuration
    }
}

/// How one capture fared: its status and what its replay counted.
public struct CaptureResult: Sendable {
    public enum Status: Equatable, Sendable {
        case passed
        /// The log differs from the golden; the unified diff says how.
        case failed(diff: String)
        /// `--update` wrote a new golden (or found it already equal when `changed` is false).
        case updated(changed: Bool)
        /// The capture could not be replayed: a bad trace, scene or missing golden.
        case error(String)
    }

    public var capture: Capture
    public var status: Status
    public var events: Int
    public var touchSamples: Int
    public var virtualDuration: Microseconds
    /// The capture's latency samples; none once `delivered` (counted into the report's
    /// `latencyCounts` by a streamed run).
    public var latencies: LatencySamples
    /// Every recognizer's recognition latency in the capture, summarized (the report index's p50
    /// and max): kept when `delivered` drops the samples.
    public internal(set) var recognitionLatency: LatencySummary? = nil
    /// Damage the trace reader worked around, import warnings and the replay's own notices, one
    /// line each naming the capture's trace file: what `touchstone verify` prints on standard error.
    public var notices: [String] = []
    /// Every file the capture's replay read or its `--update` writes: the trace, the `.scene`
    /// file, the scene file and templates it names, the golden. No report may replace one.
    public var files: [String] = []

    public var isFailure: Bool {
        switch status {
        case .passed, .updated: false
        case .failed, .error: true
        }
    }

    /// The result as a streamed run keeps it once it has been handed on
    /// (`VerifyRunner.run(progress:delivering:)`): a failure's diff is dropped (`.failed(diff: "")`)
    /// and so are the latency samples (8 bytes a decision; the run counts them into the report's
    /// `latencyCounts` first); everything the summary and the report's index use is kept.
    public var delivered: CaptureResult {
        var kept = self
        if case .failed = status { kept.status = .failed(diff: "") }
        kept.latencies = LatencySamples()
        return kept
    }

    /// About what the result holds in memory, for bounding the results waiting for their turn.
    var heldBytes: Int {
        var bytes = 256 + capture.name.utf8.count
        switch status {
        case .failed(let diff): bytes += diff.utf8.count
        case .error(let message): bytes += message.utf8.count
        case .passed, .updated: break
        }
        for notice in notices { bytes += notice.utf8.count + 16 }
        for file in files { bytes += file.utf8.count + 16 }
        for samples in latencies.recognition.values { bytes += samples.count * 8 + 64 }
        for samples in latencies.action.values { bytes += samples.count * 8 + 64 }
        return bytes
    }
}

/// The settings of one verify run: `touchstone verify`'s argument and options.
public struct VerifyOptions: Sendable {
    /// The folder of captures, searched recursively (`CaptureDiscovery`).
    public var root: String
    /// Rewrite each golden with the log the replay produces now (`--update`).
    public var update: Bool
    /// Captures replayed in parallel, 1 to `maximumJobs` (`--jobs`); results are the same at any
    /// value. The initializer brings a value outside that range into it.
    public var jobs: Int
    /// The most captures replayed in parallel: each worker is a thread reserving 8 MiB of stack,
    /// so 256 take 2 GiB of address space, already far more workers than cores. `verify --jobs`
    /// refuses more as a usage error.
    public static let maximumJobs = 256
    /// The slice of the corpus to run (`--shard K/N`).
    public var shard: Shard
    /// The recognizer kinds the captures' scene files may name.
    public var registry: RecognizerRegistry

    public init(root: String, update: Bool = false, jobs: Int = 1, shard: Shard = .all, registry: RecognizerRegistry = .standard) {
        self.root = root
        self.update = update
        self.jobs = min(max(1, jobs), Self.maximumJobs)
        self.shard = shard
        self.registry = registry
    }
}
