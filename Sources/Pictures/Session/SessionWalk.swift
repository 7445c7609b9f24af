import Replay
import TouchTrace

/// Receives a session in one pass, in time order: each finger's samples as they happen and, with a
/// scene, the replay's lanes as the replay reports them.
///
/// Tracks are numbered in the order their fingers went down, lanes in the order they are
/// announced; every track announced is ended exactly once (`.open` when the session ends with the
/// finger down).
protocol SessionVisitor: AnyObject {
    func touchBegan(_ track: Int, id: TouchID)
    /// A sample of `track` in window points on the session's clock.
    func touchMoved(_ track: Int, _ point: TouchTrack.Point)
    func touchEnded(_ track: Int, _ ending: TouchTrack.Ending)
    /// A new recognizer lane, numbered from 0 in announcement order.
    func recognizerLane(_ name: String)
    /// A new view lane. A lane not `shownEmpty` is shown only when it receives something (a replay
    /// announces every view of its scene; a timeline built in memory shows what it holds).
    func viewLane(_ name: String, shownEmpty: Bool)
    func recognizer(_ lane: Int, changed: RecognizerLane.Change)
    func recognizer(_ lane: Int, acted: RecognizerLane.Action)
    func view(_ lane: Int, received: ViewLane.Delivery)
}

/// A session that can be walked from its start as many times as a picture needs: a trace file
/// (read, and replayed, again on every walk) or a timeline already in memory.
protocol SessionSource {
    associatedtype Failure: Error
    /// The area the touch paths are drawn over, in points.
    var window: Size { get }
    /// The scene's visible views, in window coordinates, back to front.
    var views: [ViewOutline] { get }
    var hasScene: Bool { get }
    /// Walks the whole session into `visitor`; returns the last time anything happened and the
    /// lines for standard error: the reader's notices (damage worked around, import warnings) and,
    /// with a scene, the replay's (`ReplayDriver.notices(after:)`).
    func walk(_ visitor: some SessionVisitor) throws(Failure) -> (duration: Microseconds, notices: [String])
}

/// A trace file of any format Touchstone reads, with the scene to replay it through, walked by
/// reading it again: nothing of it is kept between walks, so a picture's memory does not grow with
/// the session's length.
///
/// The replay is the real one (`ReplayDriver`, the same rule and scene as `touchstone replay`);
/// the lanes are gathered by an observer beside the log, never by reading the log back.
public struct TraceSession: SessionSource {
    public var tracePath: String
    public var scene: Scene?

    public init(tracePath: String, scene: Scene?) {
        self.tracePath = tracePath
        self.scene = scene
    }

    public var window: Size { scene?.window ?? BuiltinScenes.window }
    public var views: [ViewOutline] { scene.map(SessionReader.outlines) ?? [] }
    public var hasScene: Bool { scene != nil }

    /// Throws `TraceInputError` naming the file for a trace that cannot be read or replayed.
    func walk(_ visitor: some SessionVisitor) throws -> (duration: Microseconds, notices: [String]) {
        let input = try TraceFile.open(path: tracePath)
        let devices = input.header.devices
        var paths = PathCollector(mapping: scene?.mapping ?? .automatic, window: window, devices: devices)
        let recorder = scene.map { TimelineRecorder(scene: $0, visitor: visitor) }
        let driver = scene.map { ReplayDriver(scene: $0, devices: devices, also: recorder, collectsLatencies: false) }
        var lastTime: Microseconds = 0
        var eventsTaken = 0
        do {
            try input.forEachEvent { event in
                eventsTaken += 1
                lastTime = max(lastTime, try paths.add(event, into: visitor))
                if let driver {
                    try driver.feed(event)
                    if driver.pendingLogBytes >= 1 << 16 {
                        driver.drainLogBytes { _ in }
                    }
                }
            }
        } catch let error as ReplayError {
            throw TraceInputError(file: tracePath, location: input.location(ofEvent: eventsTaken - 1), message: error.message)
        }
        paths.finish(into: visitor)
        if let driver {
            driver.finish()
            driver.drainLogBytes { _ in }
            lastTime = max(lastTime, driver.now)
        }
        return (lastTime, driver?.notices(after: input) ?? input.notices)
    }
}

extension SessionTimeline: SessionSource {
    func walk(_ visitor: some SessionVisitor) -> (duration: Microseconds, notices: [String]) {
        for (index, track) in touches.enumerated() {
            visitor.touchBegan(index, id: track.id)
            for point in track.points { visitor.touchMoved(index, point) }
            visitor.touchEnded(index, track.ending)
        }
        for lane in recognizers { visitor.recognizerLane(lane.name) }
        for lane in viewLanes { visitor.viewLane(lane.name, shownEmpty: true) }
        for (index, lane) in recognizers.enumerated() {
            for change in lane.changes { visitor.recognizer(index, changed: change) }
            for action in lane.actions { visitor.recognizer(index, acted: action) }
        }
        for (index, lane) in viewLanes.enumerated() {
            for delivery in lane.deliveries { visitor.view(index, received: delivery) }
        }
        return (duration, [])
    }
}

