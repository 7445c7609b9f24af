import GestureEngine
import TouchTrace

/// The custom recognizers of `docs/custom-recognizers.md` as scene kinds, registered exactly as a
/// user's kinds are. Defaults are the engine's (`CustomGestureDefaults`).
extension RecognizerKind {
    /// Touchstone's custom kinds, in the order the tables list them.
    static let customKinds = [chevron, unistroke, resetShake, doubleTapDragZoom, touchDownPress, patternUnlock]

    /// `ChevronGestureRecognizer`.
    public static let chevron = RecognizerKind(
        "chevron", summary: "One finger draws a chevron, a down-right leg then a down-left leg; recognizes at lift.",
        parameters: [
            .flag("mirrored", \.mirrored, doc: "The down-left leg comes first."),
            .number("minimumLegLength", \.minimumLegLength, unit: "pt", range: .greaterThan(0), doc: "Horizontal run each leg needs."),
        ],
        make: { ChevronGestureRecognizer(name: $0) }
    )

    /// `UnistrokeGestureRecognizer`.
    public static let unistroke = RecognizerKind(
        "unistroke", summary: "One stroke matched against templates ($1 recognizer); recognizes at lift, logging match= and score=.",
        parameters: [
            .custom(
                "templates", type: "list", allowed: "built-in names (\(builtInTemplateNames)) or NAME.json files",
                doc: "Templates to match; files (touchstone template record) are relative to the scene file.",
                decode: templates, apply: { $0.templates = $1 },
                describe: { $0.templates == UnistrokeTemplate.builtIn ? "every built-in" : "\($0.templates.count) templates" }
            ),
            .number("minimumScore", \.minimumScore, unit: "", range: .from(0, to: 1), doc: "Lowest score that recognizes."),
        ],
        make: { UnistrokeGestureRecognizer(name: $0) }
    )

    /// `ResetShakeGestureRecognizer`.
    public static let resetShake = RecognizerKind(
        "resetShake", summary: "One finger rubs back and forth horizontally; recognizes at lift, logging turns=.",
        parameters: [
            .count("minimumDirectionChanges", \.minimumDirectionChanges, in: 1...50, doc: "Horizontal direction changes needed."),
            .number("minimumStrokeLength", \.minimumStrokeLength, unit: "pt", range: .greaterThan(0),
                    doc: "Horizontal travel a stroke needs before its reversal counts."),
        ],
        make: { ResetShakeGestureRecognizer(name: $0) }
    )

    /// `DoubleTapDragZoomGestureRecognizer`.
    public static let doubleTapDragZoom = RecognizerKind(
        "doubleTapDragZoom", summary: "Tap, then touch again and drag vertically to zoom, scale = 2^(drag down / pointsPerDoubling); continuous.",
        parameters: [
            .duration("maximumTapInterval", \.maximumIntervalBetweenSuccessiveTaps,
                      doc: "Longest gap between the tap's lift and the second touch-down."),
            .number("pointsPerDoubling", \.pointsPerDoubling, unit: "pt", range: .atLeast(1), doc: "Vertical drag that doubles the scale."),
        ],
        make: { DoubleTapDragZoomGestureRecognizer(name: $0) }
    )

    /// `TouchDownPressGestureRecognizer`.
    public static let touchDownPress = RecognizerKind(
        "touchDownPress", summary: "Acts the moment the required fingers are down, as a button that fires on press; discrete.",
        parameters: [
            .count("numberOfTouchesRequired", \.numberOfTouchesRequired, in: 1...10, doc: "Fingers that must be down."),
        ],
        make: { TouchDownPressGestureRecognizer(name: $0) }
    )

    /// `PatternUnlockGestureRecognizer`.
    public static let patternUnlock = RecognizerKind(
        "patternUnlock", summary: "One finger's path through a 3 × 3 grid of targets; recognizes at lift, logging match= and accepted=.",
        parameters: [
            .number("spacing", \.spacing, unit: "pt", range: .greaterThan(0), doc: "Distance between neighbouring targets."),
            .number("targetRadius", \.targetRadius, unit: "pt", range: .greaterThan(0),
                    doc: "How close to a target's centre the path must pass to enter it."),
            .count("minimumTargets", \.minimumTargets, in: 1...9, doc: "Targets the path must enter."),
            .strings("acceptedCodes", \.acceptedCodes,
                     doc: "Codes such as 1-2-3-6-9 that unlock (targets 1 to 9, each once, at least minimumTargets); with none, patterns recognize without accepted=."),
        ],
        check: { values throws(ParameterProblem) in
            // A code no recognized pattern reads (a typo: 1-2-3-6-0, 12369) would never unlock, in
            // silence: every attempt would log accepted=no.
            guard case .names(let codes) = values["acceptedCodes"] else { return }
            var minimumTargets = CustomGestureDefaults.patternMinimumTargets
            if case .count(let given) = values["minimumTargets"] { minimumTargets = given }
            for (index, code) in codes.enumerated() {
                if let problem = PatternUnlockGestureRecognizer.problem(accepting: code, minimumTargets: minimumTargets) {
                    throw ParameterProblem(
                        key: "acceptedCodes",
                        problem: "[\(index)] \"\(TerminalText.excerpt(code))\" would never unlock, as no pattern reads it: \(problem)")
                }
            }
        },
        make: { PatternUnlockGestureRecognizer(name: $0) }
    )

    private static var builtInTemplateNames: String {
        Set(UnistrokeTemplate.builtIn.map(\.name)).sorted().joined(separator: ", ")
    }

    /// `"templates": ["checkmark", "heart.json"]`: built-in names, or template files (written by
    /// `touchstone template record`) relative to the scene file. A name or file listed twice is an
    /// error at the second; a file is read once per scene load however many recognizers name it,
    /// and the distinct files together hold at most `SceneLoader.maximumTemplatePoints` points.
    @Sendable private static func templates(_ input: ParameterInput) throws(SceneError) -> [UnistrokeTemplate] {
        var result: [UnistrokeTemplate] = []
        var builtInsListed: [String: Int] = [:]
        var filesListed: [SceneTemplateFiles.Identity: Int] = [:]
        let files = input.templateFiles ?? SceneTemplateFiles()
        for (index, entry) in try input.strings().enumerated() {
            if !entry.hasSuffix(".json") {
                let builtIn = UnistrokeTemplate.builtIn(named: entry)
                guard !builtIn.isEmpty else {
                    throw input.problem(element: index, "unknown template \"\(TerminalText.excerpt(entry))\" (built-in: \(builtInTemplateNames); or a .json template file)")
                }
                if let earlier = builtInsListed[entry] {
                    throw input.problem(element: index, "\"\(entry)\" is listed twice (first at [\(earlier)])")
                }
                builtInsListed[entry] = index
                result += builtIn
                continue
            }
            let (path, identity) = files.locate(entry, besideFileAt: input.sceneFile)
            if let earlier = filesListed[identity] {
                throw input.problem(element: index, "names the same template file as [\(earlier)]")
            }
            filesListed[identity] = index
            do {
                result.append(try files.template(at: path, identity: identity))
            } catch {
                switch error {
                case .file(let problem):
                    throw input.problem(element: index, "\(problem)")
                case .tooManyPoints(let total, let limit):
                    throw input.problem(element: index, "the scene's template files would hold \(total) points; a scene loads at most \(limit) (each file counted once)")
                }
            }
        }
        return result
    }
}
