#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import GestureEngine
import TouchTrace

/// Reads and writes template files: one `UnistrokeTemplate` as JSON,
/// `{"name": …, "rotationInvariant": false, "points": [[x, y], …]}`.
public enum UnistrokeTemplateFile {
    /// The largest template file read: a drawn stroke is a few hundred points, a kilobyte or so.
    public static let maximumFileSize = 16 << 20
    /// The most points a template holds: nine minutes of a stroke at 120 Hz. The matcher compares
    /// 64 resampled points; the stroke is kept as drawn. A scene reads each file it names once, and
    /// all of them together hold at most `SceneLoader.maximumTemplatePoints`.
    public static let maximumPoints = 65_536

    /// The farthest a template's point may lie from the origin on either axis, in points: far beyond
    /// any screen, and near enough that a path length and its file's two decimals stay exact.
    public static let coordinateLimit = 1e9

    /// Whether every point lies within `coordinateLimit` on both axes.
    public static func withinLimit(_ points: [Point]) -> Bool {
        points.allSatisfy { abs($0.x) <= coordinateLimit && abs($0.y) <= coordinateLimit }
    }

    /// `points` as a template keeps them: all of them, or `maximumPoints` evenly spaced from the
    /// first to the last.
    public static func thinned(_ points: [Point]) -> [Point] {
        guard points.count > maximumPoints else { return points }
        let last = points.count - 1
        return (0..<maximumPoints).map { points[$0 * last / (maximumPoints - 1)] }
    }
    /// The template in the file at `path`; errors name the file.
    public static func read(_ path: String) throws(TemplateFileError) -> UnistrokeTemplate {
        // A FIFO or a directory would block or fail the read: refused before anything is opened.
        if access(path, F_OK) == 0 {
            do {
                try RegularFile.check(path)
            } catch {
                throw TemplateFileError(file: path, problem: error.message)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, atMost: maximumFileSize, what: "a template file")
        } catch {
            throw TemplateFileError(file: path, problem: error.message)
        }
        return try decode(Data(bytes), file: path)
    }

    /// The template in `data`, the contents of a template file; `file` names it in errors, which
    /// give the line and key as a scene's do.
    public static func decode(_ data: Data, file: String) throws(TemplateFileError) -> UnistrokeTemplate {
        do {
            return try template(Array(data), file: file)
        } catch {
            throw TemplateFileError(file: file, line: error.line, keyPath: error.keyPath, problem: "invalid template: \(error.problem)")
        }
    }

    /// What a template's name may not contain (the same as a scene's ids): it is printed in logs.
    public static func isForbiddenInNames(_ scalar: Unicode.Scalar) -> Bool {
        SceneObjectReader.isForbiddenInIdentifiers(scalar)
    }

    private static func template(_ bytes: [UInt8], file: String) throws(SceneError) -> UnistrokeTemplate {
        let document = try SceneObjectReader.document(bytes, file: file)
        try document.rejectUnknownKeys(["name", "points", "rotationInvariant"])
        let name = try document.identifier("name")
        let pointsNode = try document.required("points")
        var points: [Point] = []
        let elements = try document.array("points") ?? []
        guard elements.count <= maximumPoints else {
            throw document.problem("points", pointsNode, "\(elements.count) points; a template holds at most \(maximumPoints)")
        }
        for (index, element) in elements.enumerated() {
            guard let pair = element.elements, pair.count == 2, let x = pair[0].double, let y = pair[1].double,
                abs(x) <= coordinateLimit, abs(y) <= coordinateLimit
            else {
                throw document.problem("points[\(index)]", element, "expected a pair of finite numbers [x, y], each within ±1e9")
            }
            points.append(Point(x: x, y: y))
        }
        guard UnistrokeTemplate.pathLength(points) > 0 else {
            throw document.problem("points", pointsNode, "a template needs at least two distinct points")
        }
        return UnistrokeTemplate(name: name, points: points, rotationInvariant: try document.bool("rotationInvariant") ?? false)
    }

    /// The template as JSON, one point per line with coordinates to 1/100 point, ending with a
    /// newline: small, diffable and byte-for-byte stable.
    public static func encode(_ template: UnistrokeTemplate) -> Data {
        var text = "{\n  \"name\": \(JSONText.quoted(template.name)),\n  \"rotationInvariant\": \(template.rotationInvariant),\n  \"points\": [\n"
        for (index, point) in template.points.enumerated() {
            text += "    [\(coordinate(point.x)), \(coordinate(point.y))]"
            text += index == template.points.count - 1 ? "\n" : ",\n"
        }
        text += "  ]\n}\n"
        return Data(text.utf8)
    }

    /// `value` with two decimals: every template read or recorded lies within `coordinateLimit`;
    /// one built in code beyond it is written as Swift spells the number, which reads back the same.
    private static func coordinate(_ value: Double) -> String {
        precondition(value.isFinite, "a template's point \(value) is not a finite number")
        guard let hundredths = Int64(exactly: (value * 100).rounded()) else { return "\(value)" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// A template file that cannot be read: `FILE:LINE: KEY.PATH: problem`, leaving out what is unknown.
public struct TemplateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based line of the offending value; nil when the file could not be read at all.
    public var line: Int?
    /// Where in the document, as a key path; empty for the document itself.
    public var keyPath: String
    public var problem: String

    public init(file: String, line: Int? = nil, keyPath: String = "", problem: String) {
        self.file = file
        self.line = line
        self.keyPath = keyPath
        self.problem = problem
    }

    public var description: String {
        SceneError(file: file, line: line, keyPath: keyPath, problem: problem).description
    }
}
