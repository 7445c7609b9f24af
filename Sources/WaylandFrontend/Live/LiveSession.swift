import CWaylandClient
import CWaylandProtocols
import Glibc
import TouchTrace

/// How a live session is set up.
public struct LiveOptions: Sendable {
    /// Where to record the session as a binary trace, if anywhere.
    public var recordPath: String?
    /// The environment to find the compositor in (`WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`).
    public var environment: [String: String]
    /// The recorder's name and version and the options that shaped the session, for the header.
    public var recorder: RecorderInfo
    public var windowTitle: String
    /// The scene's size in points: the window's preferred size, and the space touches are mapped
    /// into (`SceneViewport`).
    public var sceneWidth: Double
    public var sceneHeight: Double
    /// Ask the compositor for a fullscreen window from the start.
    public var fullscreen: Bool

    public init(
        recordPath: String? = nil, environment: [String: String],
        recorder: RecorderInfo = RecorderInfo(name: "touchstone live", version: ""),
        windowTitle: String = "Touchstone live", sceneWidth: Double = 1280, sceneHeight: Double = 800,
        fullscreen: Bool = false
    ) {
        self.recordPath = recordPath
        self.environment = environment
        self.recorder = recorder
        self.windowTitle = windowTitle
        self.sceneWidth = sceneWidth
        self.sceneHeight = sceneHeight
        self.fullscreen = fullscreen
    }
}

/// What a scene needs to know about the window it runs in.
public struct LiveSurface: Sendable {
    /// The window's size in logical points when the session started (touches arrive in scene
    /// points whatever it is).
    public var width: Int
    public var height: Int
    /// The trace's devices, as recorded in the header.
    public var devices: [DeviceDescription]
}

/// How a live session ended. In every case the recording, if any, was closed and complete.
public enum LiveOutcome: Equatable, Sendable {
    /// The compositor asked the window to close.
    case closed
    /// SIGINT or SIGTERM.
    case interrupted
    /// The compositor closed the connection (it quit or crashed): the session was cut short, and
    /// the command reports it as a failure.
    case compositorGone
}

/// A live session: a Wayland window whose input is recorded and fed through a scene's recognizers.
///
/// Events take one road: compositor → `WaylandEventTranslator` → `append(_:)` here, which maps
/// touch positions from the window into the scene (`SceneViewport`), records the event, moves the
/// scene's clock to the event's time and delivers it. Between events
/// the loop sleeps in `poll` until the compositor speaks, a timer of the scene falls due on the
/// monotonic clock, a wall-clock flush of the recording is due, or a termination signal arrives.
public final class LiveSession: TraceEventSink {
    private let options: LiveOptions
    private let makeRecognition: (LiveSurface) -> any LiveRecognition
    /// Made once the window knows its size; no input arrives before that.
    private var recognition: (any LiveRecognition)?
    private let report: (String) -> Void
    private var clock = MonotonicClock()
    private var recorder: LiveRecorder?
    private var input = InputOverlay(unitsPerPoint: WaylandDevices.unitsPerPoint)
    private let view = LiveView()
    private var notices: [String] = []
    private var viewport: SceneViewport
    private var needsRedraw = true
    /// The last frame drawn showed a trail still fading: one more frame is owed once the fade is
    /// over, or the faintest step of the trail would stay on screen until the next event.
    private var paintedFadingTrail = false
    /// The text of the view is out of date (an event or timer changed what it says).
    private var needsContent = true
    private var lastEventTime: Microseconds = 0
    private var seat: Seat?

    /// - Parameters:
    ///   - makeRecognition: builds the scene's recognition once the window has its size and the
    ///     trace's devices are known.
    ///   - report: receives each line the user should see (missing capabilities, the end).
    public init(
        options: LiveOptions, makeRecognition: @escaping (LiveSurface) -> any LiveRecognition,
        report: @escaping (String) -> Void
    ) {
        self.options = options
        self.makeRecognition = makeRecognition
        self.report = report
        viewport = SceneViewport(
            scene: (options.sceneWidth, options.sceneHeight),
            content: (0, 0, options.sceneWidth, options.sceneHeight))
    }

    /// Events recorded so far.
    public var eventsRecorded: Int { recorder?.eventsWritten ?? 0 }

    // MARK: - Running

