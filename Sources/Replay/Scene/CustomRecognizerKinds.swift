import Foundation
import GestureEngine
import TouchTrace

/// The custom recognizers a scene can use (`Recognizers/Custom/` in the engine), with their
/// parameters as a scene file gives them. Unset parameters keep the engine's defaults
/// (`CustomGestureDefaults`). `docs/scenes.md` lists the keys.
public enum CustomRecognizerKind: Equatable, Sendable {
    case chevron(ChevronParameters)
    case unistroke(UnistrokeParameters)
    case resetShake(ResetShakeParameters)
    case doubleTapDragZoom(DoubleTapDragZoomParameters)
    case touchDownPress(TouchDownPressParameters)
    case patternUnlock(PatternUnlockParameters)

    /// The `type` string a scene file uses for this kind.
    public var typeName: String {
        switch self {
        case .chevron: "chevron"
        case .unistroke: "unistroke"
        case .resetShake: "resetShake"
        case .doubleTapDragZoom: "doubleTapDragZoom"
        case .touchDownPress: "touchDownPress"
        case .patternUnlock: "patternUnlock"
        }
    }

    static let typeNames = ["chevron", "unistroke", "resetShake", "doubleTapDragZoom", "touchDownPress", "patternUnlock"]
}

/// `ChevronGestureRecognizer`'s settings.
public struct ChevronParameters: Equatable, Sendable {
    public var mirrored: Bool?
    /// Points each leg must run horizontally.
    public var minimumLegLength: Double?

    public init(mirrored: Bool? = nil, minimumLegLength: Double? = nil) {
        self.mirrored = mirrored
        self.minimumLegLength = minimumLegLength
    }
}

/// `UnistrokeGestureRecognizer`'s settings.
public struct UnistrokeParameters: Equatable, Sendable {
    /// The templates to match, already loaded: built-ins by name, user templates from their files.
    /// Nil: every built-in.
    public var templates: [UnistrokeTemplate]?
    /// Lowest score, 0…1, that recognizes.
    public var minimumScore: Double?

    public init(templates: [UnistrokeTemplate]? = nil, minimumScore: Double? = nil) {
        self.templates = templates
        self.minimumScore = minimumScore
    }
}

/// `ResetShakeGestureRecognizer`'s settings.
public struct ResetShakeParameters: Equatable, Sendable {
    public var minimumDirectionChanges: Int?
    /// Points of horizontal travel a stroke needs.
    public var minimumStrokeLength: Double?

    public init(minimumDirectionChanges: Int? = nil, minimumStrokeLength: Double? = nil) {
        self.minimumDirectionChanges = minimumDirectionChanges
        self.minimumStrokeLength = minimumStrokeLength
    }
}

/// `DoubleTapDragZoomGestureRecognizer`'s settings.
public struct DoubleTapDragZoomParameters: Equatable, Sendable {
    /// Longest gap between the tap's lift and the second touch-down.
    public var maximumTapInterval: Microseconds?
    /// Points of vertical drag that double the scale.
    public var pointsPerDoubling: Double?

    public init(maximumTapInterval: Microseconds? = nil, pointsPerDoubling: Double? = nil) {
        self.maximumTapInterval = maximumTapInterval
        self.pointsPerDoubling = pointsPerDoubling
    }
}

/// `TouchDownPressGestureRecognizer`'s settings.
public struct TouchDownPressParameters: Equatable, Sendable {
    public var numberOfTouchesRequired: Int?

    public init(numberOfTouchesRequired: Int? = nil) {
        self.numberOfTouchesRequired = numberOfTouchesRequired
    }
}

/// `PatternUnlockGestureRecognizer`'s settings.
public struct PatternUnlockParameters: Equatable, Sendable {
    /// Points between neighbouring targets.
    public var spacing: Double?
    /// Points from a target's centre within which the path enters it.
    public var targetRadius: Double?
    public var minimumTargets: Int?
    /// Codes such as "1-2-3-6-9" that unlock.
    public var acceptedCodes: [String]?

    public init(spacing: Double? = nil, targetRadius: Double? = nil, minimumTargets: Int? = nil, acceptedCodes: [String]? = nil) {
        self.spacing = spacing
        self.targetRadius = targetRadius
        self.minimumTargets = minimumTargets
        self.acceptedCodes = acceptedCodes
    }
}

// MARK: - Reading scene files

extension SceneLoader {
    /// The custom kind named by `type` with its parameters and the keys it accepts, or nil when
    /// `type` is not a custom kind.
    static func customKind(_ type: String, _ r: SceneObjectReader) throws(SceneError) -> (RecognizerKind, Set<String>)? {
        switch type {
        case "chevron":
            return (.custom(.chevron(ChevronParameters(
                mirrored: try r.bool("mirrored"),
                minimumLegLength: try r.number("minimumLegLength", positive: true)
            ))), ["mirrored", "minimumLegLength"])
        case "unistroke":
            let score = try r.number("minimumScore", minimum: 0)
            if let score, score > 1 { throw r.problem("minimumScore", r.node("minimumScore"), "must be between 0 and 1") }
            return (.custom(.unistroke(UnistrokeParameters(
                templates: try templates(r), minimumScore: score
            ))), ["templates", "minimumScore"])
        case "resetShake":
            return (.custom(.resetShake(ResetShakeParameters(
                minimumDirectionChanges: try r.count("minimumDirectionChanges", maximum: 50),
                minimumStrokeLength: try r.number("minimumStrokeLength", positive: true)
            ))), ["minimumDirectionChanges", "minimumStrokeLength"])
        case "doubleTapDragZoom":
            return (.custom(.doubleTapDragZoom(DoubleTapDragZoomParameters(
                maximumTapInterval: try r.seconds("maximumTapInterval"),
                pointsPerDoubling: try r.number("pointsPerDoubling", positive: true)
            ))), ["maximumTapInterval", "pointsPerDoubling"])
        case "touchDownPress":
            return (.custom(.touchDownPress(TouchDownPressParameters(
                numberOfTouchesRequired: try r.count("numberOfTouchesRequired")
            ))), ["numberOfTouchesRequired"])
        case "patternUnlock":
            return (.custom(.patternUnlock(PatternUnlockParameters(
                spacing: try r.number("spacing", positive: true),
                targetRadius: try r.number("targetRadius", positive: true),
                minimumTargets: try r.count("minimumTargets", maximum: 9),
                acceptedCodes: try r.strings("acceptedCodes")
            ))), ["spacing", "targetRadius", "minimumTargets", "acceptedCodes"])
        default:
            return nil
        }
    }

