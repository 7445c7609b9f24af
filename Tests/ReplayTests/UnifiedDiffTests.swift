import AllocationCounter
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

/// A golden is untrusted: whatever its lines, a diff holds the two texts and at most
/// `UnifiedDiff.bytesPerLine` for each line between their first and last difference, and takes
/// a number of steps in proportion to those lines. Memory is pinned by the largest allocation a
/// diff makes (the allocation counter), time by the search's own step count.
@Suite("Unified diff of hostile texts")
struct UnifiedDiffHostileTests {
    /// The diff of `old` and `new`, and the largest single allocation it made.
    private func diff(_ old: [UInt8], _ new: [UInt8]) -> (String?, UInt64) {
        allocation_counter_start()
        let text = UnifiedDiff.make(old: old, new: new, oldName: "o", newName: "n")
        _ = allocation_counter_stop()
        return (text, allocation_counter_largest())
    }

    @Test("A golden of 4 MiB of line feeds against a short log is shown without lines, holding nothing per line")
    func lineFeedsAgainstShortLog() {
        let golden = [UInt8](repeating: UInt8(ascii: "\n"), count: 4 << 20)
        let (text, largest) = diff(golden, Array("1 state tap possible -> ended\n".utf8))
        #expect(text == "--- o\n+++ n\n@@ -1 +1 @@ more than 1000 lines differ from here; showing none\n")
        // Splitting it into lines took 32 bytes a line (128 MiB); now no allocation is near its size.
        #expect(largest < 64 << 10)
    }

    @Test("More lines between the first and last difference than are compared line by line are shown without lines, unindexed")
    func tooManyLines() {
        let lines = UnifiedDiff.maximumLines + 1
        var old = [UInt8](repeating: UInt8(ascii: "\n"), count: lines)
        var new = old
        old[0] = UInt8(ascii: "a"); old[1] = UInt8(ascii: "\n")
        new[0] = UInt8(ascii: "b"); new[1] = UInt8(ascii: "\n")
        old.append(UInt8(ascii: "y")); new.append(UInt8(ascii: "z"))
        let (text, largest) = diff(old, new)
        #expect(text == "--- o\n+++ n\n@@ -1 +1 @@ \(lines) and \(lines) lines from here to the last difference, more than the 4194304 compared line by line; showing none\n")
        #expect(largest < 64 << 10)
    }

    @Test("Lines between the first and last difference cost the index 8 bytes each: two arrays of 32-bit values")
    func indexBytesPerLine() {
        let lines = 200_000
        let old = Array((0..<lines).map { "\($0)\n" }.joined().utf8)
        var new = old
        new[0] = UInt8(ascii: "x")
        new[new.count - 2] = UInt8(ascii: "x")
        let (text, largest) = diff(old, new)
        #expect(text == "--- o\n+++ n\n@@ -1,4 +1,4 @@\n-0\n+x\n 1\n 2\n 3\n@@ -199997,4 +199997,4 @@\n 199996\n 199997\n 199998\n-199999\n+19999x\n")
        // One index array of 4 bytes a line and its header: the largest allocation of the diff.
        #expect(largest <= UInt64(UnifiedDiff.bytesPerLine / 2 * (lines + 1) + 64))
    }

    /// The search's result and steps for two texts.
    private func search(_ old: [UInt8], _ new: [UInt8], maximumSteps: Int = .max) -> (UnifiedDiff.Search, Int) {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let a = UnifiedDiff.Text(old), b = UnifiedDiff.Text(new)
                let (x, y) = (UnifiedDiff.LineIndex(a, 0..<a.count, lines: a.lineCount(in: 0..<a.count)),
                              UnifiedDiff.LineIndex(b, 0..<b.count, lines: b.lineCount(in: 0..<b.count)))
                return UnifiedDiff.editScript(x, y, maximumSteps: maximumSteps)
            }
        }
    }

    private func numbered(_ range: Range<Int>, _ tag: String) -> [UInt8] {
        Array(range.map { "\(tag)\($0)\n" }.joined().utf8)
    }

    @Test("Long texts differing at both ends are searched in a step per line")
    func stepsFollowLines() {
        var new = numbered(0..<100_000, "")
        new[0] = UInt8(ascii: "x")
        let (found, steps) = search(numbered(0..<100_000, ""), new)
        guard case .edits(let edits) = found else { Issue.record("no edits: \(found)"); return }
        #expect(edits.count == 2)
        #expect(steps <= 100_000 + 16)
    }

    @Test("Two long texts with no line in common are given up after maximumEdits edits, in about maximumEdits² steps")
    func differentTextsGiveUpEarly() {
        let (found, steps) = search(numbered(0..<100_000, "a"), numbered(0..<100_000, "b"))
        #expect(found == .tooManyEdits)
        #expect(steps <= (UnifiedDiff.maximumEdits + 1) * (UnifiedDiff.maximumEdits + 2))
    }

    @Test("The search stops once it passes its step limit, which is linear in the lines and bytes searched")
    func stopsAtStepLimit() {
        var new = numbered(0..<100_000, "")
        new[new.count - 2] = UInt8(ascii: "x")
        let (found, steps) = search(numbered(0..<100_000, ""), new, maximumSteps: 50_000)
        #expect(found == .tooCostly)
        #expect(steps > 50_000 && steps <= 100_001)
        #expect(UnifiedDiff.stepLimit(lines: 200_000, bytes: 1_600_000) == 64 * 200_000 + 100_000 + 2_000_000)
    }
}
