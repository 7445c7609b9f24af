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

/// A diff says what `diff -u` says of a last line without a line feed, and its text is cut at
/// `UnifiedDiff.maximumBytes` whatever the lines hold.
@Suite("Unified diff: final line feeds and the byte limit")
struct UnifiedDiffEndsTests {
    private func diff(_ old: String, _ new: String, maximumBytes: Int = UnifiedDiff.maximumBytes) -> String? {
        UnifiedDiff.make(old: Array(old.utf8), new: Array(new.utf8), oldName: "o", newName: "n", maximumBytes: maximumBytes)
    }

    @Test("A golden that lacks only its final line feed shows its last line removed and added, marked as diff -u marks it")
    func goldenWithoutFinalLineFeed() {
        #expect(diff("a\nb", "a\nb\n") == "--- o\n+++ n\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
        #expect(diff("a\nb\n", "a\nb") == "--- o\n+++ n\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n")
        #expect(diff("", "\n") == "--- o\n+++ n\n@@ -0,0 +1,1 @@\n+\n")
    }

    @Test("A last line without a line feed on both sides is context marked once; the same texts have no diff")
    func bothWithoutFinalLineFeed() {
        #expect(diff("x\nb", "y\nb") == "--- o\n+++ n\n@@ -1,2 +1,2 @@\n-x\n+y\n b\n\\ No newline at end of file\n")
        #expect(diff("a\nb", "a\nb") == nil)
    }

    @Test("A diff longer than its byte limit stops before the first line that would pass it and counts the lines not shown")
    func cutAtTheLimit() throws {
        let old = String(repeating: String(repeating: "a", count: 99) + "\n", count: 100)
        let new = String(repeating: String(repeating: "b", count: 99) + "\n", count: 100)
        let text = try #require(diff(old, new, maximumBytes: 4096))
        let cut = try #require(text.firstMatch(of: #/@@ the last (\d+) lines of the diff are not shown: it would pass its 4096-byte limit\n$/#))
        let shown = text[..<cut.range.lowerBound]
        #expect(shown.utf8.count <= 4096)
        #expect(shown.utf8.count > 4096 - 101)
        // A hunk header and 200 lines; the headers are not lines of the diff.
        #expect(shown.split(separator: "\n").count - 2 + Int(cut.output.1)! == 201)
        #expect(diff(old, new, maximumBytes: 1 << 20)?.contains("not shown") == false)
    }

    @Test("A line of invalid UTF-8 too long for the limit is never decoded: the diff of 8 MiB lines allocates no more than the limit allows")
    func longLinesAreNotDecoded() throws {
        var old = [UInt8](repeating: 0xFF, count: 8 << 20)
        old.append(UInt8(ascii: "\n"))
        old += old
        allocation_counter_start()
        let text = UnifiedDiff.make(old: old, new: Array("x\n".utf8), oldName: "o", newName: "n")
        _ = allocation_counter_stop()
        #expect(text == "--- o\n+++ n\n@@ -1,2 +1,1 @@\n@@ the last 3 lines of the diff are not shown: it would pass its 1048576-byte limit\n")
        // Shown whole, each line took 24 MiB as text.
        #expect(allocation_counter_largest() < 4 << 20)
    }
}
