import Testing
@testable import Replay

@Suite("Unified diff")
struct UnifiedDiffTests {
    @Test("Equal texts have no diff")
    func equal() {
        #expect(UnifiedDiff.make(old: ["a", "b"], new: ["a", "b"], oldName: "x", newName: "y") == nil)
    }

    @Test("One changed line shows with three lines of context and correct hunk numbers")
    func oneChange() {
        let old: [Substring] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
        var new = old
        new[6] = "seven"
        let diff = UnifiedDiff.make(old: old, new: new, oldName: "golden", newName: "replay")
        #expect(diff == "--- golden\n+++ replay\n@@ -4,6 +4,6 @@\n 4\n 5\n 6\n-7\n+seven\n 8\n 9\n")
    }

    @Test("Lines end at every LF: a CRLF golden is one line per line, each keeping its CR")
    func crlfLines() {
        #expect(UnifiedDiff.lines("a\r\nb\r\n") == ["a\r", "b\r"])
        #expect(UnifiedDiff.lines("a\n\nb") == ["a", "", "b"])
        let diff = UnifiedDiff.make(old: UnifiedDiff.lines("a\r\nb\r\n"), new: UnifiedDiff.lines("a\nb\n"), oldName: "o", newName: "n")
        #expect(diff == "--- o\n+++ n\n@@ -1,2 +1,2 @@\n-a\r\n-b\r\n+a\n+b\n")
    }

    @Test("Insertions at the start and deletions at the end are both shown")
    func insertAndDelete() {
        let diff = UnifiedDiff.make(old: ["a", "b"], new: ["z", "a"], oldName: "o", newName: "n")
        #expect(diff == "--- o\n+++ n\n@@ -1,2 +1,2 @@\n+z\n a\n-b\n")
    }
}

@Suite("Unified diff on long logs")
struct UnifiedDiffLongTests {
    @Test("A change deep inside a long text is found past the common prefix, with correct line numbers")
    func deepChange() {
        let old = (0..<50_000).map { Substring("line \($0)") }
        var new = old
        new[40_000] = "changed"
        let diff = UnifiedDiff.make(old: old, new: new, oldName: "o", newName: "n")
        #expect(diff == "--- o\n+++ n\n@@ -39998,7 +39998,7 @@\n line 39997\n line 39998\n line 39999\n-line 40000\n+changed\n line 40001\n line 40002\n line 40003\n")
    }

    @Test("Texts too different to show line by line say where they start to differ")
    func tooDifferent() {
        let old = (0..<3000).map { Substring("a\($0)") }
        let new = (0..<3000).map { Substring("b\($0)") }
        let diff = UnifiedDiff.make(old: old, new: new, oldName: "o", newName: "n")
        #expect(diff == "--- o\n+++ n\n@@ -1 +1 @@ more than 1000 lines differ from here; showing none\n")
    }
}
