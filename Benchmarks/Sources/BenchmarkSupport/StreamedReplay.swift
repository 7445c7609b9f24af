import Replay
import TouchTrace

/// The whole road of `touchstone replay`, from a trace file to the canonical log: the binary reader
/// streams events from a memory map into a `ReplayDriver` running a scene in virtual time, and the
/// log is drained in 64 KiB pieces (here counted and dropped, as if written to /dev/null).
///
/// It does what `TraceReplay.replay` does for a binary trace, with one difference: it calls
/// `Sabotage.perEvent()` for every event, so that the deliberate-regression switch reaches it.
public enum StreamedReplay {
    /// What one replay produced.
    public struct Outcome {
        public var touchSamples: Int
        public var logBytes: Int
        public var latencies: LatencySamples
    }

    /// Replays `tracePath` through `scene`. When `memory` is given, it is sampled at every log drain
    /// (every 64 KiB of log) and at the end.
    public static func run(
        tracePath: String, scene: Scene, sabotage: Sabotage, memory: AnonymousMemory? = nil
    ) throws -> Outcome {
        let reader = try TraceReader(path: tracePath)
        let driver = ReplayDriver(scene: scene, devices: reader.header.devices)
        var logBytes = 0
        try reader.forEachEvent { event in
            try driver.feed(event)
            sabotage.perEvent()
            if driver.pendingLogBytes >= 1 << 16 {
                memory?.sample()
                driver.drainLog { logBytes += $0.count }
            }
        }
        driver.finish()
        memory?.sample()
        driver.drainLog { logBytes += $0.count }
        return Outcome(touchSamples: driver.touchSamples, logBytes: logBytes, latencies: driver.latencies)
    }
}
