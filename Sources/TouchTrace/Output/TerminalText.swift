/// Text from files (device names, notes, file names) made safe to print: a name holding ESC or
/// another control character must not move the cursor, retitle the window or hide a line.
public enum TerminalText {
    /// `text` with every control character written as a visible escape (`\x1b`, `\u009b`):
    /// C0 controls, DEL and the C1 range. Line feeds and tabs stay when `keepingLineBreaks`
    /// (multi-line reports), and are escaped too otherwise.
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
            result += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u00" + hex
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        let value = scalar.value
        if keepingLineBreaks && (value == 0x0A || value == 0x09) { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
