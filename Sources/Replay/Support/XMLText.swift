/// Text made safe inside XML and HTML, in element content and in quoted attribute values: the one
/// escaping the JUnit report, the pictures' SVG and the verify report's HTML share. Control
/// characters XML 1.0 forbids become `?`; line breaks and tabs stay.
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
            case _ where scalar.value < 0x20: result += "?"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
