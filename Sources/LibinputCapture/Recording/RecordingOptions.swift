import TouchTrace

/// Everything `touchstone record` was asked to do.
public struct RecordingOptions: Sendable {
    /// The first trace file; `--autorestart` continues in `output.1`, `output.2`, …
    public var output: String
    public var backend: LibinputContext.Backend
    /// Stop after this much wall time.
    public var duration: Microseconds?
    /// Start a new file after this much time without events (and with no finger down).
    public var autorestart: Microseconds?
    /// How often buffered events are flushed to disk: a SIGKILL loses at most this much.
    public var flushInterval: Microseconds
    /// Show a one-line live status (the CLI turns it on only when stderr is a terminal).
    public var showStatus: Bool

    public init(
        output: String, backend: LibinputContext.Backend = .seat("seat0"),
        duration: Microseconds? = nil, autorestart: Microseconds? = nil,
        flushInterval: Microseconds = 100_000, showStatus: Bool = false
    ) {
        self.output = output
        self.backend = backend
        self.duration = duration
        self.autorestart = autorestart
        self.flushInterval = flushInterval
        self.showStatus = showStatus
    }

    /// What makes these options unusable, or nil: every interval must be positive (a flush
    /// interval of 0 would flush in a busy loop). Any positive length is taken, up to
    /// `Microseconds.max`: `Recorder` adds them to clock readings without overflowing.
    public var problem: String? {
        if flushInterval <= 0 { return "the flush interval must be positive, found \(flushInterval) µs" }
        if let duration, duration <= 0 { return "the duration must be positive, found \(duration) µs" }
        if let autorestart, autorestart <= 0 { return "the quiet spell before a new file must be positive, found \(autorestart) µs" }
        return nil
    }

    /// The name of the `number`th file of a recording: `output`, then `output.1`, `output.2`, …
    public func fileName(_ number: Int) -> String {
        number == 0 ? output : "\(output).\(number)"
    }
}
