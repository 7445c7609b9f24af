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

    @Test("Insertions at the start and deletions at the end are both shown")
    func insertAndDelete() {
        let diff = UnifiedDiff.make(old: ["a", "b"], new: ["z", "a"], oldName: "o", newName: "n")
        #expect(diff == "--- o\n+++ n\n@@ -1,2 +1,2 @@\n+z\n a\n-b\n")
    }
}
