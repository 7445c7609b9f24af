import CLibinput
import Glibc
import Logging
import TouchTrace

/// `touchstone record`: a poll loop on libinput's descriptor that writes every touchscreen touch and
/// touchpad gesture into trace files.
///
/// Events are flushed every `flushInterval` of wall time, so a SIGKILL loses at most that much.
/// SIGINT and SIGTERM finish the file cleanly. With `autorestart`, a quiet spell with no finger down
/// closes the file, and the next event starts `output.1`, `output.2`, …
public final class Recorder {
    private let options: RecordingOptions
    private let recorder: RecorderInfo
    private let logger: Logger
    private let openOutput: TraceOutputOpener

    public init(options: RecordingOptions, recorder: RecorderInfo, logger: Logger, openOutput: @escaping TraceOutputOpener) {
        self.options = options
        self.recorder = recorder
        self.logger = logger
        self.openOutput = openOutput
    }

    /// Records until a signal, the duration, or the loss of every device; returns what was written.
    public func run() throws(CaptureError) -> RecordingSummary {
        if let problem = options.problem { throw .invalidOption(problem) }
        let signals = try SignalPipe()
        // Past a file-size limit write(2) then fails with EFBIG, reported like a full disk,
        // instead of SIGXFSZ killing the recorder with the last chunk unwritten.
        signal(SIGXFSZ, SIG_IGN)
        let context = try LibinputContext(backend: options.backend, logger: logger)
        var state = LoopState(translator: EventTranslator(), start: monotonicMicroseconds())
        try context.dispatch()
        try drain(context, &state)
        guard !state.translator.presentDevices.isEmpty else { throw noDevicesError(context) }
        try openNextFile(&state)
        defer { if options.showStatus { state.status.clear() } }
        let ending: RecordingSummary.Ending
        while true {
            let now = monotonicMicroseconds()
            if let duration = options.duration, now - state.start >= duration {
                ending = .durationElapsed
                break
            }
            let hungUp = try wait(for: context, signals: signals, timeout: timeout(state, now: now))
            if let signal = signals.received() {
                ending = .signal(signal)
                // What the devices sent before the signal belongs to the session: take it first.
                try context.dispatch()
                try drain(context, &state)
                break
            }
            for path in hungUp {
                // The path backend only stops reading a vanished node; removing it makes libinput
                // report DEVICE_REMOVED like the udev backend does.
                if let device = state.translator.device(atNode: path) { libinput_path_remove_device(device) }
            }
            try context.dispatch()
            try drain(context, &state)
            try housekeeping(&state, now: monotonicMicroseconds())
        }
        try closeFile(&state, .finished)
        return RecordingSummary(files: state.files, events: state.totalEvents, bytes: state.totalBytes, ending: ending)
    }

    // MARK: - Loop state

    private struct LoopState {
        var translator: EventTranslator
        var start: Microseconds
        var file = RecordingFileState.starting
        var files: [String] = []
        var nextFlush: Microseconds = 0
        var lastEvent: Microseconds = 0
        var eventsAtLastFlush = 0
        /// Totals of files already closed.
        var closedEvents = 0
        var closedBytes = 0
        var status = StatusLine()

        init(translator: EventTranslator, start: Microseconds) {
            self.translator = translator
            self.start = start
            nextFlush = start
            lastEvent = start
        }

        var output: (any TraceOutput)? { file.output }
        var totalEvents: Int { closedEvents + (output?.eventsWritten ?? 0) }
        var totalBytes: Int { closedBytes + (output?.bytesWritten ?? 0) }
        var currentFile: String { files.last ?? "" }
    }

