/// Why a scene file could not be used, and exactly where: the file, the line, the key path inside
/// the document (`views[2].recognizers[0].numberOfTapsRequired`) and the problem in words.
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the user gave it, or `builtin:NAME` for a built-in scene.
    public var file: String
    /// 1-based line of the offending value; `nil` when the file could not be read at all.
    public var line: Int?
    /// Where in the document, as a key path; empty for the document itself.
    public var keyPath: String
    public var problem: String

    public init(file: String, line: Int?, keyPath: String, problem: String) {
        self.file = file
        self.line = line
        self.keyPath = keyPath
        self.problem = problem
    }

    /// `FILE:LINE: KEY.PATH: problem`, leaving out what is unknown.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if !keyPath.isEmpty { text += ": \(keyPath)" }
        return text + ": " + problem
    }
}