    /// Connects, opens the window and runs until the window is closed, a signal arrives or the
    /// compositor goes away. Throws only when the session cannot start or the connection fails
    /// for another reason; the recording is closed either way.
    public func run() throws(LiveError) -> LiveOutcome {
        // Deferred blocks run last-first: the seat is let go only after the connection is closed.
        defer { seat = nil }
        // From here on SIGINT and SIGTERM end the session through the loop, never mid-write.
        let signalFD = tw_termination_signal_fd()
        defer { if signalFD >= 0 { close(signalFD) } }
        let display = try WaylandDisplay.connect(environment: options.environment)
        defer {
            seat?.destroyProxies()
            display.disconnect()
        }
        let translator = WaylandEventTranslator(touchDevice: 0, gestureDevice: 1, sink: self)
        // Held by the session for the whole connection: libwayland calls back into it unretained.
        seat = display.seat.map {
            Seat(seat: $0, gestures: display.pointerGestures, gesturesVersion: display.pointerGesturesVersion,
                 translator: translator)
        }
        try display.roundtrip()
        reportCapabilities(display: display, seat: seat)

        let window = Toplevel(
            display: display, title: options.windowTitle, sceneSize: (options.sceneWidth, options.sceneHeight),
            fullscreen: options.fullscreen)
        let cursor = PointerCursor(compositor: display.compositor!, shm: display.shm!)
        seat?.chrome = seat.map { WindowChrome(window: window, seat: $0.proxy, cursor: cursor) }
        defer {
            seat?.chrome = nil
            cursor.destroy()
            window.destroy()
        }
        while !window.isConfigured {
            if let end = try pump(display, signalFD: signalFD, timeout: -1) { return end }
        }
        updateViewport(window: window)
        let devices = describeDevices(window: window, translator: translator)
        recognition = makeRecognition(LiveSurface(width: window.width, height: window.height, devices: devices))
        try startRecording(devices: devices)
        defer { finish() }
        let outcome = try loop(display: display, window: window, signalFD: signalFD)
        // Touches still down when the session ends are cut off, as a removed device's are: the
        // trace and the scene both see them cancelled rather than left hanging.
        translator.cancelAllTouches()
        return outcome
    }

    private func reportCapabilities(display: WaylandDisplay, seat: Seat?) {
        var missing: [String] = []
        if seat == nil {
            missing.append("the compositor offers no wl_seat: no input will arrive")
        } else if seat?.hasTouch != true {
            missing.append("the compositor's seat has no touch capability: touchscreen input is unavailable")
        }
        if display.pointerGestures == nil {
            missing.append("the compositor does not offer zwp_pointer_gestures_v1: touchpad gestures are unavailable")
        } else if seat?.hasPointer != true {
            missing.append("the compositor's seat has no pointer: touchpad gestures are unavailable")
        } else if display.pointerGesturesVersion < 3 {
            missing.append("the compositor offers zwp_pointer_gestures_v1 version \(display.pointerGesturesVersion): hold gestures are unavailable")
        }
        for line in missing { report("touchstone live: \(line); continuing") }
        notices = missing
    }

    /// The trace's devices: the seat's touch and its touchpad gestures, where present, numbered in
    /// that order; the translator stamps events with these indices.
    private func describeDevices(window: Toplevel, translator: WaylandEventTranslator) -> [DeviceDescription] {
        let seatName = seat.map { $0.name.isEmpty ? "seat" : $0.name } ?? "seat"
        var devices: [DeviceDescription] = []
        if seat?.hasTouch == true {
            translator.touchDevice = DeviceIndex(devices.count)
            devices.append(WaylandDevices.touchscreen(
                index: translator.touchDevice, seat: seatName, window: surfaceFacts(window)))
        }
        if seat?.hasPointerGestures == true {
            translator.gestureDevice = DeviceIndex(devices.count)
            devices.append(WaylandDevices.touchpadGestures(
                index: translator.gestureDevice, seat: seatName, window: surfaceFacts(window)))
        }
        return devices
    }

    private func surfaceFacts(_ window: Toplevel) -> WaylandDevices.Surface {
        WaylandDevices.Surface(
            sceneWidth: viewport.sceneWidth, sceneHeight: viewport.sceneHeight, width: window.width,
            height: window.height, bufferScale: window.bufferScale, viewport: viewport)
    }

    private func startRecording(devices: [DeviceDescription]) throws(LiveError) {
        guard let path = options.recordPath else { return }
        let header = TraceHeader(
            recorder: options.recorder, host: .thisMachine(inputStack: "libwayland-client \(WAYLAND_VERSION)"), startedAt: HostInfo.wallClockMicroseconds(),
            devices: devices
        )
        do {
            recorder = try LiveRecorder(path: path, header: header)
        } catch {
            throw .recording("\(error)")
        }
    }

    private func loop(display: WaylandDisplay, window: Toplevel, signalFD: Int32) throws(LiveError) -> LiveOutcome {
        while true {
            if window.closeRequested { return .closed }
            if window.takeResize() { noteResize(window: window) }
            let fading = input.fadeEnd(after: clock.traceNow) != nil
            if fading || paintedFadingTrail || window.needsFrame { needsRedraw = true }
            if needsRedraw && window.canDraw {
                if needsContent { updateContent() }
                if window.draw({ paint($0, window: window) }) {
                    needsRedraw = false
                    paintedFadingTrail = fading
                }
            }
            if let end = try pump(display, signalFD: signalFD, timeout: timeout()) { return end }
            fireDueTimers()
            recorder?.tick(now: MonotonicClock.monotonicNow())
            if let failure = recorder?.failure { throw .recording("\(failure)") }
        }
    }

