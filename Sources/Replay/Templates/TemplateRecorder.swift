import Foundation
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
    /// the trace at `path`. Errors name the file; damage and import warnings go to `report`.
    public static func record(
        tracePath path: String, name: String, strokeIndex: Int = 0, rotationInvariant: Bool = false,
        report: (String) -> Void = { _ in }
    ) throws -> UnistrokeTemplate {
        let loaded = try TraceFile.load(path: path)
        let document = loaded.document
        loaded.notices.forEach(report)
        do {
            return try record(document, name: name, strokeIndex: strokeIndex, rotationInvariant: rotationInvariant)
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
        return UnistrokeTemplate(name: name, points: points, rotationInvariant: rotationInvariant)
    }

    /// The window points of the `strokeIndex`th touch, from touch-down to lift (or cancellation).
    public static func stroke(
        in document: TraceDocument, strokeIndex: Int = 0, mapping: DeviceMapping = .automatic,
        window: Size = BuiltinScenes.window
    ) throws(TemplateRecordingError) -> [Point] {
        var mapper = CoordinateMapper(mapping: mapping, window: window, devices: document.header.devices)
        var downs = 0
        var tracked: (device: DeviceIndex, touch: TouchID)?
        var points: [Point] = []
        for event in document.events {
            if case .device(.added(_, let device)) = event { mapper.add(device) }
            guard case .touch(let sample) = event else { continue }
            if tracked == nil, sample.phase == .down {
                if downs == strokeIndex { tracked = (sample.device, sample.touch) }
                downs += 1
            }
            guard let current = tracked, current.device == sample.device, current.touch == sample.touch else { continue }
            guard mapper.knows(sample.device) else {
                throw TemplateRecordingError(message: "touch \(sample.touch) comes from device \(sample.device), which the trace never describes")
            }
            let point = mapper.point(device: sample.device, x: sample.x, y: sample.y)
            points.append(Point(x: point.x, y: point.y))
            if sample.phase == .up || sample.phase == .cancel { break }
        }
        guard tracked != nil else {
            throw TemplateRecordingError(message: downs == 0
                ? "the trace has no touches"
                : "stroke \(strokeIndex) asked for, but the trace has only \(downs) (counting from 0)")
        }
        guard UnistrokeTemplate.pathLength(points) > 0 else {
            throw TemplateRecordingError(message: "stroke \(strokeIndex) does not move: a template needs a drawn shape")
        }
        return points
    }
}

/// Why a trace gave no template.
public struct TemplateRecordingError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
