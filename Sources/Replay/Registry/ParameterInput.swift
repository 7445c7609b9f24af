import GestureEngine
import TouchTrace

/// One parameter's value as a scene file wrote it, handed to the parameter's decoder with what an
/// error needs: the file, the key path and the line.
public struct ParameterInput: Sendable {
    /// The JSON value and the line it starts on.
    public let node: JSONNode
    /// Where the value is, for example `views[0].recognizers[2].numberOfTapsRequired`.
    public let keyPath: String
    /// The scene file's path as the user gave it; files a parameter names are relative to its folder.
    public let sceneFile: String
    /// The template files the scene load has read so far, each once (nil: read each as named).
    let templateFiles: SceneTemplateFiles?

    /// The value `node` found at `keyPath` in `sceneFile` (the scene loader makes these).
    public init(node: JSONNode, keyPath: String, sceneFile: String) {
        self.init(node: node, keyPath: keyPath, sceneFile: sceneFile, templateFiles: nil)
    }

    init(node: JSONNode, keyPath: String, sceneFile: String, templateFiles: SceneTemplateFiles?) {
        self.node = node
        self.keyPath = keyPath
        self.sceneFile = sceneFile
        self.templateFiles = templateFiles
    }

    /// An error at this value: `FILE:LINE: KEY.PATH: text`.
    public func problem(_ text: String) -> SceneError {
        SceneError(file: sceneFile, line: node.line, keyPath: keyPath, problem: text)
    }

    /// An error at element `index` of this (array) value, on that element's line.
    public func problem(element index: Int, _ text: String) -> SceneError {
        var line = node.line
        if let elements = node.elements, elements.indices.contains(index) { line = elements[index].line }
        return SceneError(file: sceneFile, line: line, keyPath: "\(keyPath)[\(index)]", problem: text)
    }

    /// What was found, for "expected ..., found ..." messages: the number itself, else its JSON kind.
    public var found: String { node.foundText }

    /// The value as a list of non-empty strings.
    public func strings() throws(SceneError) -> [String] {
        guard let elements = node.elements else {
            throw problem("expected a list of non-empty strings, found \(found)")
        }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard let text = element.string, !text.isEmpty else {
                throw problem(element: index, "expected a non-empty string, found \(element.value.kindName)")
            }
            result.append(text)
        }
        return result
    }

    /// The path of a file a parameter names: as it is when absolute, else relative to the scene
    /// file's folder.
    public func path(ofFileNamed name: String) -> String {
        FilePaths.path(name, besideFileAt: sceneFile)
    }
}

extension JSONNode {
    /// What a value is, for "expected ..., found ..." messages: the number itself (as written
    /// when a double cannot hold it), else its JSON kind.
    var foundText: String {
        guard let number else { return value.kindName }
        return number.double.map(ParameterText.number) ?? TerminalText.excerpt(number.text)
    }
}

/// How numbers read in parameter tables and messages: whole values without a fraction (`45`, not
/// `45.0`), others in Swift's shortest exact form (`0.35`).
enum ParameterText {
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func seconds(_ microseconds: GestureDuration) -> String {
        number(Double(microseconds) / 1_000_000)
    }
}
