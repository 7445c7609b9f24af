#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

/// Reads scene files (`docs/scenes.md`) into `Scene` values, checking everything a replay relies on:
/// types, ranges, unique ids, and that every failure requirement and simultaneous pair names a
/// recognizer that exists. Problems come back as one `SceneError` naming the file, line and key.
///
/// Recognizer types are looked up in a `RecognizerRegistry` (`.standard` unless given), which also
/// describes and checks each kind's parameters.
public enum SceneLoader {
    /// The largest scene file read: a scene of a hundred thousand recognizers is 6 MiB. A scene
    /// is parsed whole, so a larger file is refused before it is read.
    public static let maximumFileSize = 16 << 20
    /// The longest id or name a scene or template file may give (views, recognizers, the scene's
    /// name, a template's name), in UTF-8 bytes: ids are printed on every log line that names them,
    /// so an id of megabytes would make a log of gigabytes.
    public static let maximumIdentifierBytes = 256
    /// The most points the template files a scene names may hold together, each distinct file
    /// counted once however many recognizers name it: sixteen templates of the most points one
    /// holds (`UnistrokeTemplateFile.maximumPoints`), or thousands of drawn strokes, about 16 MB.
    public static let maximumTemplatePoints = 1 << 20
    /// Reads and checks the scene file at `path`.
    public static func load(contentsOf path: String, registry: RecognizerRegistry = .standard) throws(SceneError) -> Scene {
        // A FIFO or a directory would block or fail the read: refused before anything is opened.
        if access(path, F_OK) == 0 {
            do {
                try RegularFile.check(path)
            } catch {
                throw SceneError(file: path, line: nil, keyPath: "", problem: error.message)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, atMost: maximumFileSize, what: "a scene file")
        } catch {
            throw SceneError(file: path, line: nil, keyPath: "", problem: error.message)
        }
        return try decode(bytes, file: path, registry: registry)
    }

    /// Parses and checks a scene document; `file` names it in errors and is the folder files named
    /// in it (unistroke templates) are relative to.
    public static func decode(_ bytes: [UInt8], file: String, registry: RecognizerRegistry = .standard) throws(SceneError) -> Scene {
        let document = try SceneObjectReader.document(bytes, file: file)
        try document.rejectUnknownKeys(["name", "window", "mapping", "recognizers", "views", "simultaneous"])
        var context = Context(registry: registry)
        let scene = Scene(
            name: try document.identifier("name"),
            window: try window(document),
            mapping: try mapping(document),
            windowRecognizers: try recognizers(in: document, context: &context),
            views: try views(in: document, context: &context),
            simultaneous: try simultaneous(document)
        )
        try checkReferences(scene, document: document, ids: context.ids)
        var withFiles = scene
        withFiles.templateFiles = templateFiles(in: document.node, scene: file)
        return withFiles
    }

    /// The `.json` entries of every `templates` list (only unistroke recognizers have one, the
    /// document being valid), resolved as `templates` resolves them, each path once.
    private static func templateFiles(in node: JSONNode, scene file: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = [], paths: Set<String> = []
        func visit(_ node: JSONNode) {
            switch node.value {
            case .object(let members):
                for (key, value) in members {
                    if key == "templates", let entries = value.elements {
                        for entry in entries.compactMap(\.string) where entry.hasSuffix(".json") && seen.insert(entry).inserted {
                            let path = FilePaths.path(entry, besideFileAt: file)
                            if paths.insert(path).inserted { found.append(path) }
                        }
                    } else {
                        visit(value)
                    }
                }
            case .array(let elements):
                elements.forEach(visit)
            default:
                break
            }
        }
        visit(node)
        return found
    }

    /// What reading one document carries along: the kinds it may name, the ids seen so far, and
    /// the template files read so far (each read once, however many recognizers name it).
    private struct Context {
        let registry: RecognizerRegistry
        var ids = IdentifierRegistry()
        let templateFiles = SceneTemplateFiles()
    }

    // MARK: - Window and mapping

    private static func window(_ document: SceneObjectReader) throws(SceneError) -> Size {
        _ = try document.required("window")
        let window = try document.object("window")!
        try window.rejectUnknownKeys(["width", "height"])
        _ = try window.required("width")
        _ = try window.required("height")
        // At most a frame's largest size: a stretch mapping multiplies device units by the window's
        // size over the axis's span, and a window of 1.7e308 put touches at infinity.
        return Size(
            width: try window.number("width", positive: true, maximum: SceneLimits.frame)!,
            height: try window.number("height", positive: true, maximum: SceneLimits.frame)!)
    }

