/// The small part of YAML that `libinput record` writes, read line by line: block mappings and
/// sequences by indentation, plain and double-quoted scalars, flow sequences of numbers or strings,
/// and comments. Not a YAML parser: anything outside this subset (anchors, block scalars, flow
/// mappings in places the reader uses) is reported with its line, or skipped where the reader does
/// not need the value.
struct LibinputRecordYAML {
    /// One meaningful line: where it sits in the block structure and what it says.
    struct Line {
        /// The keys and sequence items (`-`) above this line, outermost first.
        var path: [String]
        /// `key` of `key: value` / `key:`, or nil for a bare sequence item.
        var key: Substring?
        /// The value text after `key:` or `- `, comment removed; empty when a block follows.
        var value: Substring
        var number: Int
        /// The line begins a sequence item (`- `): the first line of a new entry.
        var startsItem: Bool
    }

    struct Failure: Error {
        var line: Int
        var message: String
    }

    private struct Frame {
        var column: Int
        /// A key's name, or "-" for a sequence item.
        var name: String
    }

    private var stack: [Frame] = []

    /// Calls `body` with each meaningful line of `text`.
    mutating func forEachLine(_ text: Substring, _ body: (Line) throws(Failure) -> Void) throws(Failure) {
        var number = 0
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(bytes)
            if line.last == "\r" { line = line.dropLast() }
            let content = try Self.stripComment(line, number: number)
            let trimmed = content.drop(while: { $0 == " " })
            if trimmed.isEmpty { continue }
            if trimmed.first == "\t" {
                throw Failure(line: number, message: "tab in indentation")
            }
            if trimmed.hasPrefix("---") || trimmed.hasPrefix("...") { continue }
            let column = content.count - trimmed.count
            try handle(column: column, content: trimmed, number: number, body)
        }
    }

    private mutating func handle(column: Int, content: Substring, number: Int, _ body: (Line) throws(Failure) -> Void) throws(Failure) {
        if content == "-" || content.hasPrefix("- ") {
            while let top = stack.last, top.column > column || (top.column == column && top.name == "-") {
                stack.removeLast()
            }
            stack.append(Frame(column: column, name: "-"))
            let rest = content.dropFirst(1).drop(while: { $0 == " " })
            let restColumn = column + (content.count - rest.count)
            if rest.isEmpty { return }
            if rest.first == "[" || rest.first == "\"" || rest.first == "{" || Self.keyEnd(rest) == nil {
                try body(Line(path: path, key: nil, value: rest, number: number, startsItem: true))
                return
            }
            try keyValue(column: restColumn, content: rest, number: number, startsItem: true, body)
            return
        }
        while let top = stack.last, top.column >= column { stack.removeLast() }
        try keyValue(column: column, content: content, number: number, startsItem: false, body)
    }

    private mutating func keyValue(
        column: Int, content: Substring, number: Int, startsItem: Bool, _ body: (Line) throws(Failure) -> Void) throws(Failure) {
        guard let end = Self.keyEnd(content) else {
            throw Failure(line: number, message: "expected `key: value`")
        }
        var key = content[..<end]
        if key.first == "\"", key.last == "\"", key.count >= 2 { key = key.dropFirst().dropLast() }
        let value = content[content.index(after: end)...].drop(while: { $0 == " " })
        try body(Line(path: path, key: key, value: value, number: number, startsItem: startsItem))
        if value.isEmpty { stack.append(Frame(column: column, name: String(key))) }
    }

    private var path: [String] { stack.map(\.name) }

    /// The index of the `:` that ends a mapping key (followed by a space or the end), if any.
    private static func keyEnd(_ content: Substring) -> Substring.Index? {
        var inQuotes = false
        var index = content.startIndex
        while index < content.endIndex {
            let character = content[index]
            if character == "\"" { inQuotes.toggle() }
            if !inQuotes, character == ":" {
                let next = content.index(after: index)
                if next == content.endIndex || content[next] == " " { return index }
            }
            if !inQuotes, character == "[" || character == "{" { return nil }
            index = content.index(after: index)
        }
        return nil
    }

    /// The line without a `# comment` (a `#` at the start or after a blank, outside quotes).
    private static func stripComment(_ line: Substring, number: Int) throws(Failure) -> Substring {
        var content = try uncommented(line, number: number)
        while content.last == " " { content = content.dropLast() }
        return content
    }

    private static func uncommented(_ line: Substring, number: Int) throws(Failure) -> Substring {
        var inQuotes = false
        var escaped = false
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if inQuotes {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inQuotes = false }
            } else if character == "\"" {
                inQuotes = true
            } else if character == "#", previous == " " || previous == "\t" {
                return line[..<index]
            }
            previous = character
        }
        if inQuotes { throw Failure(line: number, message: "unterminated quoted string") }
        return line
    }

    // MARK: - Values

    /// A scalar's text: quotes removed and `\"`, `\\`, `\n`, `\t` unescaped.
    static func string(_ value: Substring) -> String {
        guard value.first == "\"", value.last == "\"", value.count >= 2 else { return String(value) }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The items of a flow sequence `[a, b, c]`, trimmed.
    static func flowItems(_ value: Substring) -> [Substring]? {
        guard value.first == "[", value.last == "]" else { return nil }
        let inner = value.dropFirst().dropLast()
        if inner.allSatisfy({ $0 == " " }) { return [] }
        return inner.split(separator: ",", omittingEmptySubsequences: false).map { item in
            var trimmed = item.drop(while: { $0 == " " })
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            return trimmed
        }
    }

    /// A flow sequence of integers, or nil when it is not one.
    static func integers(_ value: Substring) -> [Int64]? {
        guard let items = flowItems(value) else { return nil }
        var numbers: [Int64] = []
        numbers.reserveCapacity(items.count)
        for item in items {
            guard let number = Int64(item) else { return nil }
            numbers.append(number)
        }
        return numbers
    }
}
