import Replay
import TouchTrace

/// Reads a trace of any format Touchstone knows into a `SessionTimeline`: the touch paths in
/// window points and, with a scene, the replay's observations on the same virtual clock, all held
/// in memory (for a verify report's comparison; pictures walk a `TraceSession` instead).
public enum SessionReader {
    /// Reads `tracePath` through `TraceFile.open`, the road every command reads by. `warn` receives
    /// the reader's notices (damage worked around, import warnings) and, with a scene, the
    /// replay's (`ReplayDriver.notices(after:)`), one line each, as `replay` prints them. Throws `TraceInputError` naming the file for a trace that cannot be read or
    /// replayed.
    public static func read(tracePath: String, scene: Scene?, warn: (String) -> Void = { _ in }) throws -> SessionTimeline {
        let session = TraceSession(tracePath: tracePath, scene: scene)
        let collector = TimelineCollector(session)
        let (duration, notices) = try session.walk(collector)
        notices.forEach(warn)
        return collector.finish(duration: duration)
    }

    /// The scene's visible views with frames in window coordinates, back to front.
    static func outlines(_ scene: Scene) -> [ViewOutline] {
        var result: [ViewOutline] = []
        func visit(_ view: ViewSpec, x: Double, y: Double) {
            guard !view.isHidden else { return }
            let frame = Frame(x: x + view.frame.x, y: y + view.frame.y, width: view.frame.width, height: view.frame.height)
            result.append(ViewOutline(id: view.id, frame: frame))
            for subview in view.subviews { visit(subview, x: frame.x, y: frame.y) }
        }
        for view in scene.views { visit(view, x: 0, y: 0) }
        return result
    }
}
