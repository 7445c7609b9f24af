import GestureEngine
import TouchTrace

/// Feeds trace events to a live scene in virtual time and collects the canonical log.
///
/// The replay rule (`docs/replay-log.md`): touch samples gather into one engine frame until the
/// frame mark that ends them; before a frame is delivered, every timer due at or before its
/// timestamp fires; after the last event, `finish()` runs the remaining timers. Virtual time 0 is
/// the trace's first event. Per sample the driver does arithmetic and appends to a reused frame:
/// it allocates nothing once its buffers have grown.
///
/// - Warning: not thread-safe; one driver belongs to one replay.
public final class ReplayDriver {
    public let instance: SceneInstance
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var mapper: CoordinateMapper
    /// The device whose mapping is at hand (-1: none yet), and that mapping.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var mappedDevice = -1
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var mapping = CoordinateMapper.Transform(scaleX: 1, offsetX: 0, scaleY: 1, offsetY: 0)
    private let observer: LogObserver
    /// The instance's scheduler and dispatcher, held directly: `let` references of a final class
    /// are read and called without a retain, where `Unretained.with` cost a generic call each time.
    private let scheduler: VirtualScheduler
    private let dispatcher: TouchDispatcher
    /// The time of the frame being gathered.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var frameTime: Microseconds = 0
    /// The touches of the frame being gathered, stamped `frameTime`: the dispatcher reads them
    /// where they are (`TouchDispatcher.send(_:at:)`), with no copy into a `TouchFrame`.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var pending = PendingTouches(capacity: 16)
    /// Trace time that maps to virtual time 0: the first event's (0 until then).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var origin: Microseconds = 0
    /// The trace times that map into the replay once `origin` is known (an empty range before the
    /// first event): one range check per event instead of a subtraction checked for overflow.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var earliestTraceTime = Microseconds.max
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var latestTraceTime = Microseconds.min
    /// Fingers down, with their device, for counting sequences and cancelling on device removal.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var down: [(device: DeviceIndex, touch: TouchID)] = []
    /// The trackpad pinch and the trackpad scroll under way, with their values summed since they
    /// began (docs/replay-log.md, the replay rule).
    private var transform: IndirectGesture?
    private var scroll: IndirectGesture?

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var events = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var touchSamples = 0
    /// Touches begun so far, and how many of them began outside the scene's window, where they
    /// reach no view (a device mapped past the window; `outsideWindowNotice`), with the virtual
    /// time of the first.
    // Unchecked: counted at every touch-down, where the public property's increment paid a
    // dynamic exclusivity check (`swift_beginAccess`, about sixty instructions).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var touchesBegan = 0
    public private(set) var touchesBeganOutsideWindow = 0
    public private(set) var firstTouchOutsideWindow: Microseconds?
    /// Trackpad pinch updates whose scale no pinch can have (0 or below, NaN, infinite), which
    /// the pinch recognizer passes over (`impossiblePinchScaleNotice`).
    public var impossiblePinchScales: Int { impossibleScales.count }
    private var impossibleScales = PassedOver()
    /// Trackpad pinch and scroll updates whose movement (angle delta, scroll deltas) is not a
    /// finite number or takes the gesture's sum past the largest one, which move nothing
    /// (`unusableMovementNotice`).
    public var unusableGestureMovements: Int { unusableMovements.count }
    private var unusableMovements = PassedOver()

    /// `also`, when given, sees every observation right after the log does (the pictures'
    /// recorder); without it the dispatcher reports to the log observer directly.
    ///
    /// With `collectsLatencies` false the driver gathers no latency samples (`latencies` stays
    /// empty): a replay that never reads them (`touchstone replay`, `render`, `live`) keeps memory
    /// flat in the session's length, where the samples take 8 bytes a decision. The log is the same.
    public init(
        scene: Scene, devices: [DeviceDescription], format: LogFormat = .text, also: (any GestureObserver)? = nil,
        collectsLatencies: Bool = true
    ) {
        instance = SceneInstance(scene)
        mapper = CoordinateMapper(mapping: scene.mapping, window: scene.window, devices: devices)
        observer = LogObserver(format: format, collectsLatencies: collectsLatencies)
        scheduler = instance.scheduler
        dispatcher = instance.dispatcher
        instance.dispatcher.observer = also.map { ObserverPair(first: observer, second: $0) } ?? observer
        down.reserveCapacity(16)
    }

    deinit {
        pending.deallocate()
    }

    /// The latency samples gathered so far; none for a driver made with `collectsLatencies` false.
    public var latencies: LatencySamples { observer.latency.samples }

