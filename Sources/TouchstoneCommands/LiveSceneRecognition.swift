import GestureEngine
import Replay
import TouchTrace
import WaylandFrontend

/// A live Wayland session's scene: the replay driver on the session's clock (`LiveReplay`, which
/// holds the live timing rule) and the overlay the window draws from it.
final class LiveSceneRecognition: LiveRecognition {
    let replay: LiveReplay

    /// - Parameter log: an output for the canonical log, or nil to keep it only for the overlay. The
    ///   caller commits it when the session ends well.
    init(scene: Scene, devices: [DeviceDescription], log: OutputFile?) {
        replay = LiveReplay(scene: scene, devices: devices, log: log)
    }

    var nextDeadline: Microseconds? { replay.nextDeadline }
    func advance(to time: Microseconds) { replay.advance(to: time) }
    func receive(_ event: TraceEvent) { replay.receive(event) }
    func finish() { replay.finish() }

    /// Live values are shown as they are at `now`: a velocity reads zero once no action has come
    /// for the engine's velocity window (the fingers are still, or gone), as the recognizer's own
    /// `velocity(in:)` would read then.
    func overlay(at now: Microseconds?) -> SceneOverlay {
        var overlay = SceneOverlay()
        collect(replay.window, now: now, into: &overlay)
        return overlay
    }

    private func collect(_ view: View, now: Microseconds?, into overlay: inout SceneOverlay) {
        let origin = view.originInWindow
        overlay.views.append(.init(
            name: view.name, x: origin.dx, y: origin.dy, width: view.frame.width, height: view.frame.height))
        for recognizer in view.gestureRecognizers {
            var shown = "-"
            if let action = replay.lastAction(of: recognizer.name) {
                let stillSince = action.time + GestureDefaults.velocityWindow
                if let now, now > stillSince {
                    shown = Self.zeroingVelocity(action.values)
                } else {
                    shown = action.values
                    if action.values.contains("velocity=") {
                        overlay.changesAt = min(overlay.changesAt ?? .max, stillSince + 1)
                    }
                }
            }
            overlay.recognizers.append(.init(name: recognizer.name, state: "\(recognizer.state)", lastAction: shown))
        }
        for subview in view.subviews { collect(subview, now: now, into: &overlay) }
    }

    /// An action's values with every velocity read as zero: `velocity=(0.00,0.00)` for a vector,
    /// `velocity=0.0000` for a scalar (the log's own formats).
    static func zeroingVelocity(_ values: String) -> String {
        values.split(separator: " ").map { word -> Substring in
            guard word.hasPrefix("velocity=") else { return word }
            return word.dropFirst("velocity=".count).hasPrefix("(") ? "velocity=(0.00,0.00)" : "velocity=0.0000"
        }.joined(separator: " ")
    }
}