    private static func mapping(_ document: SceneObjectReader) throws(SceneError) -> DeviceMapping {
        guard let mapping = try document.object("mapping") else { return .automatic }
        try mapping.rejectUnknownKeys(["mode", "unitsPerPoint", "originX", "originY"])
        let mode = try mapping.string("mode") ?? "automatic"
        switch mode {
        case "automatic", "stretch":
            if mapping.node("unitsPerPoint") != nil {
                throw mapping.problem("unitsPerPoint", mapping.node("unitsPerPoint"), "only allowed with \"mode\": \"scale\"")
            }
            return mode == "stretch" ? .stretch : .automatic
        case "scale":
            _ = try mapping.required("unitsPerPoint")
            return .scale(
                unitsPerPoint: try mapping.number("unitsPerPoint", minimum: SceneLimits.unitsPerPoint.lowerBound,
                                                  maximum: SceneLimits.unitsPerPoint.upperBound)!,
                originX: try mapping.number("originX", magnitude: SceneLimits.origin) ?? 0,
                originY: try mapping.number("originY", magnitude: SceneLimits.origin) ?? 0
            )
        default:
            throw mapping.problem("mode", mapping.node("mode"), "expected \"automatic\", \"stretch\" or \"scale\", found \"\(TerminalText.excerpt(mode))\"")
        }
    }

    // MARK: - Views

    private static func views(in parent: SceneObjectReader, context: inout Context) throws(SceneError) -> [ViewSpec] {
        guard let elements = try parent.array(parent.path.isEmpty ? "views" : "subviews") else { return [] }
        let key = parent.path.isEmpty ? "views" : "subviews"
        var result: [ViewSpec] = []
        for (index, element) in elements.enumerated() {
            let reader = try SceneObjectReader(file: parent.file, path: parent.childPath("\(key)[\(index)]"), node: element)
            result.append(try view(reader, context: &context))
        }
        return result
    }

    private static func view(_ reader: SceneObjectReader, context: inout Context) throws(SceneError) -> ViewSpec {
        try reader.rejectUnknownKeys([
            "id", "frame", "hidden", "userInteractionEnabled", "delaysContentTouches", "recognizers", "subviews",
        ])
        let id = try reader.identifier("id")
        try context.ids.addView(id, reader: reader)
        _ = try reader.required("frame")
        var spec = ViewSpec(
            id: id,
            frame: try frame(reader.object("frame")!),
            isHidden: try reader.bool("hidden") ?? false,
            isUserInteractionEnabled: try reader.bool("userInteractionEnabled") ?? true,
            contentTouchDelay: try reader.seconds("delaysContentTouches"))
        // The recognizer the replay adds takes its id before any recognizer read after it: one of
        // the scene's own under that id took its place in the replay's requirements and pairs,
        // and the log named two recognizers alike.
        if spec.contentTouchDelay != nil { try context.ids.addContentDelay(spec.contentDelayRecognizerID, reader: reader) }
        spec.recognizers = try recognizers(in: reader, context: &context)
        spec.subviews = try views(in: reader, context: &context)
        return spec
    }

    private static func frame(_ reader: SceneObjectReader) throws(SceneError) -> Frame {
        try reader.rejectUnknownKeys(["x", "y", "width", "height"])
        for key in ["x", "y", "width", "height"] { _ = try reader.required(key) }
        return Frame(
            x: try reader.number("x", magnitude: SceneLimits.frame)!, y: try reader.number("y", magnitude: SceneLimits.frame)!,
            width: try reader.number("width", minimum: 0, maximum: SceneLimits.frame)!,
            height: try reader.number("height", minimum: 0, maximum: SceneLimits.frame)!
        )
    }

    // MARK: - Recognizers

    private static func recognizers(in parent: SceneObjectReader, context: inout Context) throws(SceneError) -> [RecognizerSpec] {
        guard let elements = try parent.array("recognizers") else { return [] }
        var result: [RecognizerSpec] = []
        for (index, element) in elements.enumerated() {
            let reader = try SceneObjectReader(file: parent.file, path: parent.childPath("recognizers[\(index)]"), node: element)
            let spec = try recognizer(reader, context: context)
            try context.ids.addRecognizer(spec.id, reader: reader)
            result.append(spec)
        }
        return result
    }

