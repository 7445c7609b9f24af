import OrderedCollections

/// Why a text is not valid JSON, and where: 1-based line and byte column.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes: exactly one value surrounded only by whitespace,
/// strings that are valid UTF-8 with no lone surrogate in their escapes, no duplicate keys,
/// numbers kept as their text, nesting at most `maximumDepth` deep so hostile input cannot exhaust
/// the stack, and at most `maximumValues` values, so that it cannot make a tree some forty times
/// the text's size (a line of `[0,0,0,…]`). Every error names its line and column.
///
/// It reads the bytes in place: a JSON Lines line is parsed straight from the mapped file.
public struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var line: Int
    /// Where the current line starts, for columns.
    private var lineStart = 0
    public static let maximumDepth = 64
    /// The most values one text may hold: a scene of a hundred thousand recognizers holds about
    /// 600,000, a JSON Lines frame of a thousand touches 7,000. A tree this large takes about 80 MB.
    public static let maximumValues = 2_000_000
    private var valuesLeft = maximumValues
    /// Whether a carriage return not followed by a line feed ends a line (a whole document saved
    /// with classic Mac OS line ends); a JSON Lines line has none, its reader having split the text.
    private let carriageReturnEndsLine: Bool

    /// Parses `bytes` as one JSON text; `firstLine` is the line number of its first byte (a JSON
    /// Lines reader passes the line's number). Lines end at `\n`, and also at a `\r` not followed by
    /// `\n` when `carriageReturnEndsLine` (a whole document: `\r\n`, `\n` and `\r` line ends all
    /// count one line each, so errors name the line an editor shows).
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1, carriageReturnEndsLine: Bool = false
    ) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, line: firstLine, carriageReturnEndsLine: carriageReturnEndsLine)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Parses `bytes` as one JSON text, a whole document: a `\r` alone ends a line, as `\n` and
    /// `\r\n` do.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        let result: Result<JSONNode, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try parse(buffer, carriageReturnEndsLine: true) }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, line: Int, carriageReturnEndsLine: Bool) {
        self.bytes = bytes
        self.line = line
        self.carriageReturnEndsLine = carriageReturnEndsLine
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: (offset ?? position) - lineStart + 1, message: message)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
            case 0x0D:
                position += 1
                if carriageReturnEndsLine && current != 0x0A {
                    line += 1
                    lineStart = position
                }
            case 0x20, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard current == byte else { throw error(current == nil ? "expected \(what), found the end of the text" : "expected \(what)") }
        position += 1
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard valuesLeft > 0 else { throw error("more than \(Self.maximumValues) values in one JSON text") }
        valuesLeft -= 1
        guard let byte = current else { throw error("expected a value, found the end of the text") }
        let (startLine, startColumn) = (line, position - lineStart + 1)
        let value: JSONValue
        switch byte {
        case UInt8(ascii: "{"): value = try object(depth: depth)
        case UInt8(ascii: "["): value = try array(depth: depth)
        case UInt8(ascii: "\""): value = .string(try string())
        case UInt8(ascii: "t"): value = try literal("true", .bool(true))
        case UInt8(ascii: "f"): value = try literal("false", .bool(false))
        case UInt8(ascii: "n"): value = try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try number())
        default: throw error("expected a value")
        }
        return JSONNode(value, line: startLine, column: startColumn)
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[position...].starts(with: text) else { throw error("expected a value") }
        position += text.count
        return value
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var members = OrderedDictionary<String, JSONNode>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let (keyOffset, keyLine, keyLineStart) = (position, line, lineStart)
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a key")
            skipWhitespace()
            if members.updateValue(try value(depth: depth + 1), forKey: key) != nil {
                throw JSONSyntaxError(line: keyLine, column: keyOffset - keyLineStart + 1, message: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return .array(elements)
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONNumber {
        let start = position
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.position
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { parser.position += 1 }
            return parser.position - from
        }
        if current == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("expected digits") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            throw error("numbers do not start with 0", at: integerStart)
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
        }
        return JSONNumber(validText: Self.asciiText(bytes.baseAddress! + start, count: position - start))
    }

    /// ASCII text (a number's, by its grammar, or a string checked to be) copied into a `String`
    /// without the generic initializers, which look up the buffer type's metadata at run time
    /// (9 % of a JSON Lines import, docs/benchmarks.md "Session 16").
    private static func asciiText(_ start: UnsafePointer<UInt8>, count: Int) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress!.update(from: start, count: count)
            return count
        }
    }

    /// A string without escapes is validated in place; one with escapes is unescaped into a buffer.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let quote = position
        position += 1
        let start = position
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { position += 1 }
        if current == UInt8(ascii: "\"") {
            position += 1
            return try validated(UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), quote: quote)
        }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while true {
            guard let byte = current else { throw error("unterminated string", at: quote) }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return try utf8.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try validated(buffer, quote: quote) }
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &utf8)
            case 0..<0x20:
                throw error("control character in a string (write it as an escape)")
            default:
                utf8.append(byte)
                position += 1
            }
        }
    }

    private func validated(_ utf8: UnsafeBufferPointer<UInt8>, quote: Int) throws(JSONSyntaxError) -> String {
        // Keys and most values are ASCII: copied as they are, without `String(validating:as:)`,
        // which looked up the buffer type's metadata at run time for every string.
        if let start = utf8.baseAddress, !utf8.contains(where: { $0 >= 0x80 }) { return Self.asciiText(start, count: utf8.count) }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw error("string is not valid UTF-8", at: quote)
        }
        return text
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unterminated escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = position - 2
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw error("unpaired surrogate in \\u escape", at: escapeStart)
                }
                position += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape", at: escapeStart) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("unpaired surrogate in \\u escape", at: escapeStart) }
            utf8.append(contentsOf: UTF8.encode(unicode)!)
        default:
            throw error("unknown escape \\\(Character(Unicode.Scalar(byte)))", at: position - 2)
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigit(byte) else { throw error("expected four hex digits") }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}

/// The value of one hexadecimal digit, either case.
func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
