import GestureEngine
import TouchTrace

/// The replay driver on a live session's clock: the live timing rule, so that a live session's
/// log is the canonical replay log (`docs/replay-log.md`) and a recording of the session replays
/// to the same lines.
///
/// The driver works in virtual time (0 at the first event); the session speaks trace time, so this
/// keeps the origin. What live adds to the replay rule is waking up without an event: a timer due
/// in real time fires at its own deadline, and a touch frame the compositor never terminated
/// (weston 10 sends no `wl_touch.frame` after the last lift) is delivered after `frameGrace` by
/// handing the driver the frame mark it would otherwise wait for. Both happen at instants a replay
/// of the recording reaches too, in the same order, which keeps the logs equal.
///
/// A frontend's loop asks `nextDeadline`, sleeps until then or until an event, and calls
/// `advance(to:)` and `receive(_:)` with trace times; `finish()` ends the session.
public final class LiveReplay {
    /// How long an unterminated touch frame waits for its `wl_touch.frame`.
    public static let frameGrace: Microseconds = 20_000

    private let driver: ReplayDriver
    private let log: OutputFile?
    private var logFailure: OutputFileError?
    private var origin: Microseconds?
    /// Trace time of touch samples fed since the last frame mark.
    private var pendingFrame: Microseconds?
    /// The last action of each recognizer: its values (the log line after the recognizer's name)
    /// and its trace time.
    private var lastActions: [String: (values: String, time: Microseconds)] = [:]
    private var failure: ReplayError?

    /// - Parameters:
    ///   - scene: The scene the live touches go through, a fresh instance of it.
    ///   - devices: The devices the touches come from (the window's touch surface).
    ///   - log: An output for the canonical log, or nil to keep only each recognizer's last
    ///     action. The caller commits it when the session ends well.
    public init(scene: Scene, devices: [DeviceDescription], log: OutputFile?) {
        driver = ReplayDriver(scene: scene, devices: devices, collectsLatencies: false)
        self.log = log
    }

    /// The first replay error met (a touch from an undescribed device); the session goes on.
    public var error: ReplayError? { failure }

    /// The first failure writing the log; nothing more is written after it.
    public var logError: OutputFileError? { logFailure }

    /// The scene's window, its views and their recognizers as they are now.
    public var window: View { driver.instance.window }

    /// The last `action` line of the recognizer named `name`: its values as the log writes them
    /// and its trace time.
    public func lastAction(of name: String) -> (values: String, time: Microseconds)? { lastActions[name] }

    /// The trace time the session must wake up at without an event: the earliest of the scene's
    /// timers and the grace of a touch frame not yet terminated; nil when nothing is pending.
    public var nextDeadline: Microseconds? {
        guard let origin else { return nil }
        let timer = driver.instance.scheduler.nextDeadline.map { $0 + origin }
        let frame = pendingFrame.map { $0 + Self.frameGrace }
        switch (timer, frame) {
        case let (timer?, frame?): return min(timer, frame)
        case let (timer, frame): return timer ?? frame
        }
    }

    /// Fires every timer due at or before trace time `time`, after delivering an unterminated
    /// touch frame older than `time`.
    public func advance(to time: Microseconds) {
        guard let origin else { return }
        if let pending = pendingFrame, pending < time {
            feed(.frame(FrameMark(time: pending, device: 0)))
        }
        driver.instance.scheduler.advance(to: time - origin)
        drainLog()
    }

    /// Delivers one event; the first sets the origin of virtual time.
    public func receive(_ event: TraceEvent) {
        if origin == nil { origin = event.time }
        switch event {
        case .touch(let sample): pendingFrame = sample.time
        case .frame: pendingFrame = nil
        case .gesture, .device, .annotation: break
        }
        feed(event)
        drainLog()
    }

    /// Ends the session: delivers what is held back and runs the remaining timers.
    public func finish() {
        driver.finish()
        drainLog()
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

    /// Keeps each recognizer's latest `action` line (`TIME action ID STATE values…`).
    private func rememberActions(in bytes: [UInt8]) {
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let words = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: true)
            guard words.count == 4, words[1].elementsEqual("action".utf8),
                let time = Microseconds(String(decoding: words[0], as: UTF8.self)), let origin
            else { continue }
            lastActions[String(decoding: words[2], as: UTF8.self)] = (String(decoding: words[3], as: UTF8.self), time + origin)
        }
    }
}
