import Synthesis
import Testing

@Suite("Pattern codes name a path through the 3 × 3 grid")
struct PatternCodeTests {
    @Test("Pattern codes must name distinct targets 1 to 9", arguments: ["1", "1-1", "0-2", "1-2-x", "1--2", ""])
    func invalidPatternCodes(code: String) {
        #expect(throws: SynthesisError.self) { try PatternCode(parsing: code) }
    }

    @Test("A pattern code reads back as it was written")
    func patternCodeRoundTrip() throws {
        #expect(try PatternCode(parsing: "7-4-1-5-9").description == "7-4-1-5-9")
    }
}