    /// Forgets the latency samples gathered so far (8 bytes a decision), for a replay that reads
    /// them in pieces; one that never reads them gathers none (`collectsLatencies` false).
    public func discardLatencies() {
        observer.latency.discardSamples()
    }

    /// The virtual time now.
    public var now: Microseconds { instance.scheduler.now }

    /// Every line for standard error once `input`, replayed through this driver, has been read to
    /// its end: the reader's notices (damage worked around, import warnings), then the replay's
    /// own (`outsideWindowNotice`, `impossiblePinchScaleNotice`, `unusableMovementNotice`). What
    /// `replay`, `verify` and `render` print: gathered here once, so none of them leaves one out.
    public func notices(after input: TraceInput) -> [String] {
        input.notices + [
            outsideWindowNotice(file: input.path),
            impossiblePinchScaleNotice(file: input.path) { input.location(ofEvent: $0) },
            unusableMovementNotice(file: input.path) { input.location(ofEvent: $0) },
        ].compactMap { $0 }
    }

    /// A line for standard error when touches began outside the scene's window and so reached no
    /// view, the usual reason for a log that shows less than the trace holds; nil when none did.
    public func outsideWindowNotice(file: String) -> String? {
        guard let first = firstTouchOutsideWindow else { return nil }
        let window = mapper.window
        return "warning: \(file): \(touchesBeganOutsideWindow) of \(touchesBegan) touches began outside the scene's window "
            + "(\(Self.points(window.width)) x \(Self.points(window.height)) points, device mapping \(mapper.mapping)) and reached no view; "
            + "the first at \(first) µs"
    }

    /// A line for standard error when trackpad pinch updates had a scale no pinch can have, and
    /// so moved no pinch; nil when none did. `location` gives where the event at an index (as
    /// `TraceInput.location(ofEvent:)` counts them) is in the file.
    public func impossiblePinchScaleNotice(file: String, location: (Int) -> TraceInputError.Location) -> String? {
        impossibleScales.notice(file: file, location: location) { count, first in
            "\(count) trackpad pinch update\(count == 1 ? "" : "s") with a scale that is not a number above 0 (the first: \(first)): "
                + "a pinch's scale is the distance between the fingers over their distance when it began (libinput, Wayland), always above 0; "
                + "the pinch recognizers pass over \(count == 1 ? "it" : "them"), the pinch keeping the scale it had"
        }
    }

    /// A line for standard error when trackpad pinch or scroll updates moved by what is not a
    /// finite number (or took the gesture's sum past the largest one), and so moved nothing; nil
    /// when none did. `location` as for `impossiblePinchScaleNotice`.
    public func unusableMovementNotice(file: String, location: (Int) -> TraceInputError.Location) -> String? {
        unusableMovements.notice(file: file, location: location) { count, first in
            "\(count) trackpad gesture update\(count == 1 ? "" : "s") with a movement that is not a finite number, "
                + "or that takes the gesture's sum past the largest one (the first: \(first)): "
                + "the recognizers take \(count == 1 ? "it" : "them") as no movement, the gesture keeping the rotation or scrolling it had"
        }
    }

    /// Gesture updates the replay passes over, counted for one notice at the first's place:
    /// a trace may hold thousands, and one line says what they are and where to look.
    private struct PassedOver {
        private(set) var count = 0
        /// The first's event (counting from 0) and what was wrong with it.
        private var first: (event: Int, value: String)?

        mutating func add(event: Int, _ value: @autoclosure () -> String) {
            count += 1
            if first == nil { first = (event, value()) }
        }

        func notice(
            file: String, location: (Int) -> TraceInputError.Location, message: (Int, String) -> String
        ) -> String? {
            guard let first else { return nil }
            return FormatWarning(file: file, location: location(first.event), message: message(count, first.value)).description
        }
    }

    private static func points(_ length: Double) -> String {
        length == length.rounded() && abs(length) < 1e15 ? String(Int64(length)) : String(length)
    }

    /// Bytes of log written and not yet drained.
    public var pendingLogBytes: Int { observer.writer.count }

    /// Hands the log written so far to `body` (to stream it) and empties the buffer.
    public func drainLog(_ body: ([UInt8]) throws -> Void) rethrows {
        try observer.writer.drain(body)
    }