    /// The keys every recognizer has, whatever its kind; no kind may use them for a parameter.
    static let commonRecognizerKeys: Set<String> = [
        "id", "type", "enabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "requiresFailureOf",
    ]

    private static func recognizer(_ reader: SceneObjectReader, context: Context) throws(SceneError) -> RecognizerSpec {
        let registry = context.registry
        let id = try reader.identifier("id")
        let type = try reader.requiredString("type")
        guard let kind = registry.kind(named: type) else {
            throw reader.problem("type", reader.node("type"),
                "unknown recognizer type \"\(TerminalText.excerpt(type))\" (registered: \(registry.typeNames.joined(separator: ", ")))")
        }
        let parameters = try self.parameters(of: kind, reader, templateFiles: context.templateFiles)
        try reader.rejectUnknownKeys(commonRecognizerKeys.union(kind.parameters.map(\.key)))
        return RecognizerSpec(
            id: id, kind: kind, parameters: parameters,
            isEnabled: try reader.bool("enabled") ?? true,
            cancelsTouchesInView: try reader.bool("cancelsTouchesInView") ?? true,
            delaysTouchesBegan: try reader.bool("delaysTouchesBegan") ?? false,
            delaysTouchesEnded: try reader.bool("delaysTouchesEnded") ?? true,
            requiresFailureOf: try reader.strings("requiresFailureOf") ?? []
        )
    }

