import TouchTrace

/// Replays a trace through a scene in virtual time and streams the canonical log
/// (`docs/replay-log.md`): what `touchstone replay` does, as a library call.
///
/// The trace is read through `TraceFile.open`, the road every command takes, so every format
/// Touchstone reads works, every one streamed (memory does not grow with the trace's length). The
/// log reaches the sink in pieces as it grows.
///
/// ```swift
/// import Replay
/// import TouchTrace
///
/// let scene = try SceneReference.resolve("scenes/three-finger.json")   // or a built-in: "map"
/// var output = try OutputFile(path: "hold.log", inputs: ["captures/hold.evemu"])  // or .standardOutput()
/// let outcome = try TraceReplay.replay(tracePath: "captures/hold.evemu", scene: scene, into: &output)
/// try output.commit()                                                  // the file appears whole
/// outcome.notices.forEach { print($0) }                                  // damage, import warnings
/// ```
public enum TraceReplay {
    /// The log is handed to the sink in whole pieces of this many bytes as they gather, and the
    /// rest at the end: a power of two, so that a file the log goes to is written in aligned
    /// blocks (`LogWriter.drain(into:wholeBlocksOf:)`).
    public static let flushThreshold = 1 << 20

    /// Opens the trace at `tracePath` (any format Touchstone reads, recognised by its content)
    /// and replays it; see `replay(_:scene:format:collectsLatencies:into:)`.
    ///
    /// - Throws: `TraceInputError` naming the file and, for a damaged or unreadable trace, the
    ///   byte offset or line; or what `sink` throws.
    @discardableResult
    public static func replay<Sink: LogSink>(
        tracePath: String, scene: Scene, format: LogFormat = .text, collectsLatencies: Bool = true, into sink: inout Sink
    ) throws -> ReplayOutcome {
        try replay(TraceFile.open(path: tracePath), scene: scene, format: format, collectsLatencies: collectsLatencies, into: &sink)
    }

    /// Replays every remaining event of `input` through a fresh instance of `scene`, then runs the
    /// timers still pending, handing the log to `sink` in order.
    ///
    /// - Parameters:
    ///   - input: A trace opened with `TraceFile.open(path:salvage:)`, in any format.
    ///   - scene: The scene to replay through; a fresh instance of it is made.
    ///   - format: `.text` is the canonical form goldens store; `.jsonl` the same records as JSON.
    ///   - collectsLatencies: false to gather no latency samples (the outcome's `latencies` is
    ///     empty, the log the same): memory then stays flat in the trace's length, where the
    ///     samples take 8 bytes a decision. `touchstone replay` passes false.
    ///   - sink: Where the log goes, in order, in whole pieces of 1 MiB (`flushThreshold`), then the rest.
    /// - Returns: the counts, the virtual-time latencies (when collected) and the notices (damage worked around,
    ///   import warnings, touches that began outside the window, trackpad pinch scales no pinch
    ///   can have, trackpad movements that are no finite number: one line each, meant for standard error). Its `log` is empty: the log went to `sink`.
    /// - Throws: `TraceInputError` naming the file and, for a damaged or unreadable trace, the
    ///   byte offset or line; or what `sink` throws.
    @discardableResult
    public static func replay<Sink: LogSink>(
        _ input: TraceInput, scene: Scene, format: LogFormat = .text, collectsLatencies: Bool = true, into sink: inout Sink
    ) throws -> ReplayOutcome {
        let driver = ReplayDriver(scene: scene, devices: input.header.devices, format: format, collectsLatencies: collectsLatencies)
        do {
            switch input.events {
            case .streamed(let reader):
                try driver.feedAll(reader, drainingEvery: flushThreshold, into: &sink)
            case .text:
                try input.forEachEvent { event in
                    try driver.feed(event)
                    if driver.pendingLogBytes >= flushThreshold { try driver.drainLog(into: &sink, wholeBlocksOf: flushThreshold) }
                }
            }
        } catch let error as ReplayError {
            // The driver has counted the event it refused.
            throw TraceInputError(file: input.path, location: input.location(ofEvent: driver.events - 1), message: error.message)
        }
        driver.finish()
        try driver.drainLog(into: &sink)
        return ReplayOutcome(log: [], events: driver.events, touchSamples: driver.touchSamples,
                             latencies: driver.latencies, virtualDuration: driver.now,
                             notices: driver.notices(after: input))
    }
}
