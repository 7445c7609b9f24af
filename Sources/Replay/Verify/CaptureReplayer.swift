/// Replays one capture of a corpus: resolves its scene reference, replays its trace and keeps the
/// log in memory for comparison with the golden.
public enum CaptureReplayer {
    public static func replay(_ capture: Capture) throws -> ReplayOutcome {
        let scene = try SceneReference.resolve(captureSceneFile: capture.sceneReferencePath)
        var log: [UInt8] = []
        var outcome = try TraceReplay.replay(tracePath: capture.tracePath, scene: scene, into: &log)
        outcome.log = log
        return outcome
    }
}
