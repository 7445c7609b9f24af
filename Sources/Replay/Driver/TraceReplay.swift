import TouchTrace

/// Replays a trace file through a scene, streaming the trace (memory does not grow with its
/// length) and handing the log out in pieces as it grows.
public enum TraceReplay {
    /// The log is flushed to `output` whenever this many bytes have gathered, and at the end.
    static let flushThreshold = 1 << 16

    /// Replays the trace at `tracePath`; `output` receives the log bytes in order.
    /// Errors name the file and, for a damaged trace, the byte offset.
    public static func replay(
        tracePath: String, scene: Scene, format: LogFormat = .text, output: ([UInt8]) -> Void
    ) throws -> ReplayOutcome {
        let reader = try TraceReader(path: tracePath)
        let driver = ReplayDriver(scene: scene, devices: reader.header.devices, format: format)
        do {
            try reader.forEachEvent { event in
                try driver.feed(event)
                if driver.pendingLogBytes >= flushThreshold { driver.drainLog(output) }
            }
        } catch let error as ReplayError {
            throw TraceInputError(file: tracePath, location: .wholeFile, message: error.message)
        }
        driver.finish()
        driver.drainLog(output)
        return ReplayOutcome(log: [], events: driver.events, touchSamples: driver.touchSamples,
                             latencies: driver.latencies, virtualDuration: driver.now)
    }
}

/// Replays one capture of a corpus: resolves its scene reference, replays its trace and keeps the
/// log in memory for comparison with the golden.
public enum CaptureReplayer {
    public static func replay(_ capture: Capture) throws -> ReplayOutcome {
        let scene = try SceneReference.resolve(captureSceneFile: capture.sceneReferencePath)
        var log: [UInt8] = []
        var outcome = try TraceReplay.replay(tracePath: capture.tracePath, scene: scene) { log += $0 }
        outcome.log = log
        return outcome
    }
}
