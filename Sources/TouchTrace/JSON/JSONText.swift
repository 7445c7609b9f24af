/// JSON text out: the one string escaper (used by the JSON Lines writer, template files and every
/// `--json` output) and compact rendering of a `JSONValue`.
public enum JSONText {
    /// Appends `text` as a JSON string: in quotes, with `"` and `\` escaped, line feed, carriage
    /// return and tab as `\n`, `\r`, `\t`, other control characters as `\u00xx`; everything else as is.
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                appendHex(byte, to: &output)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string, quotes included.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Two lowercase hexadecimal digits.
    static func appendHex(_ byte: UInt8, to output: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        output.append(digits.utf8Start[Int(byte >> 4)])
        output.append(digits.utf8Start[Int(byte & 0xF)])
    }

    /// `node` as compact one-line JSON, members in their order.
    public static func rendered(_ node: JSONNode) -> String {
        var output: [UInt8] = []
        append(node.value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func append(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.text.utf8)
        case .string(let text): appendQuoted(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                append(element.value, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendQuoted(key, to: &output)
                output.append(UInt8(ascii: ":"))
                append(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
