import FoundationEssentials
import GestureEngine
import TouchTrace

/// Turns one stroke of a recorded trace into a unistroke template: what
/// `touchstone template record` does, kept here so it is tested without the command line.
///
/// The stroke is the path of one touch, from its touch-down to its lift, in window points of the
/// built-in scenes' window (the mapping a replay would use), so a template recorded on one
/// touchscreen matches the same shape drawn on another.
public enum TemplateRecorder {
    /// The template named `name` made of the `strokeIndex`th touch (0 = the first to come down) of
    /// the trace at `path`, read through `TraceFile.open` (any format, streamed: memory holds the
    /// stroke, not the trace). Errors name the file; damage and import warnings go to `report`,
    /// once the whole trace has been read, also when the stroke cannot be made.
    public static func record(
        tracePath path: String, name: String, strokeIndex: Int = 0, rotationInvariant: Bool = false,
        report: (String) -> Void = { _ in }
    ) throws -> UnistrokeTemplate {
        let input = try TraceFile.open(path: path)
        var stroke = StrokeCollector(strokeIndex: strokeIndex, mapping: .automatic, window: BuiltinScenes.window, devices: input.header.devices)
        try input.forEachEvent { stroke.add($0) }
        input.notices.forEach(report)
        do throws(TemplateRecordingError) {
            guard !name.isEmpty else { throw TemplateRecordingError(message: "a template needs a name") }
            let points = try stroke.points()
            if points.count > UnistrokeTemplateFile.maximumPoints {
                report("\(path): stroke \(strokeIndex) has \(points.count) points; the template keeps \(UnistrokeTemplateFile.maximumPoints) of them, evenly spaced")
            }
            return UnistrokeTemplate(name: name, points: UnistrokeTemplateFile.thinned(points), rotationInvariant: rotationInvariant)
        } catch {
            throw TraceInputError(file: path, location: .wholeFile, message: error.message)
        }
    }

    /// The template named `name` made of the `strokeIndex`th touch of `document`.
    public static func record(
        _ document: TraceDocument, name: String, strokeIndex: Int = 0, rotationInvariant: Bool = false,
        mapping: DeviceMapping = .automatic, window: Size = BuiltinScenes.window
    ) throws(TemplateRecordingError) -> UnistrokeTemplate {
        guard !name.isEmpty else { throw TemplateRecordingError(message: "a template needs a name") }
        let points = try stroke(in: document, strokeIndex: strokeIndex, mapping: mapping, window: window)
        return UnistrokeTemplate(name: name, points: UnistrokeTemplateFile.thinned(points), rotationInvariant: rotationInvariant)
    }

    /// The window points of the `strokeIndex`th touch, from touch-down to lift (or cancellation).
    public static func stroke(
        in document: TraceDocument, strokeIndex: Int = 0, mapping: DeviceMapping = .automatic,
        window: Size = BuiltinScenes.window
    ) throws(TemplateRecordingError) -> [Point] {
        var stroke = StrokeCollector(strokeIndex: strokeIndex, mapping: mapping, window: window, devices: document.header.devices)
        for event in document.events where !stroke.isComplete { stroke.add(event) }
        return try stroke.points()
    }
}

/// Follows one touch through a trace's events, in window points: the stroke a template is made of.
/// Takes the events one at a time, so a trace of any length is read as a stream.
struct StrokeCollector {
    private let strokeIndex: Int
    private var mapper: CoordinateMapper
    private var downs = 0
    private var tracked: (device: DeviceIndex, touch: TouchID)?
    private var collected: [Point] = []
    /// Why the stroke cannot be made, found while reading (a touch from an undescribed device).
    private var failure: TemplateRecordingError?
    /// Whether the stroke has ended (or failed): later events change nothing.
    private(set) var isComplete = false

    init(strokeIndex: Int, mapping: DeviceMapping, window: Size, devices: [DeviceDescription]) {
        self.strokeIndex = strokeIndex
        mapper = CoordinateMapper(mapping: mapping, window: window, devices: devices)
    }

    mutating func add(_ event: TraceEvent) {
        guard !isComplete else { return }
        if case .device(.added(_, let device)) = event { mapper.add(device) }
        guard case .touch(let sample) = event else { return }
        if tracked == nil, sample.phase == .down {
            if downs == strokeIndex { tracked = (sample.device, sample.touch) }
            downs += 1
        }
        guard let current = tracked, current.device == sample.device, current.touch == sample.touch else { return }
        guard mapper.knows(sample.device) else {
            failure = TemplateRecordingError(message: "touch \(sample.touch) comes from device \(sample.device), which the trace never describes")
            isComplete = true
            return
        }
        let point = mapper.point(device: sample.device, x: sample.x, y: sample.y)
        collected.append(Point(x: point.x, y: point.y))
        if sample.phase == .up || sample.phase == .cancel { isComplete = true }
    }

    /// The stroke's points once the events are read; throws when there is no stroke to take.
    func points() throws(TemplateRecordingError) -> [Point] {
        if let failure { throw failure }
        guard tracked != nil else {
            throw TemplateRecordingError(message: downs == 0
                ? "the trace has no touches"
                : "stroke \(strokeIndex) asked for, but the trace has only \(downs) (counting from 0)")
        }
        guard UnistrokeTemplateFile.withinLimit(collected) else {
            throw TemplateRecordingError(message: "stroke \(strokeIndex) reaches beyond ±1e9 points in the window: its device's coordinates or units per point are not a screen's")
        }
        guard UnistrokeTemplate.pathLength(collected) > 0 else {
            throw TemplateRecordingError(message: "stroke \(strokeIndex) does not move: a template needs a drawn shape")
        }
        return collected
    }
}

/// Why a trace gave no template.
public struct TemplateRecordingError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
