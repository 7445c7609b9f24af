import OrderedCollections

/// Reads the members of one JSON object by key, with errors that name the file, the line and the
/// key; `finish()` rejects keys nobody asked for, so a typo in a hand-written trace is an error
/// instead of a silently ignored field.
struct JSONObjectReader {
    private let members: OrderedDictionary<String, JSONNode>
    /// The members read: a bit per position for the first 64 (a set of strings per line was a
    /// tenth of a JSON Lines import), and the positions of any read beyond them.
    private var used: UInt64 = 0
    private var usedBeyond: [Int] = []
    let file: String
    let line: Int
    /// What the object is, for messages ("device", "touch event").
    let what: String

    init(_ node: JSONNode, what: String, file: String, line: Int) throws {
        guard let members = node.members else {
            throw TraceInputError(file: file, location: .line(line), message: "\(what) must be a JSON object")
        }
        self.members = members
        self.file = file
        self.line = line
        self.what = what
    }

    func error(_ message: String) -> TraceInputError {
        TraceInputError(file: file, location: .line(line), message: message)
    }

    func has(_ key: String) -> Bool { members.keys.contains(key) }

    private mutating func take(_ key: String) -> JSONValue? {
        guard let index = members.index(forKey: key) else { return nil }
        if index < 64 {
            used |= 1 << UInt64(index)
        } else {
            usedBeyond.append(index)
        }
        return members.values[index].value
    }

    /// Errors on any key not read.
    func finish() throws {
        for index in members.keys.indices {
            let read = index < 64 ? used & (1 << UInt64(index)) != 0 : usedBeyond.contains(index)
            if !read { throw error("unknown key \"\(TerminalText.excerpt(members.keys[index]))\" in \(what)") }
        }
    }

    // MARK: - Typed members

    mutating func integer<T: FixedWidthInteger>(_ key: String, _: T.Type = T.self) throws -> T? {
        try integer(key, in: T.min...T.max)
    }

    /// An integer the format takes only in `range`: one outside it, however large, is an error
    /// giving that range (not the range of the type that holds it).
    mutating func integer<T: FixedWidthInteger>(_ key: String, in range: ClosedRange<T>) throws -> T? {
        guard let value = take(key) else { return nil }
        guard case .number(let number) = value else { throw error("\"\(key)\" in \(what) must be an integer") }
        guard let integer: T = number.integer(), range.contains(integer) else {
            throw error("\"\(key)\" in \(what) must be an integer in \(range.lowerBound)...\(range.upperBound), not \(TerminalText.excerpt(number.text))")
        }
        return integer
    }

    mutating func requiredInteger<T: FixedWidthInteger>(_ key: String, _: T.Type = T.self) throws -> T {
        guard let value: T = try integer(key) else { throw error("\(what) needs \"\(key)\"") }
        return value
    }

    mutating func string(_ key: String) throws -> String? {
        guard let value = take(key) else { return nil }
        guard case .string(let text) = value else { throw error("\"\(key)\" in \(what) must be a string") }
        return text
    }

    mutating func requiredString(_ key: String) throws -> String {
        guard let value = try string(key) else { throw error("\(what) needs \"\(key)\"") }
        return value
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let value = take(key) else { return nil }
        guard case .bool(let flag) = value else { throw error("\"\(key)\" in \(what) must be true or false") }
        return flag
    }

    /// A number, or one of the strings "nan", "nan:0x…", "inf", "-inf" for values JSON cannot spell.
    mutating func double(_ key: String) throws -> Double? {
        guard let value = take(key) else { return nil }
        switch value {
        case .number(let number):
            guard let value = number.double else { throw error("\"\(key)\" in \(what): \(TerminalText.excerpt(number.text)) is beyond a double's range") }
            return value
        case .string("nan"): return Double(bitPattern: JSONLinesVocabulary.canonicalNaN)
        case .string("inf"): return .infinity
        case .string("-inf"): return -.infinity
        case .string(let text) where text.hasPrefix("nan:0x"):
            guard let bits = UInt64(text.dropFirst(6), radix: 16), Double(bitPattern: bits).isNaN else {
                throw error("\"\(key)\" in \(what): \(TerminalText.excerpt(text)) is not a NaN bit pattern")
            }
            return Double(bitPattern: bits)
        default:
            throw error("\"\(key)\" in \(what) must be a number (or \"nan\", \"inf\", \"-inf\")")
        }
    }

    mutating func object(_ key: String, what inner: String) throws -> JSONObjectReader? {
        guard let value = take(key) else { return nil }
        return try JSONObjectReader(JSONNode(value), what: inner, file: file, line: line)
    }

    mutating func array(_ key: String) throws -> [JSONNode]? {
        guard let value = take(key) else { return nil }
        guard case .array(let elements) = value else { throw error("\"\(key)\" in \(what) must be an array") }
        return elements
    }

    mutating func named<T>(_ key: String, in table: [(T, String)]) throws -> T {
        let name = try requiredString(key)
        guard let value = JSONLinesVocabulary.value(name, in: table) else {
            throw error("\"\(key)\" in \(what) must be one of \(table.map { "\"\($0.1)\"" }.joined(separator: ", ")), not \"\(TerminalText.excerpt(name))\"")
        }
        return value
    }
}
