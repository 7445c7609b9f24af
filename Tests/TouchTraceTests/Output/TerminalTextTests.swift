import Testing
import TouchTrace

/// Text from files in messages: control characters made visible, long quotes cut to an excerpt.
@Suite("Text from files in messages")
struct TerminalTextTests {
    @Test("An excerpt keeps text up to the limit whole and cuts longer text, saying how long it was", arguments: [
        ("short", 8, "short"), ("exactly8", 8, "exactly8"), ("nine char", 8, "nine cha… (9 characters)"),
        (String(repeating: "9", count: 5_000_000), 4, "9999… (5000000 characters)"), ("é👍🏽x", 2, "é👍🏽… (3 characters)"),
    ])
    func excerpt(text: String, limit: Int, expected: String) {
        #expect(TerminalText.excerpt(text, limit: limit) == expected)
    }

    @Test("Control characters are escaped, line breaks kept only when asked")
    func escaped() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb\nc") == "a\\x1b[2Jb\nc")
        #expect(TerminalText.escaped("a\nb", keepingLineBreaks: false) == "a\\x0ab")
    }

    @Test("A C1 control is escaped with four hex digits", arguments: [("a\u{9B}b", "a\\u009bb"), ("\u{85}", "\\u0085")])
    func c1Controls(text: String, expected: String) {
        #expect(TerminalText.escaped(text) == expected)
    }

    @Test("Bidirectional controls and the line and paragraph separators are escaped, so a name cannot reverse or break the rest of its line", arguments: [
        ("\u{202E}gnp.exe", "\\u202egnp.exe"), ("a\u{2066}b\u{2069}", "a\\u2066b\\u2069"), ("\u{200F}\u{061C}", "\\u200f\\u061c"),
        ("x\u{2028}y\u{2029}", "x\\u2028y\\u2029"),
    ])
    func bidirectionalControls(text: String, expected: String) {
        #expect(TerminalText.escaped(text) == expected)
    }

    @Test("Right-to-left text and other characters beside the controls print as they are")
    func rightToLeftTextKept() {
        #expect(TerminalText.escaped("שלום مرحبا \u{2013} \u{2030} \u{200D}") == "שלום مرحبا \u{2013} \u{2030} \u{200D}")
    }
}
