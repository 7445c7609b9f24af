import Testing
import TouchTrace

/// The one JSON layer: what the strict parser accepts, what it keeps exactly, and where its errors point.
@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("keeps integers beyond a double's precision exactly, as their text")
    func integersStayExact() throws {
        let node = try parse(#"{"big": 18446744073709551615, "small": -9223372036854775808}"#)
        #expect(node.members?["big"]?.number?.integer(UInt64.self) == .max)
        #expect(node.members?["small"]?.number?.integer(Int64.self) == .min)
        #expect(node.members?["big"]?.number?.text == "18446744073709551615")
    }

    @Test("reads a number a double cannot hold as no double, not as infinity")
    func hugeNumbersAreNoDouble() throws {
        let node = try parse("1e999")
        #expect(node.number?.text == "1e999")
        #expect(node.double == nil)
    }

    @Test("keeps object keys in file order")
    func keyOrderIsKept() throws {
        let node = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        #expect(node.members.map { Array($0.keys) } == ["z", "a", "m"])
    }

    @Test("gives every value the line and column it starts at")
    func valuesKnowWhereTheyStart() throws {
        let node = try parse("{\n  \"a\": [1,\n    true]\n}")
        let array = try #require(node.members?["a"])
        #expect((array.line, array.column) == (2, 8))
        #expect(array.elements.map { $0.map { [$0.line, $0.column] } } == [[2, 9], [3, 5]])
    }

    @Test("names the line and column of a syntax error")
    func syntaxErrorsHaveLineAndColumn() {
        let error = syntaxError(Array("{\n  \"a\": 1,,\n}".utf8))
        #expect(error?.line == 2)
        #expect(error?.column == 10)
        #expect(error?.message == "expected a key in quotes")
    }

    @Test("rejects a duplicate key at the second one")
    func duplicateKeysAreRejected() {
        let error = syntaxError(Array(#"{"a": 1, "a": 2}"#.utf8))
        #expect(error?.column == 10)
        #expect(error?.message == "duplicate key \"a\"")
    }

    @Test("rejects a string that is not valid UTF-8")
    func invalidUTF8IsRejected() {
        let error = syntaxError([UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")])
        #expect(error?.message == "string is not valid UTF-8")
        #expect(error?.column == 1)
    }

    @Test("rejects a lone surrogate in a \\u escape, high or low")
    func loneSurrogatesAreRejected() {
        #expect(syntaxError(Array(#""\ud800x""#.utf8))?.message == "unpaired surrogate in \\u escape")
        #expect(syntaxError(Array(#""\udc00""#.utf8))?.message == "unpaired surrogate in \\u escape")
        #expect(syntaxError(Array(#""\ud800\u0041""#.utf8))?.message == "unpaired surrogate in \\u escape")
    }

    @Test("joins a surrogate pair into one scalar")
    func surrogatePairsAreJoined() throws {
        #expect(try parse(#""\ud83d\ude00""#).string == "😀")
    }

    @Test("refuses nesting deeper than the limit instead of exhausting the stack")
    func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(syntaxError(Array(deep.utf8))?.message == "nesting deeper than \(JSONParser.maximumDepth) levels")
    }

    @Test("refuses a text of more values than the limit at the first value past it")
    func tooManyValuesAreRefused() throws {
        let count = JSONParser.maximumValues
        // The array itself is a value: `count - 1` elements fit, `count` do not.
        let fits = "[" + Array(repeating: "0", count: count - 1).joined(separator: ",") + "]"
        #expect(try parse(fits).elements?.count == count - 1)
        let over = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
        let error = syntaxError(Array(over.utf8))
        #expect(error?.message == "more than \(count) values in one JSON text")
        #expect(error?.column == 2 * count)
    }

    @Test("rejects leading zeros, bare control characters and text after the value")
    func grammarIsStrict() {
        #expect(syntaxError(Array("01".utf8))?.message == "numbers do not start with 0")
        #expect(syntaxError([UInt8(ascii: "\""), 0x0A, UInt8(ascii: "\"")])?.message == "control character in a string (write it as an escape)")
        #expect(syntaxError(Array("1 2".utf8))?.message == "unexpected text after the JSON value")
    }
}

@Suite("JSON text")
struct JSONTextTests {
    @Test("escapes quotes, backslashes and control characters, and nothing else")
    func escaping() {
        #expect(JSONText.quoted("a\"b\\c\nd\re\tf\u{01}g/é") == #""a\"b\\c\nd\re\tf\u0001g/é""#)
    }

    @Test("escapes what a terminal acts on beyond the C0 controls: DEL, the C1 controls, the bidirectional controls and the line and paragraph separators, as TerminalText does; other characters of the same leading bytes stay as they are")
    func escapingTerminalControls() throws {
        let text = "a\u{7F}b\u{80}\u{9B}[2J\u{9F}\u{A0}é\u{061C}\u{061B}\u{200E}\u{200F}\u{2010}\u{2028}\u{202E}\u{202F}\u{2066}\u{2069}\u{206A}\u{2014}€c"
        let quoted = JSONText.quoted(text)
        #expect(quoted == #""a\u007fb\u0080\u009b[2J\u009f"# + "\u{A0}é" + #"\u061c"# + "\u{061B}" + #"\u200e\u200f"# + "\u{2010}" + #"\u2028\u202e"#
            + "\u{202F}" + #"\u2066\u2069"# + "\u{206A}\u{2014}€c\"")
        // Still JSON for the same text.
        #expect(try JSONParser.parse(Array(quoted.utf8)).value == .string(text))
    }

    @Test("escapes exactly the characters TerminalText escapes on one line, besides its own quote and backslash: the byte-level escaper and the terminal's list of scalars stay one set")
    func escapesWhatTerminalTextEscapes() {
        let scalars = (0...0x2FFF).compactMap(Unicode.Scalar.init) + (0xFEF0...0xFFFF).compactMap(Unicode.Scalar.init)
        let differing = scalars.filter { scalar in
            guard scalar != "\"" && scalar != "\\" else { return false }
            let text = String(scalar)
            return (JSONText.quoted(text) != "\"" + text + "\"") != (TerminalText.escaped(text, keepingLineBreaks: false) != text)
        }
        #expect(differing.isEmpty, "\(differing.map { String($0.value, radix: 16) })")
    }

    @Test("renders members in insertion order, whole numbers without a fraction, non-finite numbers as null")
    func rendering() {
        let object: JSONNode = .object([
            "z": .integer(UInt64.max), "a": .number(2.0), "b": .number(0.35), "c": .number(.infinity),
            "d": .array([.bool(true), .null, .string("x")]),
        ])
        #expect(JSONText.rendered(object) == #"{"z":18446744073709551615,"a":2,"b":0.35,"c":null,"d":[true,null,"x"]}"#)
    }

    @Test("reads back what it renders")
    func roundTrip() throws {
        let text = #"{"name":"tab\there","values":[1,-2.5,1e300],"nested":{"ok":false}}"#
        #expect(JSONText.rendered(try JSONParser.parse(Array(text.utf8))) == text)
    }
}