    /// The parameters of `kind` the recognizer object sets, each checked by its description.
    private static func parameters(
        of kind: RecognizerKind, _ reader: SceneObjectReader, templateFiles: SceneTemplateFiles
    ) throws(SceneError) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for (parameter, decode) in zip(kind.parameters, kind.decoders) {
            guard let node = reader.node(parameter.key) else {
                if parameter.isRequired { throw reader.problem(parameter.key, nil, "missing required key") }
                continue
            }
            values[parameter.key] = try decode(ParameterInput(
                node: node, keyPath: reader.childPath(parameter.key), sceneFile: reader.file, templateFiles: templateFiles))
        }
        do {
            try kind.checkParameters(values)
        } catch {
            throw reader.problem(error.key, reader.node(error.key), error.problem)
        }
        return values
    }

    // MARK: - Relations

    private static func simultaneous(_ document: SceneObjectReader) throws(SceneError) -> [RecognizerPair] {
        guard let elements = try document.array("simultaneous") else { return [] }
        var pairs: [RecognizerPair] = []
        for (index, element) in elements.enumerated() {
            guard let members = element.elements, members.count == 2, let first = members[0].string, let second = members[1].string
            else {
                throw document.problem("simultaneous[\(index)]", element, "expected a pair of recognizer ids, like [\"pinch\", \"rotation\"]")
            }
            guard first != second else {
                throw document.problem("simultaneous[\(index)]", element, "a recognizer cannot be paired with itself")
            }
            pairs.append(RecognizerPair(first, second))
        }
        return pairs
    }

    private static func checkReferences(_ scene: Scene, document: SceneObjectReader, ids: IdentifierRegistry) throws(SceneError) {
        for (index, pair) in scene.simultaneous.enumerated() {
            for id in [pair.first, pair.second] where ids.recognizers[id] == nil {
                throw document.problem("simultaneous[\(index)]", nil, "no recognizer has the id \"\(TerminalText.excerpt(id))\"")
            }
        }
        for spec in scene.allRecognizers {
            let location = ids.recognizers[spec.id]!
            for (index, required) in spec.requiresFailureOf.enumerated() {
                let problemAt = "\(location.path).requiresFailureOf[\(index)]"
                if required == spec.id {
                    throw SceneError(file: document.file, line: location.line, keyPath: problemAt, problem: "a recognizer cannot require its own failure")
                }
                if ids.recognizers[required] == nil {
                    throw SceneError(file: document.file, line: location.line, keyPath: problemAt, problem: "no recognizer has the id \"\(TerminalText.excerpt(required))\"")
                }
            }
        }
        try checkFailureCycles(scene, file: document.file, ids: ids)
    }

    /// A cycle of failure requirements would wait forever; reject it up front, naming the first
    /// recognizer in file order that lies on a cycle.
    ///
    /// Tarjan's strongly connected components, iteratively: linear in recognizers plus
    /// requirements, so a scene of 10,000 chained recognizers loads at once (a walk from every
    /// recognizer would be quadratic), and no recursion depth grows with the chain.
    private static func checkFailureCycles(_ scene: Scene, file: String, ids: IdentifierRegistry) throws(SceneError) {
        let specs = scene.allRecognizers
        var position: [String: Int] = [:]
        for (index, spec) in specs.enumerated() { position[spec.id] = index }
        let edges = specs.map { $0.requiresFailureOf.compactMap { position[$0] } }
        var order = Array(repeating: -1, count: specs.count)  // discovery order, -1 = not visited
        var low = Array(repeating: 0, count: specs.count)
        var onStack = Array(repeating: false, count: specs.count)
        var stack: [Int] = []
        var onCycle = Array(repeating: false, count: specs.count)
        var counter = 0
        for root in specs.indices where order[root] < 0 {
            var frames: [(node: Int, edge: Int)] = [(root, 0)]
            order[root] = counter; low[root] = counter; counter += 1
            stack.append(root); onStack[root] = true
            while let (node, edge) = frames.last {
                if edge < edges[node].count {
                    frames[frames.count - 1].edge += 1
                    let next = edges[node][edge]
                    if order[next] < 0 {
                        order[next] = counter; low[next] = counter; counter += 1
                        stack.append(next); onStack[next] = true
                        frames.append((next, 0))
                    } else if onStack[next] {
                        low[node] = min(low[node], order[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[node]) }
                guard low[node] == order[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                if component.count > 1 { component.forEach { onCycle[$0] = true } }
            }
        }
        guard let first = onCycle.firstIndex(of: true), let location = ids.recognizers[specs[first].id] else { return }
        throw SceneError(file: file, line: location.line, keyPath: "\(location.path).requiresFailureOf",
                         problem: "failure requirements form a cycle through \"\(specs[first].id)\"")
    }
}

/// The ranges of a scene's geometry (docs/scenes.md), chosen so that mapping any device position
/// (32-bit units) and placing views through 64 nested frames stays finite and meaningful: a
/// `unitsPerPoint` of 1e-308 would put every touch at infinity. A window may be of any size above
/// 0 (render draws any at an ordinary size).
enum SceneLimits {
    /// A frame's origin lies within ±this, and its size and the window's are at most this, in points.
    static let frame = 1e9
    /// A `scale` mapping's device units per point.
    static let unitsPerPoint = DeviceDescription.unitsPerPointRange
    /// A `scale` mapping's origin lies within ±this, in device units (a device's are 32-bit).
    static let origin = 1e10
}

/// Where each view and recognizer id was declared, to reject duplicates and to point at them later.
struct IdentifierRegistry {
    struct Location {
        var path: String
        var line: Int
    }

    var views: [String: Location] = [:]
    var recognizers: [String: Location] = [:]
    /// The ids of the recognizers the replay adds for `delaysContentTouches`: taken, but not
    /// recognizers a requirement or a pair may name.
    var contentDelays: [String: Location] = [:]

    mutating func addView(_ id: String, reader: SceneObjectReader) throws(SceneError) {
        if let earlier = views[id] {
            throw reader.problem("id", reader.node("id"), "view id \"\(id)\" is already used by \(earlier.path) (line \(earlier.line))")
        }
        views[id] = Location(path: reader.path, line: reader.node.line)
    }

    mutating func addRecognizer(_ id: String, reader: SceneObjectReader) throws(SceneError) {
        if let earlier = recognizers[id] {
            throw reader.problem("id", reader.node("id"), "recognizer id \"\(id)\" is already used by \(earlier.path) (line \(earlier.line))")
        }
        if let view = contentDelays[id] {
            throw reader.problem(
                "id", reader.node("id"),
                "recognizer id \"\(id)\" is the id of the recognizer the replay adds for \(view.path) (line \(view.line)); choose another")
        }
        recognizers[id] = Location(path: reader.path, line: reader.node.line)
    }

    /// `id`, the recognizer added for the `delaysContentTouches` of the view `reader` reads.
    mutating func addContentDelay(_ id: String, reader: SceneObjectReader) throws(SceneError) {
        let key = "delaysContentTouches"
        if let earlier = recognizers[id] {
            throw reader.problem(
                key, reader.node(key),
                "adds a recognizer with the id \"\(id)\", which is already used by \(earlier.path) (line \(earlier.line)); rename that recognizer")
        }
        contentDelays[id] = Location(path: reader.childPath(key), line: (reader.node(key) ?? reader.node).line)
    }
}
