import Foundation
import GestureEngine

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
