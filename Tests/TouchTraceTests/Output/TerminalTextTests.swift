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
}
