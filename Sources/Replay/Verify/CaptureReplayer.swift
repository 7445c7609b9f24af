/// Replays one capture of a corpus: resolves its scene reference, replays its trace and keeps the
/// log in memory for comparison with the golden.
public enum CaptureReplayer {
    /// Replays `capture`; its scene may name the kinds of `registry`.
    public static func replay(_ capture: Capture, registry: RecognizerRegistry = .standard) throws -> ReplayOutcome {
        let scene = try SceneReference.resolve(captureSceneFile: capture.sceneReferencePath, registry: registry)
        var log: [UInt8] = []
        var outcome = try TraceReplay.replay(tracePath: capture.tracePath, scene: scene, into: &log)
        outcome.log = log
        return outcome
    }
}