    /// `"templates": ["checkmark", "heart.json"]`: built-in names, or template files (written by
    /// `touchstone template record`) relative to the scene file.
    private static func templates(_ r: SceneObjectReader) throws(SceneError) -> [UnistrokeTemplate]? {
        guard let entries = try r.strings("templates") else { return nil }
        var result: [UnistrokeTemplate] = []
        for (index, entry) in entries.enumerated() {
            let key = "templates[\(index)]"
            if !entry.hasSuffix(".json") {
                let builtIn = UnistrokeTemplate.builtIn(named: entry)
                guard !builtIn.isEmpty else {
                    let known = Set(UnistrokeTemplate.builtIn.map(\.name)).sorted().joined(separator: ", ")
                    throw r.problem(key, r.node("templates"), "unknown template \"\(entry)\" (built-in: \(known); or a .json template file)")
                }
                result += builtIn
                continue
            }
            let directory = (r.file as NSString).deletingLastPathComponent
            let path = entry.hasPrefix("/") ? entry : (directory as NSString).appendingPathComponent(entry)
            do {
                result.append(try UnistrokeTemplateFile.read(path))
            } catch {
                throw r.problem(key, r.node("templates"), "\(error)")
            }
        }
        return result
    }
}

/// Reads and writes template files: one `UnistrokeTemplate` as JSON.
public enum UnistrokeTemplateFile {
    /// The template in the file at `path`; errors name the file.
    public static func read(_ path: String) throws(TemplateFileError) -> UnistrokeTemplate {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TemplateFileError(file: path, problem: "cannot read the file")
        }
        do {
            return try JSONDecoder().decode(UnistrokeTemplate.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw TemplateFileError(file: path, problem: "invalid template: \(context.debugDescription)")
        } catch {
            throw TemplateFileError(file: path, problem: "invalid template: \(error)")
        }
    }

    /// The template as JSON, one point per line with coordinates to 1/100 point, ending with a
    /// newline: small, diffable and byte-for-byte stable.
    public static func encode(_ template: UnistrokeTemplate) -> Data {
        let name = (try? JSONEncoder().encode(template.name)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        var text = "{\n  \"name\": \(name),\n  \"rotationInvariant\": \(template.rotationInvariant),\n  \"points\": [\n"
        for (index, point) in template.points.enumerated() {
            text += "    [\(coordinate(point.x)), \(coordinate(point.y))]"
            text += index == template.points.count - 1 ? "\n" : ",\n"
        }
        text += "  ]\n}\n"
        return Data(text.utf8)
    }

    private static func coordinate(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// A template file that cannot be read, naming the file.
public struct TemplateFileError: Error, CustomStringConvertible {
    public var file: String
    public var problem: String

    public var description: String { "\(file): \(problem)" }
}

// MARK: - Making recognizers

extension RecognizerFactory {
    static func make(_ kind: CustomRecognizerKind, id: String) -> GestureRecognizer {
        switch kind {
        case .chevron(let p):
            let r = ChevronGestureRecognizer(name: id)
            if let v = p.mirrored { r.mirrored = v }
            if let v = p.minimumLegLength { r.minimumLegLength = v }
            return r
        case .unistroke(let p):
            let r = UnistrokeGestureRecognizer(name: id)
            if let v = p.templates { r.templates = v }
            if let v = p.minimumScore { r.minimumScore = v }
            return r
        case .resetShake(let p):
            let r = ResetShakeGestureRecognizer(name: id)
            if let v = p.minimumDirectionChanges { r.minimumDirectionChanges = v }
            if let v = p.minimumStrokeLength { r.minimumStrokeLength = v }
            return r
        case .doubleTapDragZoom(let p):
            let r = DoubleTapDragZoomGestureRecognizer(name: id)
            if let v = p.maximumTapInterval { r.maximumIntervalBetweenSuccessiveTaps = v }
            if let v = p.pointsPerDoubling { r.pointsPerDoubling = v }
            return r
        case .touchDownPress(let p):
            let r = TouchDownPressGestureRecognizer(name: id)
            if let v = p.numberOfTouchesRequired { r.numberOfTouchesRequired = v }
            return r
        case .patternUnlock(let p):
            let r = PatternUnlockGestureRecognizer(name: id)
            if let v = p.spacing { r.spacing = v }
            if let v = p.targetRadius { r.targetRadius = v }
            if let v = p.minimumTargets { r.minimumTargets = v }
            if let v = p.acceptedCodes { r.acceptedCodes = Set(v) }
            return r
        }
    }
}
