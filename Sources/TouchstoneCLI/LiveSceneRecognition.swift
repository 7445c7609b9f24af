import GestureEngine
import Replay
import TouchTrace
import WaylandFrontend

/// Runs a live Wayland session through a replay scene with the replay driver itself, so the live
/// log is the canonical replay log (`docs/replay-log.md`) and a recording of the session replays
/// to the same lines.
///
/// The driver works in virtual time (0 at the first event); the session speaks trace time, so this
/// adapter keeps the origin. What live adds to the replay rule is waking up without an event: a
/// timer due in real time fires at its own deadline, and a touch frame the compositor never
/// terminated (weston 10 sends no `wl_touch.frame` after the last lift) is delivered after
/// `frameGrace` by handing the driver the frame mark it would otherwise wait for. Both happen at
/// instants a replay of the recording reaches too, in the same order, which keeps the logs equal.
final class LiveSceneRecognition: LiveRecognition {
    /// How long an unterminated touch frame waits for its `wl_touch.frame`.
    static let frameGrace: Microseconds = 20_000

    private let driver: ReplayDriver
    private let log: OutputFile?
    private var logFailure: OutputFileError?
    private var origin: Microseconds?
    /// Trace time of touch samples fed since the last frame mark.
    private var pendingFrame: Microseconds?
    /// The last action of each recognizer, for the overlay: its values (the log line after the
    /// recognizer's name) and its trace time.
    private var lastActions: [String: (values: String, time: Microseconds)] = [:]
    private var failure: ReplayError?

    /// - Parameter log: an output for the canonical log, or nil to keep it only for the overlay. The
    ///   caller commits it when the session ends well.
    init(scene: Scene, devices: [DeviceDescription], log: OutputFile?) {
        driver = ReplayDriver(scene: scene, devices: devices)
        self.log = log
    }

    /// The first replay error met (a touch from an undescribed device); the session goes on.
    var error: ReplayError? { failure }

    /// The first failure writing the log; nothing more is written after it.
    var logError: OutputFileError? { logFailure }

    var nextDeadline: Microseconds? {
        guard let origin else { return nil }
        let timer = driver.instance.scheduler.nextDeadline.map { $0 + origin }
        let frame = pendingFrame.map { $0 + Self.frameGrace }
        switch (timer, frame) {
        case let (timer?, frame?): return min(timer, frame)
        case let (timer, frame): return timer ?? frame
        }
    }

    func advance(to time: Microseconds) {
        guard let origin else { return }
        if let pending = pendingFrame, pending < time {
            feed(.frame(FrameMark(time: pending, device: 0)))
        }
        driver.instance.scheduler.advance(to: time - origin)
        drainLog()
    }

    func receive(_ event: TraceEvent) {
        if origin == nil { origin = event.time }
        switch event {
        case .touch(let sample): pendingFrame = sample.time
        case .frame: pendingFrame = nil
        case .gesture, .device, .annotation: break
        }
        feed(event)
        drainLog()
    }

    func finish() {
        driver.finish()
        drainLog()
    }

    /// Live values are shown as they are at `now`: a velocity reads zero once no action has come
    /// for the engine's velocity window (the fingers are still, or gone), as the recognizer's own
    /// `velocity(in:)` would read then.
    func overlay(at now: Microseconds?) -> SceneOverlay {
        var overlay = SceneOverlay()
        collect(driver.instance.window, now: now, into: &overlay)
        return overlay
    }

    private func feed(_ event: TraceEvent) {
        if case .frame = event { pendingFrame = nil }
        do {
            try driver.feed(event)
        } catch {
            if failure == nil { failure = error }
        }
    }

    private func drainLog() {
        guard driver.pendingLogBytes > 0 else { return }
        driver.drainLog { bytes in
            if let log, logFailure == nil {
                do throws(OutputFileError) {
                    try log.write(bytes)
                } catch {
                    logFailure = error
                }
            }
            rememberActions(in: bytes)
        }
    }

    /// Keeps each recognizer's latest `action` line (`TIME action ID STATE values…`) for the overlay.
    private func rememberActions(in bytes: [UInt8]) {
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let words = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: true)
            guard words.count == 4, words[1].elementsEqual("action".utf8),
                let time = Microseconds(String(decoding: words[0], as: UTF8.self)), let origin
            else { continue }
            lastActions[String(decoding: words[2], as: UTF8.self)] = (String(decoding: words[3], as: UTF8.self), time + origin)
        }
    }

    private func collect(_ view: View, now: Microseconds?, into overlay: inout SceneOverlay) {
        let origin = view.originInWindow
        overlay.views.append(.init(
            name: view.name, x: origin.dx, y: origin.dy, width: view.frame.width, height: view.frame.height))
        for recognizer in view.gestureRecognizers {
            var shown = "-"
            if let action = lastActions[recognizer.name] {
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
