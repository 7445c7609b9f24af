/// Text from files (device names, notes, file names) made safe to print: a name holding ESC or
/// another control character must not move the cursor, retitle the window or hide a line.
public enum TerminalText {
    /// Text from a file quoted in a message, at most `limit` characters: a file may hold a line
    /// of megabytes, and a message says where the problem is, not all of it (`abc… (5,000,000
    /// characters)`).
    public static func excerpt(_ text: some StringProtocol, limit: Int = 64) -> String {
        var prefix = ""
        var count = 0
        for character in text {
            if count < limit { prefix.append(character) }
            count += 1
        }
        return count <= limit ? prefix : prefix + "… (\(count) characters)"
    }

    /// `text` with every control character written as a visible escape (`\x1b`, `\u009b`,
    /// `\u202e`): C0 controls, DEL, the C1 range, and the invisible characters that reorder or
    /// break what follows them on a terminal: the bidirectional controls (U+061C, U+200E, U+200F,
    /// U+202A to U+202E, U+2066 to U+2069; a device named with U+202E printed the rest of its line
    /// reversed) and the line and paragraph separators (U+2028, U+2029). Line feeds and tabs stay
    /// when `keepingLineBreaks` (multi-line reports), and are escaped too otherwise.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLineBreaks) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            let digits = scalar.value < 0x80 ? 2 : 4
            result += (scalar.value < 0x80 ? "\\x" : "\\u") + String(repeating: "0", count: digits - hex.count) + hex
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        let value = scalar.value
        if keepingLineBreaks && (value == 0x0A || value == 0x09) { return false }
        switch value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
