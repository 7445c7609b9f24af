import TouchTrace

/// How a command line or a capture names a scene: a built-in name (`map`) or the path of a scene
/// file (anything ending in `.json`).
public enum SceneReference {
    /// The largest capture `.scene` file read: one line, a scene's name or path.
    public static let maximumReferenceSize = 64 << 10

    /// A capture's `.scene` file as UTF-8, without the byte-order mark a Windows editor writes.
    private static func readReference(_ path: String) throws(FileBytes.Failure) -> [UInt8] {
        TextEncoding.utf8Text(try FileBytes.read(path, atMost: maximumReferenceSize, what: "a capture's .scene file (one line)"))
    }
    /// Whether `reference` names a scene file (it ends in `.json`, blanks around it aside) rather
    /// than a built-in scene. Only a scene file may name recognizer kinds, so a caller resolving
    /// any other reference needs no registry: building `RecognizerRegistry.standard` (its kinds'
    /// parameter key paths) costs more than a short replay's decoding.
    public static func namesSceneFile(_ reference: String) -> Bool {
        reference.trimmingWhiteSpace.hasSuffix(".json")
    }

    /// Resolves `reference`; relative paths are taken from `folder` when given, and scene files may
    /// name the kinds `registry` holds.
    public static func resolve(
        _ reference: String, relativeTo folder: String? = nil, registry: RecognizerRegistry = .standard
    ) throws(SceneError) -> Scene {
        let trimmed = String(reference.trimmingWhiteSpace)
        if namesSceneFile(trimmed) {
            let path = FilePaths.path(trimmed, in: folder)
            return try SceneLoader.load(contentsOf: path, registry: registry)
        }
        guard let scene = BuiltinScenes.named(trimmed) else {
            throw SceneError(file: trimmed, line: nil, keyPath: "", problem: unknownNameProblem)
        }
        return scene
    }

    /// Why `reference` can name no scene, known without reading anything: it does not end in
    /// `.json`, so it is no scene file, and no built-in scene has its name. Nil for a built-in
    /// scene's name and for a `.json` path (which `resolve` reads, and may still find wanting).
    public static func problem(ofName reference: String) -> String? {
        let trimmed = String(reference.trimmingWhiteSpace)
        return namesSceneFile(trimmed) || BuiltinScenes.names.contains(trimmed) ? nil : unknownNameProblem
    }

    private static var unknownNameProblem: String {
        "no built-in scene has this name, and it is not a .json file (built-in: \(BuiltinScenes.names.joined(separator: ", ")))"
    }

    /// Reads a capture's `.scene` file (one line) and resolves it next to the capture.
    public static func resolve(captureSceneFile path: String, registry: RecognizerRegistry = .standard) throws(SceneError) -> Scene {
        let data: [UInt8]
        do {
            data = try readReference(path)
        } catch {
            throw SceneError(file: path, line: nil, keyPath: "", problem: error.message)
        }
        let text = String(String(decoding: data, as: UTF8.self).trimmingWhiteSpace)
        guard !text.isEmpty, !text.contains("\n") else {
            throw SceneError(file: path, line: 1, keyPath: "", problem: "expected one line naming a built-in scene or a .json scene file")
        }
        do {
            return try resolve(text, relativeTo: FilePaths.folder(of: path).string, registry: registry)
        } catch let error where error.file == text {
            throw SceneError(file: path, line: 1, keyPath: "", problem: "\"\(TerminalText.excerpt(text))\": \(error.problem)")
        }
    }

    /// The files a command reads through the scene `reference` names (the scene file, when it is
    /// one, and the template files `scene` read): inputs no output may replace.
    public static func inputFiles(_ reference: String, scene: Scene, relativeTo folder: String? = nil) -> [String] {
        let trimmed = String(reference.trimmingWhiteSpace)
        guard namesSceneFile(trimmed) else { return scene.templateFiles }
        return [FilePaths.path(trimmed, in: folder)] + scene.templateFiles
    }

    /// `inputFiles` for a capture's `.scene` file: the file itself, the scene file it names and
    /// that scene's template files (none beyond the `.scene` file when it cannot be read). `scene`
    /// is the scene it resolves to, when the caller has it (read again with `registry` otherwise).
    public static func inputFiles(captureSceneFile path: String, scene: Scene? = nil, registry: RecognizerRegistry = .standard) -> [String] {
        guard let scene = scene ?? (try? resolve(captureSceneFile: path, registry: registry)),
              let data = try? readReference(path) else { return [path] }
        let text = String(String(decoding: data, as: UTF8.self).trimmingWhiteSpace)
        return [path] + inputFiles(text, scene: scene, relativeTo: FilePaths.folder(of: path).string)
    }
}
