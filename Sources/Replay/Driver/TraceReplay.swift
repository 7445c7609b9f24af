import TouchTrace

/// Replays a trace file through a scene, streaming the trace (memory does not grow with its
/// length) and handing the log out in pieces as it grows.
public enum TraceReplay {
    /// The log is flushed to `output` whenever this many bytes have gathered, and at the end.
    static let flushThreshold = 1 << 16

    /// Replays the trace at `tracePath`, in any format Touchstone reads (`TraceFile.open`, every
    /// format streamed); `output` receives the log bytes in order.
    /// Errors name the file and, for a damaged trace, the byte offset or line; damage worked around
    /// and import warnings come back in the outcome's `notices`.
    public static func replay(
        tracePath: String, scene: Scene, format: LogFormat = .text, output: ([UInt8]) throws -> Void
    ) throws -> ReplayOutcome {
        let input = try TraceFile.open(path: tracePath)
        let driver = ReplayDriver(scene: scene, devices: input.header.devices, format: format)
        do {
            switch input.events {
            case .streamed(let reader):
                try driver.feedAll(reader, drainingEvery: flushThreshold, into: output)
            case .text:
                try input.forEachEvent { event in
                    try driver.feed(event)
                    if driver.pendingLogBytes >= flushThreshold { try driver.drainLog(output) }
                }
            }
        } catch let error as ReplayError {
            throw TraceInputError(file: tracePath, location: .wholeFile, message: error.message)
        }
        driver.finish()
        try driver.drainLog(output)
        return ReplayOutcome(log: [], events: driver.events, touchSamples: driver.touchSamples,
                             latencies: driver.latencies, virtualDuration: driver.now, notices: input.notices)
    }
}
