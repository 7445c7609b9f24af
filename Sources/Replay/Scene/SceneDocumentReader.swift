import OrderedCollections
import TouchTrace

/// Typed access to one JSON object of a scene file, remembering its key path so that every
/// complaint names the file, the line and the key. Keys nobody asked for are reported as unknown,
/// which catches typos such as `numberOfTapRequired` instead of silently using a default.
struct SceneObjectReader {
    let file: String
    let path: String
    let node: JSONNode
    private let members: OrderedDictionary<String, JSONNode>

    init(file: String, path: String, node: JSONNode) throws(SceneError) {
        guard let members = node.members else {
            throw SceneError(file: file, line: node.line, keyPath: path, problem: "expected an object, found \(node.value.kindName)")
        }
        self.file = file
        self.path = path
        self.node = node
        self.members = members
    }

    /// The root object of the JSON document `bytes`, read from `file`; invalid JSON is a problem at
    /// its line and column. A byte-order mark (UTF-8, or UTF-16 with its text transcoded), which
    /// Windows editors write and RFC 8259 lets a reader ignore, is read past as every text trace
    /// reader does (`TextEncoding`): columns count from after it, as an editor shows them.
    static func document(_ bytes: [UInt8], file: String) throws(SceneError) -> SceneObjectReader {
        let root: JSONNode
        do {
            root = try JSONParser.parse(TextEncoding.utf8Text(bytes))
        } catch {
            throw SceneError(file: file, line: error.line, keyPath: "", problem: "invalid JSON: column \(error.column): \(error.message)")
        }
        return try SceneObjectReader(file: file, path: "", node: root)
    }

    func childPath(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    func problem(_ key: String?, _ node: JSONNode?, _ text: String) -> SceneError {
        SceneError(file: file, line: (node ?? self.node).line, keyPath: key.map(childPath) ?? path, problem: text)
    }

    func node(_ key: String) -> JSONNode? {
        members[key]
    }

    /// Rejects keys outside `allowed`, naming the first one found.
    func rejectUnknownKeys(_ allowed: Set<String>) throws(SceneError) {
        for (key, value) in members where !allowed.contains(key) {
            let known = allowed.sorted().joined(separator: ", ")
            throw problem(key, value, "unknown key (known keys here: \(known))")
        }
    }

    func required(_ key: String) throws(SceneError) -> JSONNode {
        guard let node = node(key) else { throw problem(key, nil, "missing required key") }
        return node
    }

    func string(_ key: String) throws(SceneError) -> String? {
        guard let node = node(key) else { return nil }
        guard let value = node.string else {
            throw problem(key, node, "expected a string, found \(node.value.kindName)")
        }
        return value
    }

    func requiredString(_ key: String) throws(SceneError) -> String {
        guard let value = try string(key) else { throw problem(key, nil, "missing required key") }
        guard !value.isEmpty else { throw problem(key, node(key), "must not be empty") }
        return value
    }

    static var maximumIdentifierBytes: Int { SceneLoader.maximumIdentifierBytes }

    /// A name that the log, the pictures and the reports print as it is: required, not empty, at
    /// most `maximumIdentifierBytes` bytes of UTF-8, and without blanks, control characters or
    /// Unicode noncharacters, any of which could forge a line of a golden log, a field of one, a
    /// terminal's state or an XML document's well-formedness.
    func identifier(_ key: String) throws(SceneError) -> String {
        let value = try requiredString(key)
        if value.utf8.count > Self.maximumIdentifierBytes {
            throw problem(key, node(key), "\(value.utf8.count) bytes long; an id or name is at most \(Self.maximumIdentifierBytes) bytes (UTF-8)")
        }
        if let bad = value.unicodeScalars.first(where: Self.isForbiddenInIdentifiers) {
            let code = "U+" + String(repeating: "0", count: max(0, 4 - String(bad.value, radix: 16).count)) + String(bad.value, radix: 16, uppercase: true)
            throw problem(key, node(key), "must not contain blanks, control or format characters, or noncharacters (found \(code))")
        }
        return value
    }

    static func isForbiddenInIdentifiers(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x21 || (0x7f...0xa0).contains(value) || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .format
            || (0xfdd0...0xfdef).contains(value) || value & 0xfffe == 0xfffe
    }

    func bool(_ key: String) throws(SceneError) -> Bool? {
        guard let node = node(key) else { return nil }
        guard let value = node.bool else {
            throw problem(key, node, "expected true or false, found \(node.value.kindName)")
        }
        return value
    }

    /// A number, at least `minimum`, greater than 0 when `positive`, at most `maximum`, and within
    /// ±`magnitude`, as asked.
    func number(
        _ key: String, minimum: Double? = nil, positive: Bool = false, maximum: Double? = nil, magnitude: Double? = nil
    ) throws(SceneError) -> Double? {
        guard let node = node(key) else { return nil }
        guard let value = node.double else {
            throw problem(key, node, "expected a number, found \(node.foundText)")
        }
        if let minimum, value < minimum { throw problem(key, node, "must be at least \(minimum), found \(value)") }
        if positive, value <= 0 { throw problem(key, node, "must be greater than 0, found \(value)") }
        if let maximum, value > maximum {
            throw problem(key, node, "must be at most \(ParameterText.number(maximum)), found \(node.foundText)")
        }
        if let magnitude, abs(value) > magnitude {
            throw problem(key, node, "must be within ±\(ParameterText.number(magnitude)), found \(node.foundText)")
        }
        return value
    }

    /// A duration written in seconds, as UIKit's properties are, kept as whole microseconds; the
    /// same rule as a recognizer's `.duration` parameters (`SceneSeconds`).
    func seconds(_ key: String) throws(SceneError) -> Microseconds? {
        guard let node = node(key) else { return nil }
        guard let value = node.double, let microseconds = SceneSeconds.microseconds(value) else {
            throw problem(key, node, "expected \(SceneSeconds.expected), found \(node.foundText)")
        }
        return microseconds
    }

    func array(_ key: String) throws(SceneError) -> [JSONNode]? {
        guard let node = node(key) else { return nil }
        guard let elements = node.elements else {
            throw problem(key, node, "expected an array, found \(node.value.kindName)")
        }
        return elements
    }

    func object(_ key: String) throws(SceneError) -> SceneObjectReader? {
        guard let node = node(key) else { return nil }
        return try SceneObjectReader(file: file, path: childPath(key), node: node)
    }

    /// An array of strings.
    func strings(_ key: String) throws(SceneError) -> [String]? {
        guard let elements = try array(key) else { return nil }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard let text = element.string, !text.isEmpty else {
                throw problem("\(key)[\(index)]", element, "expected a non-empty string, found \(element.value.kindName)")
            }
            result.append(text)
        }
        return result
    }
}
