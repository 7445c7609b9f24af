/// Replays one capture of a corpus: resolves its scene reference, replays its trace and keeps the
/// log in memory for comparison with the golden.
public enum CaptureReplayer {
    /// Replays `capture`; its scene may name the kinds of `registry`.
    public static func replay(_ capture: Capture, registry: RecognizerRegistry = .standard) throws -> ReplayOutcome {
        try replay(capture, scene: SceneReference.resolve(captureSceneFile: capture.sceneReferencePath, registry: registry))
    }

    /// Replays `capture` through `scene`, its scene already resolved.
    public static func replay(_ capture: Capture, scene: Scene) throws -> ReplayOutcome {
        var log: [UInt8] = []
        var outcome = try TraceReplay.replay(tracePath: capture.tracePath, scene: scene, into: &log)
        outcome.log = log
        return outcome
    }
}