    /// Waits until libinput or a signal has something, or the next deadline passes. On the path
    /// backend it also watches the device nodes for a hang-up (unplugged); returns their paths.
    private func wait(for context: LibinputContext, signals: SignalPipe, timeout: Int32) throws(CaptureError) -> [String] {
        var descriptors = [
            pollfd(fd: context.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        var nodes: [String] = []
        if case .paths = context.backend {
            for (path, fd) in context.bridge.openNodes {
                nodes.append(path)
                // No events requested: poll still reports POLLHUP and POLLERR, and reads nothing.
                descriptors.append(pollfd(fd: fd, events: 0, revents: 0))
            }
        }
        if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0, errno != EINTR {
            throw .dispatchFailed(errno: errno)
        }
        return zip(nodes, descriptors.dropFirst(2)).compactMap { path, descriptor in
            descriptor.revents & Int16(POLLHUP | POLLERR) != 0 ? path : nil
        }
    }

    private func timeout(_ state: LoopState, now: Microseconds) -> Int32 {
        var deadline = state.nextFlush
        if let duration = options.duration { deadline = min(deadline, Self.later(state.start, by: duration)) }
        if let quiet = options.autorestart, state.output != nil { deadline = min(deadline, Self.later(state.lastEvent, by: quiet)) }
        if options.showStatus { deadline = min(deadline, now + 250_000) }
        return Self.pollTimeout(until: deadline, now: now)
    }

    /// Milliseconds for poll(2) to wait from `now` (a clock reading) until `deadline`: rounded up,
    /// 0 once it has passed, `Int32.max` at most.
    static func pollTimeout(until deadline: Microseconds, now: Microseconds) -> Int32 {
        guard deadline > now else { return 0 }
        let (remaining, overflow) = deadline.subtractingReportingOverflow(now)
        if overflow { return .max }
        return Int32(clamping: remaining / 1_000 + (remaining % 1_000 > 0 ? 1 : 0))
    }

    /// `time + interval` (both positive), or `Microseconds.max` past it: an interval of any length
    /// only puts a deadline further away.
    static func later(_ time: Microseconds, by interval: Microseconds) -> Microseconds {
        let (sum, overflow) = time.addingReportingOverflow(interval)
        return overflow ? .max : sum
    }

    // MARK: - Events

    private func drain(_ context: LibinputContext, _ state: inout LoopState) throws(CaptureError) {
        while let event = context.nextEvent() {
            defer { libinput_event_destroy(event) }
            if case .between = state.file, state.translator.wouldRecord(event) {
                try openNextFile(&state)
            }
            let outcome: EventTranslator.Outcome
            var sink: any TraceEventSink = state.output ?? DiscardingSink.shared
            do {
                outcome = try state.translator.translate(event, nodes: context.bridge, into: &sink)
            } catch {
                throw Self.writeFailure(state.currentFile, error)
            }
            try handle(outcome, context: context, &state)
        }
    }

    private func handle(_ outcome: EventTranslator.Outcome, context: LibinputContext, _ state: inout LoopState) throws(CaptureError) {
        switch outcome {
        case .ignored:
            break
        case .recorded:
            state.lastEvent = monotonicMicroseconds()
        case .deviceAdded(let device):
            if case .starting = state.file { return }
            notify(state, "\(device.name) added")
        case .deviceRemoved(let device):
            let left = state.translator.presentDevices.count
            notify(state, "\(device.name) unplugged; \(left) device\(left == 1 ? "" : "s") left")
            if case .paths = context.backend, left == 0 {
                try closeFile(&state, .finished)
                throw .allDevicesUnplugged(names: [device.name], file: state.currentFile)
            }
        }
    }

    private func notify(_ state: LoopState, _ message: Logger.Message) {
        if options.showStatus { state.status.clear() }
        logger.warning(message)
    }

    // MARK: - Files

    private func openNextFile(_ state: inout LoopState) throws(CaptureError) {
        let name = options.fileName(state.files.count)
        let header = TraceHeader(
            recorder: recorder, host: .thisMachine(inputStack: "libinput"), startedAt: HostInfo.wallClockMicroseconds(),
            devices: state.translator.startTrace()
        )
        do {
            state.file.handle(.opened(try openOutput(name, header)))
        } catch {
            // Nothing is kept: the writer leaves no file when not even the header could be written.
            if let error = error as? TraceWriteError { throw .cannotCreate(file: error.file, detail: error.message) }
            throw .cannotCreate(file: name, detail: "\(error)")
        }
        state.files.append(name)
        state.eventsAtLastFlush = 0
        state.lastEvent = monotonicMicroseconds()
    }

    /// Closes the open file, if any; `.quietSpell` to continue in a new one later, `.finished` to end.
    private func closeFile(_ state: inout LoopState, _ transition: RecordingFileState.Event) throws(CaptureError) {
        if let output = state.output {
            do {
                try output.close()
            } catch {
                throw Self.writeFailure(state.currentFile, error)
            }
            state.closedEvents += output.eventsWritten
            state.closedBytes += output.bytesWritten
        }
        state.file.handle(transition)
    }

    /// Flushes on schedule, starts a new file after a quiet spell, and redraws the status line.
    private func housekeeping(_ state: inout LoopState, now: Microseconds) throws(CaptureError) {
        if now >= state.nextFlush {
            if let output = state.output, output.eventsWritten != state.eventsAtLastFlush {
                do {
                    try output.flush()
                } catch {
                    throw Self.writeFailure(state.currentFile, error)
                }
                state.eventsAtLastFlush = output.eventsWritten
            }
            state.nextFlush = Self.later(now, by: options.flushInterval)
        }
        if let quiet = options.autorestart, let output = state.output, output.eventsWritten > 0,
           state.translator.activeTouches == 0, now - state.lastEvent >= quiet {
            try closeFile(&state, .quietSpell)
            state.translator.suspendTrace()
        }
        if options.showStatus {
            state.status.update(
                devices: state.translator.presentDevices.count, touches: state.translator.activeTouches,
                events: state.totalEvents, bytes: state.totalBytes, file: state.currentFile, now: now
            )
        }
    }

    /// The trace writer's own errors already name the file they were writing (`NAME.partial`).
    private static func writeFailure(_ file: String, _ error: any Error) -> CaptureError {
        if let error = error as? TraceWriteError { return .writeFailed(file: error.file, detail: error.message) }
        return .writeFailed(file: file, detail: "\(error)")
    }

    private func noDevicesError(_ context: LibinputContext) -> CaptureError {
        let denied = context.permissionFailures
        if !denied.isEmpty { return .permissionDenied(paths: denied) }
        switch context.backend {
        case .seat(let seat): return .noDevices(where: "seat \(seat)")
        case .paths(let paths): return .noDevices(where: paths.joined(separator: ", "))
        }
    }
}

/// Takes events while no file is open (between `--autorestart` files) and drops them.
private final class DiscardingSink: TraceEventSink, Sendable {
    static let shared = DiscardingSink()
    func append(_ event: TraceEvent) {}
}