    /// Hands the log written so far to `sink` without copying it, and empties the buffer; with
    /// `wholeBlocksOf`, only whole blocks of that many bytes, keeping the rest for the next drain
    /// (`LogWriter.drain(into:wholeBlocksOf:)`).
    public func drainLog<Sink: LogSink>(into sink: inout Sink, wholeBlocksOf block: Int = 1) throws {
        try observer.writer.drain(into: &sink, wholeBlocksOf: block)
    }

    /// Hands the log written so far to `body` without copying it (the bytes are valid only during
    /// the call) and empties the buffer: the allocation-free way to stream the log.
    public func drainLogBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        observer.writer.drainBytes(body)
    }

    /// Replays one trace event. Throws `ReplayError` for a touch from a device the trace never described.
    public func feed(_ event: TraceEvent) throws(ReplayError) {
        events &+= 1
        let time = try virtualTime(event.time)
        switch event {
        case .touch(let sample):
            try add(sample, at: time)
        case .frame:
            flush()
        case .gesture(let sample):
            flush()
            deliver(sample, at: time)
        case .device(.added(_, let device)):
            flush()
            mapper.add(device)
            mappedDevice = -1  // it may describe the device at hand anew
        case .device(.removed(_, let device)):
            flush()
            cancelTouches(of: device, at: time)
        case .annotation(let note):
            flush()
            instance.scheduler.advance(to: time)
            observer.writer.note(time: instance.scheduler.now, text: note.text)
        }
    }

    /// Replays every remaining event of `reader`, handing the log to `sink` whenever `threshold`
    /// bytes have gathered. The loop runs inside the driver so that the driver is not retained and
    /// released per event, as it would be from a closure that captures it.
    public func feedAll<Sink: LogSink>(_ reader: TraceReader, drainingEvery threshold: Int, into sink: inout Sink) throws {
        // A local function, unlike a closure, can be marked always inlined: at each of the decoder
        // loop's call sites, which then knows the event's case and keeps only its own path.
        @inline(__always) func body(_ event: TraceEvent) throws { try step(event, drainingEvery: threshold, into: &sink) }
        try reader.forEachEventInlined(body)
    }

    /// One event of `feedAll`. Always inlined, with the decoder's loop, into one loop: a closure
    /// this large would otherwise be called per event, with the event copied to memory.
    @inline(__always)
    private func step<Sink: LogSink>(_ event: TraceEvent, drainingEvery threshold: Int, into sink: inout Sink) throws {
        // A touch sample (nine events in ten) goes straight to `add`: the decoder builds it in
        // place, and no general event is switched on or copied on its way.
        if case .touch(let sample) = event {
            events &+= 1
            // The log grows only when a frame is delivered: checked then, not per sample.
            guard try add(sample, at: virtualTime(sample.time)) else { return }
        } else if case .frame(let mark) = event {
            // `feed`'s frame path, kept here: `feed` as a whole is too large to inline.
            events &+= 1
            _ = try virtualTime(mark.time)
            flush()
        } else {
            try feed(event)
        }
        if observer.writer.count >= threshold { try observer.writer.drain(into: &sink, wholeBlocksOf: threshold) }
    }

    /// Ends the replay: delivers any unterminated frame and fires every remaining timer.
    public func finish() {
        flush()
        instance.scheduler.runRemaining()
    }

    // MARK: - Frames

    /// The most touches a replay holds down at once, over every device: far more than any number
    /// of hands on any number of devices, and few enough that the engine's per-touch lists (kept
    /// short and linear, for the speed of ordinary sessions) stay fast. A trace that goes past it
    /// (touches that never lift) is refused at the touch that does, instead of slowing every
    /// frame after it in proportion to the touches held.
    public static let touchesDownLimit = 1_024

    /// The latest virtual time a replay reaches: about 142 years after the first event. Times come
    /// from files and may be anywhere in Int64; bounding them keeps every deadline a recognizer
    /// sets (time plus a delay) representable.
    public static let latestVirtualTime: Microseconds = 1 << 52

    @inline(__always)
    private func virtualTime(_ traceTime: Microseconds) throws(ReplayError) -> Microseconds {
        // Every event but the first takes this path; the first and the rejected ones the one below.
        if traceTime >= earliestTraceTime, traceTime <= latestTraceTime { return traceTime &- origin }
        return try firstOrFarVirtualTime(traceTime)
    }

    @inline(never)
    private func firstOrFarVirtualTime(_ traceTime: Microseconds) throws(ReplayError) -> Microseconds {
        if earliestTraceTime > latestTraceTime {  // the first event
            origin = traceTime
            // Exactly the times whose difference from `origin` neither overflows nor exceeds the
            // latest virtual time.
            earliestTraceTime = origin >= 0 ? Microseconds.min &+ origin : Microseconds.min
            let (latest, overflow) = origin.addingReportingOverflow(Self.latestVirtualTime)
            latestTraceTime = overflow ? Microseconds.max : latest
        }
        let (time, overflow) = traceTime.subtractingReportingOverflow(origin)
        guard !overflow, time <= Self.latestVirtualTime else {
            throw ReplayError(message: "event at \(traceTime) µs is too far from the first event (at \(origin) µs) to replay: at most \(Self.latestVirtualTime) µs apart")
        }
        return time
    }

    /// Adds a sample to the frame being gathered; true if it first delivered the frame before it.
    @inline(__always) @discardableResult
    private func add(_ sample: TouchSample, at time: Microseconds) throws(ReplayError) -> Bool {
        // The last device's mapping is kept at hand: nearly every trace's samples come from one device.
        if Int(sample.device) != mappedDevice { try map(sample.device, at: sample.time) }
        touchSamples &+= 1
        // While a frame gathers, the clock has not moved since it began (only `flush` and the
        // events that flush first advance it), so `now <= frameTime`: a sample at the
        // frame's own time joins it without reading the clock.
        var delivered = false
        if !pending.isEmpty, time != frameTime, frameTime != max(time, schedulerNow) {
            flush()
            delivered = true
        }
        // Motion, most samples, changes no bookkeeping.
        // The fields by value: passing the sample would store all of it to memory for every sample.
        let change: TouchInput.Change
        let location: Point
        if sample.phase == .motion {
            change = .move
            location = mapping.point(x: sample.x, y: sample.y)
        } else {
            change = try sequenceChange(sample.phase, sample.device, sample.touch, at: time)
            let point = mapping.point(x: sample.x, y: sample.y)
            location = change == .down ? touchBegins(sample.device, x: sample.x, y: sample.y, at: point) : point
        }
        if pending.isEmpty { frameTime = max(time, schedulerNow) }
        pending.append(TouchInput(identifier: sample.touch, change: change, location: location))
        return delivered
    }

    /// Makes `device`'s mapping the one at hand; throws for a device the trace does not describe.
    @inline(never)
    private func map(_ device: DeviceIndex, at time: Microseconds) throws(ReplayError) {
        guard let transform = mapper.transform(of: device) else {
            throw ReplayError(message: "touch sample at \(time) µs comes from device \(device), which the trace does not describe")
        }
        mapping = transform
        mappedDevice = Int(device)
    }

    /// The change a down, lift or cancel makes, with the fingers-down list and latency kept up to date.
    @inline(never)
    private func sequenceChange(
        _ phase: TouchPhase, _ device: DeviceIndex, _ touch: TouchID, at time: Microseconds
    ) throws(ReplayError) -> TouchInput.Change {
        switch phase {
        case .down:
            if !down.contains(where: { $0.device == device && $0.touch == touch }) {
                guard down.count < Self.touchesDownLimit else { throw Self.tooManyTouches(at: time) }
                if pending.isEmpty { frameTime = max(time, schedulerNow) }
                observer.latency.touchDown(at: frameTime, activeTouches: down.count)
                down.append((device, touch))
            }
            return .down
        case .motion: return .move
        case .up: release(device, touch); return .up
        case .cancel: release(device, touch); return .cancel
        }
    }

    /// The error for a touch beyond `touchesDownLimit`, at virtual time `time`.
    package static func tooManyTouches(at time: Microseconds) -> ReplayError {
        ReplayError(message: "more than \(touchesDownLimit) touches down at once (at \(time) µs of the replay): not a recording of hands; touches that never lift?")
    }

    /// Where a touch that begins at `point` begins (`CoordinateMapper.whereTouchBegins`), counted
    /// when that is outside the window, where it reaches no view (`outsideWindowNotice`).
    @inline(never)
    private func touchBegins(_ device: DeviceIndex, x: Int32, y: Int32, at point: Point) -> Point {
        let location = mapper.whereTouchBegins(device: device, x: x, y: y, at: point)
        touchesBegan &+= 1
        let window = mapper.window
        if !Rect(x: 0, y: 0, width: window.width, height: window.height).contains(location) {
            if touchesBeganOutsideWindow == 0 { firstTouchOutsideWindow = frameTime }
            touchesBeganOutsideWindow &+= 1
        }
        return location
    }

    private var schedulerNow: Microseconds {
        scheduler.now
    }

    private func release(_ device: DeviceIndex, _ touch: TouchID) {
        if let index = down.firstIndex(where: { $0.device == device && $0.touch == touch }) { down.remove(at: index) }
    }

    /// Delivers the frame gathered so far, after firing the timers due by its time. Always inlined:
    /// the per-sample path calls it once a frame, and left to the inliner it went out of line when
    /// the down path grew the touches-down limit's `throw` (callgrind, a 443,791-sample replay
    /// through map: 233.5 M before the limit, 236.6 M with it, 234.7 M with this; docs/benchmarks.md).
    @inline(__always)
    private func flush() {
        guard !pending.isEmpty else { return }
        scheduler.advance(to: frameTime)
        dispatcher.send(pending.touches, at: frameTime)
        pending.removeAll()
    }

    // MARK: - Trackpad gestures

    /// Where a trackpad gesture happens: traces carry no pointer position, so the centre of the
    /// window (docs/semantics.md "Trackpad gestures", a choice).
    private var pointer: Point {
        Point(x: instance.window.frame.width / 2, y: instance.window.frame.height / 2)
    }

    /// A touchpad pinch becomes UIKit's transform event and a two-finger scroll its scroll event;
    /// swipes and holds reach no recognizer (iPadOS keeps three- and four-finger swipes for the
    /// system, and a hold is not a gesture UIKit reports).
    private func deliver(_ sample: GestureSample, at time: Microseconds) {
        let time = max(time, schedulerNow)
        switch sample.kind {
        case .pinch:
            if sample.phase == .update, !(sample.scale > 0 && sample.scale.isFinite) {
                impossibleScales.add(event: events - 1, "\(sample.scale)")
            }
            var unmoved = false
            let gesture = Self.step(&transform, sample, at: time, pointer: pointer, kind: .transform, unmoved: &unmoved)
            if unmoved { unusableMovements.add(event: events - 1, "a pinch's angleDelta \(sample.angleDelta)") }
            guard let gesture else { return }
            send(gesture)
        case .scroll:
            var unmoved = false
            let gesture = Self.step(&scroll, sample, at: time, pointer: pointer, kind: .scroll, unmoved: &unmoved)
            if unmoved { unusableMovements.add(event: events - 1, "a scroll's dx \(sample.dx), dy \(sample.dy)") }
            guard let gesture else { return }
            send(gesture)
        case .swipe, .hold:
            break
        }
    }

    /// Advances the gesture under way by one sample; `nil` for a sample that continues nothing.
    /// An update whose movement would make the gesture's sum no finite number (a NaN or infinite
    /// delta, or one past the largest) moves nothing and sets `unmoved`: summed, it left the
    /// rotation or scrolling NaN for the rest of the gesture, which the recognizers then passed over.
    private static func step(
        _ current: inout IndirectGesture?, _ sample: GestureSample, at time: Microseconds, pointer: Point,
        kind: IndirectGesture.Kind, unmoved: inout Bool
    ) -> IndirectGesture? {
        switch sample.phase {
        case .begin:
            current = IndirectGesture(kind: kind, phase: .began, timestamp: time, location: pointer)
        case .update:
            guard current != nil else { return nil }
            current!.phase = .changed
            current!.timestamp = time
            if kind == .transform {
                current!.scale = sample.scale
                let rotation = current!.rotation + sample.angleDelta * .pi / 180
                if rotation.isFinite { current!.rotation = rotation } else { unmoved = true }
            } else {
                let translation = current!.translation + Vector(dx: sample.dx, dy: sample.dy)
                if translation.dx.isFinite && translation.dy.isFinite { current!.translation = translation } else { unmoved = true }
            }
        case .end:
            guard current != nil else { return nil }
            current!.phase = sample.cancelled ? .cancelled : .ended
            current!.timestamp = time
        }
        let gesture = current
        if sample.phase == .end { current = nil }
        return gesture
    }

    private func send(_ gesture: IndirectGesture) {
        scheduler.advance(to: gesture.timestamp)
        dispatcher.send(gesture)
    }

    private func cancelTouches(of device: DeviceIndex, at time: Microseconds) {
        frameTime = max(time, instance.scheduler.now)
        for finger in down where finger.device == device {
            // The engine knows the last position; a cancel's location only has to be plausible.
            let last = instance.dispatcher.touchesDown.first { $0.identifier == finger.touch }?.locationInWindow ?? .zero
            pending.append(TouchInput(identifier: finger.touch, change: .cancel, location: last))
        }
        down.removeAll { $0.device == device }
        flush()
    }
}

/// A trace that cannot be replayed as it stands.
public struct ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
