import Replay
import TouchTrace

/// Reads a trace of any format Touchstone knows into a `SessionTimeline`: the touch paths in
/// window points and, with a scene, the replay's observations on the same virtual clock.
///
/// The replay is the real one (`ReplayDriver`, the same rule and scene as `touchstone replay`);
/// the timeline is gathered by an observer beside the log, never by reading the log back.
public enum SessionReader {
    /// Reads `tracePath` through `TraceFile.open`, the road every command reads by. `warn` receives
    /// the reader's notices (damage worked around, import warnings), one line each, as `replay`
    /// prints them. Throws `TraceInputError` naming the file for a trace that cannot be read or
    /// replayed.
    public static func read(tracePath: String, scene: Scene?, warn: (String) -> Void = { _ in }) throws -> SessionTimeline {
        let window = scene?.window ?? BuiltinScenes.window
        var timeline = SessionTimeline(window: window, views: scene.map(outlines) ?? [], hasScene: scene != nil)
        let input = try TraceFile.open(path: tracePath)
        let devices = input.header.devices
        var paths = PathCollector(mapping: scene?.mapping ?? .automatic, window: window, devices: devices)
        let recorder = scene.map(TimelineRecorder.init(scene:))
        let driver = scene.map { ReplayDriver(scene: $0, devices: devices, also: recorder) }
        var lastTime: Microseconds = 0
        do {
            try input.forEachEvent { event in
                lastTime = max(lastTime, try paths.add(event))
                if let driver {
                    try driver.feed(event)
                    if driver.pendingLogBytes >= 1 << 16 { driver.drainLogBytes { _ in } }
                }
            }
        } catch let error as ReplayError {
            throw TraceInputError(file: tracePath, location: .wholeFile, message: error.message)
        }
        input.notices.forEach(warn)
        timeline.touches = paths.tracks
        if let driver, let recorder {
            driver.finish()
            driver.drainLogBytes { _ in }
            timeline.recognizers = recorder.recognizers
            timeline.viewLanes = recorder.deliveringViews
            lastTime = max(lastTime, driver.now)
        }
        timeline.duration = lastTime
        return timeline
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

/// Gathers each touch sequence's samples in window points, with the replay's clock (virtual time 0
/// is the first event) and the scene's mapping from device units.
struct PathCollector {
    private var mapper: CoordinateMapper
    private var origin: Microseconds?
    private(set) var tracks: [TouchTrack] = []
    /// Open sequences: touch id to track index and device.
    private var open: [TouchID: (index: Int, device: DeviceIndex)] = [:]

    init(mapping: DeviceMapping, window: Size, devices: [DeviceDescription]) {
        mapper = CoordinateMapper(mapping: mapping, window: window, devices: devices)
    }

    /// Takes one event; returns its virtual time. Throws `ReplayError`, as the replay does, for a
    /// touch from a device the trace never described.
    mutating func add(_ event: TraceEvent) throws(ReplayError) -> Microseconds {
        if origin == nil { origin = event.time }
        let time = event.time &- origin!
        switch event {
        case .touch(let sample):
            guard mapper.knows(sample.device) else {
                throw ReplayError(message: "touch sample at \(sample.time) µs comes from device \(sample.device), which the trace does not describe")
            }
            let point = mapper.point(device: sample.device, x: sample.x, y: sample.y)
            let index: Int
            if let existing = open[sample.touch] {
                index = existing.index
            } else {
                tracks.append(TouchTrack(id: sample.touch))
                index = tracks.count - 1
                open[sample.touch] = (index, sample.device)
            }
            tracks[index].points.append(.init(time: time, x: point.x, y: point.y))
            switch sample.phase {
            case .up: tracks[index].ending = .up; open[sample.touch] = nil
            case .cancel: tracks[index].ending = .cancel; open[sample.touch] = nil
            case .down, .motion: break
            }
        case .device(.added(_, let device)):
            mapper.add(device)
        case .device(.removed(_, let device)):
            // The replay cancels the device's touches there.
            for (touch, entry) in open where entry.device == device {
                tracks[entry.index].ending = .cancel
                open[touch] = nil
            }
        case .frame, .gesture, .annotation:
            break
        }
        return time
    }
}
