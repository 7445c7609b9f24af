import Foundation
import TouchTrace

/// Replays a trace file through a scene, streaming the trace (memory does not grow with its
/// length) and handing the log out in pieces as it grows.
public enum TraceReplay {
    /// The log is flushed to `output` whenever this many bytes have gathered, and at the end.
    static let flushThreshold = 1 << 16

    /// Replays the trace at `tracePath` (a binary trace, streamed; any other format Touchstone reads,
    /// recognised by its content and imported whole: they are small); `output` receives the log bytes in order. Errors name the file and,
    /// for a damaged trace, the byte offset or line.
    public static func replay(
        tracePath: String, scene: Scene, format: LogFormat = .text, output: ([UInt8]) throws -> Void
    ) throws -> ReplayOutcome {
        let driver: ReplayDriver
        do {
            if try TraceFile.detectFormat(path: tracePath) != .binary {
                let document = try TraceFile.load(path: tracePath).document
                driver = ReplayDriver(scene: scene, devices: document.header.devices, format: format)
                for event in document.events {
                    try driver.feed(event)
                    if driver.pendingLogBytes >= flushThreshold { try driver.drainLog(output) }
                }
            } else {
                let reader = try TraceReader(path: tracePath)
                driver = ReplayDriver(scene: scene, devices: reader.header.devices, format: format)
                try driver.feedAll(reader, drainingEvery: flushThreshold, into: output)
            }
        } catch let error as ReplayError {
            throw TraceInputError(file: tracePath, location: .wholeFile, message: error.message)
        }
        driver.finish()
        try driver.drainLog(output)
        return ReplayOutcome(log: [], events: driver.events, touchSamples: driver.touchSamples,
                             latencies: driver.latencies, virtualDuration: driver.now)
    }
}
