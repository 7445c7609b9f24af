/// JSON text out: the one string escaper (used by the JSON Lines writer, template files, the replay log and
/// every `--json` output), its variant for a string that must also be a one-line YAML scalar (the
/// notes kept in evemu and libinput record files), and compact rendering of a `JSONValue`.
public enum JSONText {
    /// Appends `text` as a JSON string: in quotes, escaped as `forEachEscapedByte` says.
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        forEachEscapedByte(of: text) { output.append($0) }
        output.append(UInt8(ascii: "\""))
    }

    /// Hands `put` the bytes of `text` as the inside of a JSON string (no quotes), allocating
    /// nothing: `"` and `\` escaped; backspace, form feed, line feed, carriage return and tab as
    /// `\b`, `\f`, `\n`, `\r`, `\t` (JSON's short escapes); other control characters as `\u00xx`
    /// (lowercase); and, as `\uxxxx`, what a terminal acts on among the rest, as `TerminalText`
    /// escapes it: DEL, the C1 controls (U+0080 to U+009F: U+009B is CSI), the bidirectional
    /// controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) and the line and
    /// paragraph separators (U+2028, U+2029), so that `info --json` of a device named with U+202E
    /// cannot reverse the rest of its line on a terminal; everything else, UTF-8 included, as is.
    /// The one JSON string escaper: the writers of JSON Lines, templates, `--json` output and the
    /// replay log all use it.
    @inlinable
    public static func forEachEscapedByte(of text: String, _ put: (UInt8) -> Void) {
        // The lead bytes of a character that may be escaped, held until the next byte tells
        // (0: none held; else the bytes, the first in the low byte): C2 (C1 controls), D8
        // (U+061C), E2 (the general punctuation block), E2 80 and E2 81.
        var held: UInt32 = 0
        for unit in text.utf8 {
            if held == 0 && unit >= 0x20 && unit < 0x7F && unit != UInt8(ascii: "\"") && unit != UInt8(ascii: "\\") {
                put(unit)
                continue
            }
            if held != 0 {
                var escaped: UInt32? = nil
                switch held {
                case 0xC2: if unit < 0xA0 { escaped = UInt32(unit) }
                case 0xD8: if unit == 0x9C { escaped = 0x061C }
                case 0xE2:
                    if unit == 0x80 || unit == 0x81 {
                        held |= UInt32(unit) << 8
                        continue
                    }
                case 0x80E2: if unit == 0x8E || unit == 0x8F || (0xA8...0xAE).contains(unit) { escaped = 0x2000 + UInt32(unit & 0x3F) }
                default: if (0xA6...0xA9).contains(unit) { escaped = 0x2040 + UInt32(unit & 0x3F) }  // E2 81
                }
                if let escaped {
                    put(UInt8(ascii: "\\"))
                    put(UInt8(ascii: "u"))
                    put(lowercaseHexDigit(UInt8(escaped >> 12)))
                    put(lowercaseHexDigit(UInt8((escaped >> 8) & 0xF)))
                    put(lowercaseHexDigit(UInt8((escaped >> 4) & 0xF)))
                    put(lowercaseHexDigit(UInt8(escaped & 0xF)))
                } else {
                    while held != 0 {
                        put(UInt8(truncatingIfNeeded: held))
                        held >>= 8
                    }
                    put(unit)
                }
                held = 0
                continue
            }
            guard unit < 0x20 || unit == UInt8(ascii: "\"") || unit == UInt8(ascii: "\\") || unit == 0x7F else {
                if unit == 0xC2 || unit == 0xD8 || unit == 0xE2 { held = UInt32(unit) } else { put(unit) }
                continue
            }
            put(UInt8(ascii: "\\"))
            switch unit {
            case 0x08: put(UInt8(ascii: "b"))
            case 0x0C: put(UInt8(ascii: "f"))
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "t"))
            case 0..<0x20, 0x7F:
                put(UInt8(ascii: "u"))
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "0"))
                put(lowercaseHexDigit(unit >> 4))
                put(lowercaseHexDigit(unit & 0xF))
            default: put(unit)
            }
        }
        // Text is whole UTF-8, so no lead byte is left held; were one, it goes out as it is.
        while held != 0 {
            put(UInt8(truncatingIfNeeded: held))
            held >>= 8
        }
    }

    /// Two lowercase hexadecimal digits.
    static func appendHex(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(lowercaseHexDigit(byte >> 4))
        output.append(lowercaseHexDigit(byte & 0xF))
    }

    /// The lowercase hexadecimal digit of `value` (0 to 15).
    @inlinable
    static func lowercaseHexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
    }

    /// `text` as a JSON string, quotes included.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` as a JSON string that is also a YAML double-quoted scalar on one line, and holds no
    /// escaped quote (the notes of evemu and libinput record files, `EvdevNoteText`): `\\`, `\n`,
    /// `\t` and `\uXXXX` escapes only, a quote written `\u0022` (so that a reader looking for the
    /// closing quote never meets an escaped one), control characters, DEL, the C1 range and the
    /// characters YAML takes for line breaks (U+0085, U+2028, U+2029) as `\uXXXX` (uppercase).
    static func quotedForYAMLLine(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\"": out += "\\u0022"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                    let hex = String(value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
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
