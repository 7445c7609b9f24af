import GestureEngine
import TouchTrace

/// Live recognition through the gesture engine: trace events become touch frames for a
/// `TouchDispatcher` whose scheduler runs on the session's clock.
///
/// Touch samples gather into one frame until the compositor's `wl_touch.frame` (a `FrameMark`),
/// until an event stamped later arrives, or, since some compositors (weston 10) send no frame
/// after the last lift, until `frameGrace` has passed on the session's clock. Before a frame stamped
/// `t` goes out, the scheduler advances to `t`, so a timer due at the same instant fires first:
/// the replay rule, which is what lets a recording replay to the same observations.
/// Touchpad gestures are not touches: the engine does not see them (the overlay does).
public final class EngineRecognition: LiveRecognition {
    /// How long an unterminated touch frame waits for its `wl_touch.frame`.
    public static let frameGrace: Microseconds = 20_000

    public let window: Window
    private let scheduler: VirtualScheduler
    private let dispatcher: TouchDispatcher
    private let log: ObservationLog
    private var pending = TouchFrame(timestamp: 0)
    private let unitsPerPoint: Double

    /// - Parameters:
    ///   - window: the scene, at the surface's size in points.
    ///   - unitsPerPoint: device units per window point in the events (256 for Wayland).
    public init(window: Window, log: ObservationLog, unitsPerPoint: Double) {
        self.window = window
        self.log = log
        self.unitsPerPoint = unitsPerPoint
        scheduler = VirtualScheduler()
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler, observer: log)
        pending.touches.reserveCapacity(16)
    }

    public var nextDeadline: Microseconds? {
        let frameDue = pending.touches.isEmpty ? nil : pending.timestamp + Self.frameGrace
        switch (scheduler.nextDeadline, frameDue) {
        case let (timer?, frame?): return min(timer, frame)
        case let (timer, frame): return timer ?? frame
        }
    }

    public func advance(to time: Microseconds) {
        if !pending.touches.isEmpty, pending.timestamp < time { sendPending() }
        scheduler.advance(to: time)
    }

    public func receive(_ event: TraceEvent) {
        switch event {
        case .touch(let sample):
            if !pending.touches.isEmpty, pending.timestamp != sample.time { sendPending() }
            pending.timestamp = sample.time
            pending.touches.append(TouchInput(
                identifier: sample.touch, change: Self.change(sample.phase),
                location: Point(x: Double(sample.x) / unitsPerPoint, y: Double(sample.y) / unitsPerPoint)
            ))
        case .frame:
            if !pending.touches.isEmpty { sendPending() }
        case .gesture, .device, .annotation:
            break
        }
    }

    public func finish() {
        if !pending.touches.isEmpty { sendPending() }
        scheduler.runRemaining()
        log.close()
    }

    public var overlay: SceneOverlay {
        var overlay = SceneOverlay()
        collect(window, into: &overlay)
        return overlay
    }

    private func collect(_ view: View, into overlay: inout SceneOverlay) {
        let origin = view.originInWindow
        overlay.views.append(.init(
            name: view.name, x: origin.dx, y: origin.dy, width: view.frame.width, height: view.frame.height))
        for recognizer in view.gestureRecognizers {
            let id = ObjectIdentifier(recognizer)
            overlay.recognizers.append(.init(
                name: recognizer.name, state: "\(recognizer.state)", lastAction: log.lastActions[id] ?? "-"))
        }
        for subview in view.subviews { collect(subview, into: &overlay) }
    }

    private func sendPending() {
        scheduler.advance(to: pending.timestamp)
        dispatcher.send(pending)
        pending.touches.removeAll(keepingCapacity: true)
    }

    private static func change(_ phase: TouchPhase) -> TouchInput.Change {
        switch phase {
        case .down: .down
        case .motion: .move
        case .up: .up
        case .cancel: .cancel
        }
    }
}