    /// Sends what is queued, waits up to `timeout` ms (-1: no limit) for the compositor or a
    /// signal, and dispatches what arrived. Returns how the session ends, or nil to go on.
    private func pump(_ display: WaylandDisplay, signalFD: Int32, timeout: Int32) throws(LiveError) -> LiveOutcome? {
        while wl_display_prepare_read(display.display) != 0 {
            if wl_display_dispatch_pending(display.display) < 0 { return try lost(display) }
        }
        if wl_display_flush(display.display) < 0 && errno != EAGAIN {
            wl_display_cancel_read(display.display)
            return try lost(display)
        }
        var descriptors = (
            pollfd(fd: wl_display_get_fd(display.display), events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)
        )
        // The two `pollfd`s of a homogeneous tuple are laid out as an array of two.
        let ready = withUnsafeMutableBytes(of: &descriptors) {
            poll($0.baseAddress!.assumingMemoryBound(to: pollfd.self), 2, timeout)
        }
        if ready > 0 && descriptors.0.revents != 0 {
            if wl_display_read_events(display.display) < 0 { return try lost(display) }
        } else {
            wl_display_cancel_read(display.display)
        }
        if wl_display_dispatch_pending(display.display) < 0 { return try lost(display) }
        return ready > 0 && descriptors.1.revents != 0 ? .interrupted : nil
    }

    private func lost(_ display: WaylandDisplay) throws(LiveError) -> LiveOutcome {
        if display.compositorWentAway { return .compositorGone }
        throw display.failure()
    }

    /// Milliseconds until the next scene timer, recording flush or fading frame, or -1 to wait for
    /// input only.
    private func timeout() -> Int32 {
        var wait: Int32 = -1
        if needsRedraw { wait = Self.fadeFrameInterval }
        if let refresh = contentRefresh, let until = clock.millisecondsUntil(refresh) {
            wait = wait < 0 ? until : min(wait, until)
        }
        if let deadline = recognition?.nextDeadline, let until = clock.millisecondsUntil(deadline) {
            wait = until
        }
        if let flush = recorder?.millisecondsUntilFlush(now: MonotonicClock.monotonicNow()) {
            wait = wait < 0 ? flush : min(wait, flush)
        }
        return wait
    }

    /// Advances the scene to each deadline that has passed in real time, one at a time, so that its
    /// clock only ever stands on instants a replay would also reach.
    private func fireDueTimers() {
        guard let now = clock.traceNow, let recognition else { return }
        while let deadline = recognition.nextDeadline, deadline <= now {
            recognition.advance(to: deadline)
            needsRedraw = true
            needsContent = true
        }
        // Live values (a velocity read "now") change with time alone.
        if let refresh = contentRefresh, refresh <= now {
            contentRefresh = nil
            needsContent = true
            needsRedraw = true
        }
    }

    private func updateViewport(window: Toplevel) {
        let bar = Double(window.titleBarHeight)
        viewport = SceneViewport(
            scene: (options.sceneWidth, options.sceneHeight),
            content: (0, bar, Double(window.width), Double(window.height) - bar))
    }

    private func noteResize(window: Toplevel) {
        updateViewport(window: window)
        needsRedraw = true
        // Touches are recorded in scene points, so a replay needs nothing from a resize; the new
        // size and mapping go on the time line (and through the scene, so that the live log and a
        // replay's log both show it) to say what the user saw.
        let facts = surfaceFacts(window)
        deliver(.annotation(Annotation(
            time: lastEventTime,
            text: "wayland surface resized to \(window.width)x\(window.height) scale \(facts.scaleText); \(facts.mappingText)")))
    }

    private func finish() {
        recognition?.finish()
        recorder?.close()
    }

    // MARK: - Events

    /// An event from the translator: touch positions arrive in window units and go on in scene units.
    public func append(_ event: TraceEvent) {
        guard case .touch(var sample) = event else { return deliver(event) }
        (sample.x, sample.y) = viewport.sceneUnits(x: sample.x, y: sample.y, unitsPerPoint: WaylandDevices.unitsPerPoint)
        deliver(.touch(sample))
    }

    private func deliver(_ event: TraceEvent) {
        clock.anchor(eventTime: event.time)
        lastEventTime = event.time
        recorder?.append(event)
        recognition?.advance(to: event.time)
        recognition?.receive(event)
        input.apply(event)
        needsRedraw = true
        needsContent = true
    }

    // MARK: - Drawing

    /// How often a frame is drawn while something changes with time alone (a fading trail).
    static let fadeFrameInterval: Int32 = 33
    /// When the scene's overlay will read differently without any event (`SceneOverlay.changesAt`).
    private var contentRefresh: Microseconds?

    private func updateContent() {
        let now = clock.traceNow
        var status = "TOUCHSTONE LIVE"
        if let recorder { status += "  REC \(recorder.eventsWritten) EVENTS" }
        let scene = recognition?.overlay(at: now) ?? SceneOverlay()
        view.update(title: options.windowTitle, status: [status], notices: notices, scene: scene, gesture: input.gesture?.text)
        needsContent = false
        contentRefresh = scene.changesAt
    }

    private func paint(_ canvas: Canvas, window: Toplevel) {
        view.paint(
            canvas,
            geometry: LiveView.Geometry(
                width: window.width, height: window.height, bufferScale: window.bufferScale,
                titleBarHeight: window.titleBarHeight, viewport: viewport),
            input: input, now: clock.traceNow)
    }
}
