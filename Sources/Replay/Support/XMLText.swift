/// Text made safe inside XML and HTML, in element content and in quoted attribute values: the one
/// escaping the JUnit report, the pictures' SVG and the verify report's HTML share. The
/// characters XML 1.0 forbids in a document become `?`: the control characters (line breaks and
/// tabs stay) and the noncharacters U+FFFE and U+FFFF (a capture named with one made a JUnit file
/// no CI could parse). Surrogates, the only others, are never in a `String`.
public enum XMLText {
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "?"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