/// Follows each touch sequence of a trace in window points, with the replay's clock (virtual time
/// 0 is the first event, and it never goes back: an event earlier than the one before it is taken
/// at that one's time, as the replay's scheduler takes it) and the scene's mapping from device
/// units.
struct PathCollector {
    private var mapper: CoordinateMapper
    private var origin: Microseconds?
    /// The latest virtual time so far.
    private var latest: Microseconds = 0
    private var tracks = 0
    /// Open sequences: touch id to track number and device.
    private var open: [TouchID: (track: Int, device: DeviceIndex)] = [:]

    init(mapping: DeviceMapping, window: Size, devices: [DeviceDescription]) {
        mapper = CoordinateMapper(mapping: mapping, window: window, devices: devices)
    }

    /// Takes one event; returns its virtual time. Throws `ReplayError`, as the replay does, for a
    /// touch from a device the trace never described.
    mutating func add(_ event: TraceEvent, into visitor: some SessionVisitor) throws(ReplayError) -> Microseconds {
        if origin == nil { origin = event.time }
        // Without a scene a session may last as long as a time can say (a replay stops 2^52 µs
        // after its first event), but no longer: a difference taken with wrapping arithmetic made
        // a session from -2^63 to 2^63 - 1 µs last 0 s, its lift drawn before its touch-down.
        let (difference, overflow) = event.time.subtractingReportingOverflow(origin!)
        guard !overflow else {
            throw ReplayError(message: "event at \(event.time) µs is too far from the first event (at \(origin!) µs) to draw: they are more than 2^63 - 1 µs apart")
        }
        // A trace whose time goes back (an importer warns of it) draws no point before the last.
        let time = max(difference, latest)
        latest = time
        switch event {
        case .touch(let sample):
            guard mapper.knows(sample.device) else {
                throw ReplayError(message: "touch sample at \(sample.time) µs comes from device \(sample.device), which the trace does not describe")
            }
            let point = mapper.point(device: sample.device, x: sample.x, y: sample.y)
            let track: Int
            if let existing = open[sample.touch] {
                track = existing.track
            } else {
                // The replay's limit, whether or not a scene is replayed: drawing rows for more
                // touches at once would take time in proportion to them, for every touch.
                guard open.count < ReplayDriver.touchesDownLimit else { throw ReplayDriver.tooManyTouches(at: time) }
                track = tracks
                tracks += 1
                open[sample.touch] = (track, sample.device)
                visitor.touchBegan(track, id: sample.touch)
            }
            visitor.touchMoved(track, .init(time: time, x: point.x, y: point.y))
            switch sample.phase {
            case .up: visitor.touchEnded(track, .up); open[sample.touch] = nil
            case .cancel: visitor.touchEnded(track, .cancel); open[sample.touch] = nil
            case .down, .motion: break
            }
        case .device(.added(_, let device)):
            mapper.add(device)
        case .device(.removed(_, let device)):
            // The replay cancels the device's touches there.
            for (touch, entry) in open where entry.device == device {
                visitor.touchEnded(entry.track, .cancel)
                open[touch] = nil
            }
        case .frame, .gesture, .annotation:
            break
        }
        return time
    }

    /// Ends the sequences still open when the trace ends.
    mutating func finish(into visitor: some SessionVisitor) {
        for entry in open.values { visitor.touchEnded(entry.track, .open) }
        open = [:]
    }
}

/// Gathers a walk into a `SessionTimeline`: every sample and mark, for the uses that need them
/// all at once (a verify report's comparison, tests). Pictures never do.
final class TimelineCollector: SessionVisitor {
    private(set) var timeline: SessionTimeline
    private var shownEmpty: [Bool] = []

    init(_ source: some SessionSource) {
        timeline = SessionTimeline(window: source.window, views: source.views, hasScene: source.hasScene)
    }

    func touchBegan(_ track: Int, id: TouchID) { timeline.touches.append(TouchTrack(id: id)) }
    func touchMoved(_ track: Int, _ point: TouchTrack.Point) { timeline.touches[track].points.append(point) }
    func touchEnded(_ track: Int, _ ending: TouchTrack.Ending) { timeline.touches[track].ending = ending }
    func recognizerLane(_ name: String) { timeline.recognizers.append(RecognizerLane(name: name)) }

    func viewLane(_ name: String, shownEmpty: Bool) {
        timeline.viewLanes.append(ViewLane(name: name))
        self.shownEmpty.append(shownEmpty)
    }

    func recognizer(_ lane: Int, changed: RecognizerLane.Change) { timeline.recognizers[lane].changes.append(changed) }
    func recognizer(_ lane: Int, acted: RecognizerLane.Action) { timeline.recognizers[lane].actions.append(acted) }
    func view(_ lane: Int, received: ViewLane.Delivery) { timeline.viewLanes[lane].deliveries.append(received) }

    /// The timeline, with the view lanes that are shown.
    func finish(duration: Microseconds) -> SessionTimeline {
        var result = timeline
        result.viewLanes = zip(timeline.viewLanes, shownEmpty).filter { $1 || !$0.deliveries.isEmpty }.map(\.0)
        result.duration = duration
        return result
    }
}
