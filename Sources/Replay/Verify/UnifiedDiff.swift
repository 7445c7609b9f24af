#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A unified diff (`diff -u` style, three lines of context) between two texts, line by line,
/// computed with Myers' O(ND) algorithm so that small changes in long logs stay cheap.
///
/// Lines end at every LF byte and are compared byte for byte. Memory and time stay bounded
/// whatever the texts hold (a golden log is untrusted): the common first and last lines are
/// walked in place, only the lines between the first and the last difference are indexed, at
/// `bytesPerLine` each and at most `maximumLines` a side, and the search stops after
/// `maximumEdits` edits or a number of steps in proportion to those lines. Past any of these the
/// diff says where the texts start to differ and why it shows no lines. The text of a diff is at
/// most `maximumBytes`: a longer one is cut before the first line that would pass it, with a line
/// saying how many lines are not shown.
///
/// A line's line feed is part of it, as in `diff -u`: a last line without one differs from the
/// same line with one, and is followed in the diff by `\ No newline at end of file`.
public enum UnifiedDiff {
    /// The bytes of a diff's text (UTF-8, invalid bytes counted as the three of U+FFFD that show
    /// them), not counting the line that says how many lines are cut: 1 MiB, some ten thousand
    /// lines of a log. A failing capture holds its diff until the run's report is printed.
    public static let maximumBytes = 1 << 20

    /// Edits beyond this count are not worth showing line by line; the diff says so instead. It
    /// also bounds the search's memory (about 4 bytes × maximumEdits² at worst).
    static let maximumEdits = 1000

    /// Lines a side between the first and the last difference compared line by line (a 256 MiB
    /// golden of 64-byte lines has this many); past it the diff shows none, so that the index of
    /// a golden of very short lines (a file of line feeds) stays within `bytesPerLine` × this.
    static let maximumLines = 1 << 22

    /// What the index holds for each line between the first and last difference: its start and
    /// a hash of its bytes, 32 bits each.
    static let bytesPerLine = 8

    /// The memory a diff of a golden of `bytes` bytes and `lines` lines holds beyond the two texts:
    /// the index of both sides' lines (a log differing in at most `maximumEdits` lines has about
    /// as many as the golden, or is shown without an index) and the search's frontiers.
    public static func indexBytes(goldenLines lines: Int) -> Int {
        2 * bytesPerLine * min(lines, maximumLines) + 4 * maximumEdits * maximumEdits
    }

    /// The diff from `old` to `new` (lines each without its line feed) with `---`/`+++` headers,
    /// or `nil` when they are equal. Lines are compared byte for byte, as the texts they are
    /// lines of (`make(old:new:oldName:newName:context:)` with the lines each followed by a LF).
    public static func make(old: [Substring], new: [Substring], oldName: String, newName: String, context: Int = 3) -> String? {
        func joined(_ lines: [Substring]) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
            for line in lines {
                bytes += line.utf8
                bytes.append(lineFeed)
            }
            return bytes
        }
        return make(old: joined(old), new: joined(new), oldName: oldName, newName: newName, context: context)
    }

    /// The diff from the text `old` to the text `new` with `---`/`+++` headers, or `nil` when
    /// they are equal, cut at `maximumBytes` (`CappedText`). Holds the two texts,
    /// `bytesPerLine` for each line between their first and last difference, at most
    /// `maximumLines` a side, and the search's frontiers (`indexBytes(goldenLines:)`); takes time
    /// in proportion to the texts' bytes and lines.
    public static func make(
        old: [UInt8], new: [UInt8], oldName: String, newName: String, context: Int = 3, maximumBytes: Int = maximumBytes
    ) -> String? {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                make(old: Text(old), new: Text(new), oldName: oldName, newName: newName, context: max(context, 0), maximumBytes: maximumBytes)
            }
        }
    }

    /// The diff from `old` to a text of which `newStart` is the start, known to have more than
    /// `maximumEdits` lines more than `old` (its line feeds alone outnumber `old`'s lines by more):
    /// exactly what `make(old:new:oldName:newName:)` gives for the whole text, which always says
    /// that more than `maximumEdits` lines differ from the first line that differs. The rest of
    /// the text need never be held.
    static func makeAgainstLonger(old: [UInt8], newStart: [UInt8], oldName: String, newName: String) -> String {
        old.withUnsafeBufferPointer { old in
            newStart.withUnsafeBufferPointer { new in
                let prefix = commonPrefix(Text(old), Text(new)).lines
                return "--- \(oldName)\n+++ \(newName)\n@@ -\(prefix + 1) +\(prefix + 1) @@ more than \(maximumEdits) lines differ from here; showing none\n"
            }
        }
    }

    /// The lines `old` and `new` start with in common, and where each text's next line starts.
    private static func commonPrefix(_ old: Text, _ new: Text) -> (lines: Int, old: Int, new: Int) {
        var oldStart = 0, newStart = 0, prefix = 0
        while oldStart < old.count, newStart < new.count {
            let oldEnd = old.lineEnd(from: oldStart), newEnd = new.lineEnd(from: newStart)
            guard old.same(oldStart..<oldEnd, as: new, newStart..<newEnd) else { break }
            prefix += 1
            oldStart = min(oldEnd + 1, old.count)
            newStart = min(newEnd + 1, new.count)
        }
        return (prefix, oldStart, newStart)
    }

    /// Splits text into lines without their terminators; a final newline does not add an empty line.
    /// Lines end at every LF byte: a CR before it (a golden checked out with CRLF endings) stays
    /// with its line, where splitting on `Character`s would not split at all, `"\r\n"` being one.
    public static func lines(_ text: String) -> [Substring] {
        var result = text.utf8.split(separator: lineFeed, omittingEmptySubsequences: false).map { Substring($0) }
        if result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    static let lineFeed = UInt8(ascii: "\n")

    private static func make(old: Text, new: Text, oldName: String, newName: String, context: Int, maximumBytes: Int) -> String? {
        // Logs of long captures differ locally: the equal lines at both ends are walked in place
        // and only the lines between them are indexed and searched.
        let (prefix, oldStart, newStart) = commonPrefix(old, new)
        var oldStop = old.count, newStop = new.count, suffix = 0
        while oldStop > oldStart, newStop > newStart {
            let oldLine = old.lastLine(in: oldStart..<oldStop), newLine = new.lastLine(in: newStart..<newStop)
            guard old.same(oldLine, as: new, newLine) else { break }
            suffix += 1
            oldStop = oldLine.lowerBound
            newStop = newLine.lowerBound
        }
        let oldMiddle = oldStart..<oldStop, newMiddle = newStart..<newStop
        if oldMiddle.isEmpty && newMiddle.isEmpty { return nil }
        let text = "--- \(oldName)\n+++ \(newName)\n"
        let n = old.lineCount(in: oldMiddle), m = new.lineCount(in: newMiddle)
        let here = "@@ -\(prefix + 1) +\(prefix + 1) @@ "
        if abs(n - m) > maximumEdits {
            return text + here + "more than \(maximumEdits) lines differ from here; showing none\n"
        }
        guard n <= maximumLines, m <= maximumLines, oldMiddle.count < UInt32.max, newMiddle.count < UInt32.max else {
            return text + here + "\(n) and \(m) lines from here to the last difference, more than the \(maximumLines) compared line by line; showing none\n"
        }
        let a = LineIndex(old, oldMiddle, lines: n), b = LineIndex(new, newMiddle, lines: m)
        let middle: [Edit]
        switch editScript(a, b, maximumSteps: stepLimit(lines: n + m, bytes: oldMiddle.count + newMiddle.count)).search {
        case .edits(let edits): middle = edits
        case .tooManyEdits: return text + here + "more than \(maximumEdits) lines differ from here; showing none\n"
        case .tooCostly: return text + here + "lines repeat too often from here to compare them line by line in the diff's time; showing none\n"
        }
        let edits = middle.map { $0.shifted(by: prefix) }
        let oldTotal = prefix + n + suffix, newTotal = prefix + m + suffix
        let printer = LinePrinter(text: old, index: a, prefix: prefix, middleStart: oldStart, middleStop: oldStop, context: context)
        var output = CappedText(text: text, maximumBytes: maximumBytes)
        // A line of the old text (context or deleted), or of the new (inserted), and the mark of a
        // last line without a line feed after it.
        func oldLine(_ mark: String, _ x: Int) {
            let range = printer.range(x)
            output.append(mark, old, range)
            if x == oldTotal - 1 && !old.hasLineFeed(after: range) { output.append(noNewline) }
        }
        var first = 0
        while first < edits.count {
            var last = first
            while last + 1 < edits.count, edits[last + 1].x - edits[last].afterX <= 2 * context { last += 1 }
            let before = min(context, edits[first].x - (first == 0 ? 0 : edits[first - 1].afterX))
            let after = min(context, (last + 1 < edits.count ? edits[last + 1].x : oldTotal) - edits[last].afterX)
            let oldFrom = edits[first].x - before, newFrom = edits[first].y - before
            let oldTo = edits[last].afterX + after, newTo = edits[last].afterY + after
            output.append("@@ -\(range(oldFrom, oldTo - oldFrom)) +\(range(newFrom, newTo - newFrom)) @@\n")
            var x = oldFrom
            for edit in edits[first...last] {
                while x < edit.x { oldLine(" ", x); x += 1 }
                if edit.isInsert {
                    let range = b.range(edit.y - prefix)
                    output.append("+", new, range)
                    if edit.y == newTotal - 1 && !new.hasLineFeed(after: range) { output.append(noNewline) }
                } else {
                    oldLine("-", x)
                    x += 1
                }
            }
            while x < oldTo { oldLine(" ", x); x += 1 }
            first = last + 1
        }
        return output.finished
    }

    /// The line `diff -u` prints after a last line that has no line feed.
    static let noNewline = "\\ No newline at end of file\n"

    /// A diff's text as it is printed, up to `maximumBytes`: from the first line that would pass
    /// them, lines are only counted, and `finished` ends with a line saying how many.
    struct CappedText {
        private(set) var text: String
        let maximumBytes: Int
        private var bytes: Int
        /// Lines not shown: the first that did not fit and every one after it.
        private(set) var cut = 0

        init(text: String, maximumBytes: Int) {
            self.text = text
            self.maximumBytes = maximumBytes
            bytes = text.utf8.count
        }

        /// Appends a line given whole, with its line feed.
        mutating func append(_ line: String) {
            guard cut == 0, bytes + line.utf8.count <= maximumBytes else { cut += 1; return }
            text += line
            bytes += line.utf8.count
        }

        /// Appends `mark`, the bytes of `range` of `source` as text, and a line feed. A line whose
        /// bytes alone pass what is left is not decoded (decoding never makes text shorter than
        /// its bytes), so a line of any length costs at most three times the room left.
        mutating func append(_ mark: String, _ source: Text, _ range: Range<Int>) {
            guard cut == 0, bytes + mark.utf8.count + range.count + 1 <= maximumBytes else { cut += 1; return }
            append(mark + source.text(range) + "\n")
        }

        /// The text, and when lines were cut, the line that says how many.
        var finished: String {
            cut == 0 ? text : text + "@@ the last \(cut) lines of the diff are not shown: it would pass its \(maximumBytes)-byte limit\n"
        }
    }

    /// A hunk's start and length as the header gives them (the line before an empty range).
    private static func range(_ start: Int, _ count: Int) -> String {
        "\(count == 0 ? start : start + 1),\(count)"
    }

    /// One deletion or insertion, at the point (`x` lines of the old text, `y` of the new) of the
    /// edit path where it starts: a deletion removes old line `x`, an insertion adds new line `y`.
    struct Edit: Equatable {
        var x: Int
        var y: Int
        var isInsert: Bool

        var afterX: Int { isInsert ? x : x + 1 }
        var afterY: Int { isInsert ? y + 1 : y }

        func shifted(by offset: Int) -> Edit {
            Edit(x: x + offset, y: y + offset, isInsert: isInsert)
        }
    }

    enum Search: Equatable {
        case edits([Edit])
        /// More than `maximumEdits`.
        case tooManyEdits
        /// More steps than `stepLimit` allows (texts whose lines repeat, so that many diagonals
        /// run long); the search would otherwise take time in proportion to lines × edits.
        case tooCostly
    }

    /// Steps (line comparisons, and a step per 16 bytes compared in lines of equal hashes) the
    /// search may take for `lines` lines: linear in the texts, with room for the diagonals of
    /// `maximumEdits` edits.
    static func stepLimit(lines: Int, bytes: Int) -> Int {
        64 * lines + bytes / 16 + 2 * maximumEdits * maximumEdits
    }

    /// The shortest edit script, or why there is none to show, and the steps the search took.
    static func editScript(_ a: LineIndex, _ b: LineIndex, maximumSteps: Int) -> (search: Search, steps: Int) {
        let n = a.count, m = b.count
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var steps = 0
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // The frontier after each round d, for the diagonals -d, -d+2 … d: round d starts at d².
        var frontiers: [Int32] = []
        var rounds = -1
        search: for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m {
                    steps += 1
                    let (equal, cost) = a.same(x, as: b, y)
                    steps += cost
                    guard equal else { break }
                    x += 1; y += 1
                }
                steps += 1
                if steps > maximumSteps { return (.tooCostly, steps) }
                v[offset + k] = x
                if x >= n, y >= m { rounds = d; break search }
            }
            for k in stride(from: -d, through: d, by: 2) { frontiers.append(Int32(truncatingIfNeeded: v[offset + k])) }
        }
        guard rounds >= 0 else { return (.tooManyEdits, steps) }
        // Walk back through the saved frontiers to recover the path.
        func frontier(_ d: Int, _ k: Int) -> Int { Int(frontiers[d * (d + 1) / 2 + (k + d) / 2]) }
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: rounds, through: 1, by: -1) {
            let k = x - y
            let previousK = (k == -d || (k != d && frontier(d - 1, k - 1) < frontier(d - 1, k + 1))) ? k + 1 : k - 1
            let previousX = frontier(d - 1, previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY { x -= 1; y -= 1 }
            if x == previousX {
                y -= 1
                edits.append(Edit(x: x, y: y, isInsert: true))
            } else {
                x -= 1
                edits.append(Edit(x: x, y: y, isInsert: false))
            }
        }
        return (.edits(edits.reversed()), steps)
    }

    /// A text's bytes, read as lines.
    struct Text {
        let bytes: UnsafeBufferPointer<UInt8>

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var count: Int { bytes.count }

        /// Where the line starting at `start` ends: its line feed, or the end of the text.
        func lineEnd(from start: Int) -> Int {
            guard start < bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + start, Int32(UnifiedDiff.lineFeed), bytes.count - start) else { return bytes.count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        /// The last line of the whole lines in `range` (which starts a line), without its line feed.
        func lastLine(in range: Range<Int>) -> Range<Int> {
            let end = bytes[range.upperBound - 1] == UnifiedDiff.lineFeed ? range.upperBound - 1 : range.upperBound
            var start = end
            while start > range.lowerBound, bytes[start - 1] != UnifiedDiff.lineFeed { start -= 1 }
            return start..<end
        }

        /// Lines in `range` (which starts a line and ends one, or the text).
        func lineCount(in range: Range<Int>) -> Int {
            guard !range.isEmpty else { return 0 }
            var count = 0
            for byte in UnsafeBufferPointer(rebasing: bytes[range]) where byte == UnifiedDiff.lineFeed { count += 1 }
            return bytes[range.upperBound - 1] == UnifiedDiff.lineFeed ? count : count + 1
        }

        /// Whether the line `range` (a line's bytes without its line feed) ends with a line feed:
        /// every line but a last one that has none.
        func hasLineFeed(after range: Range<Int>) -> Bool { range.upperBound < bytes.count }

        /// Whether two lines are the same: the same bytes, each with a line feed or each without.
        func same(_ range: Range<Int>, as other: Text, _ otherRange: Range<Int>) -> Bool {
            range.count == otherRange.count && hasLineFeed(after: range) == other.hasLineFeed(after: otherRange)
                && (range.isEmpty || memcmp(bytes.baseAddress! + range.lowerBound, other.bytes.baseAddress! + otherRange.lowerBound, range.count) == 0)
        }

        /// The bytes of `range` as text (invalid UTF-8 shown as U+FFFD, as in the whole text).
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
    }

    /// The lines of part of a text: where each starts (relative to the part) and a hash of each,
    /// `bytesPerLine` a line.
    struct LineIndex {
        let text: Text
        let base: Int
        /// `count + 1` starts: line i is `starts[i] ..< starts[i + 1] - 1` (a last line without a
        /// line feed is given one past the end).
        private var starts: [UInt32]
        private var hashes: [UInt32]
        init(_ text: Text, _ range: Range<Int>, lines: Int) {
            self.text = text
            base = range.lowerBound
            starts = []
            starts.reserveCapacity(lines + 1)
            hashes = []
            hashes.reserveCapacity(lines)
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(text.lineEnd(from: start), range.upperBound)
                starts.append(UInt32(start - base))
                hashes.append(Self.hash(text.bytes.baseAddress! + start, end - start))
                start = end + 1
            }
            starts.append(UInt32(start - base))
        }

        var count: Int { hashes.count }

        func range(_ line: Int) -> Range<Int> {
            (base + Int(starts[line]))..<(base + Int(starts[line + 1]) - 1)
        }

        func text(_ line: Int) -> String { text.text(range(line)) }

        /// Whether line `i` equals `other`'s line `j`, and the steps beyond one that telling took.
        @inline(__always)
        func same(_ i: Int, as other: LineIndex, _ j: Int) -> (Bool, Int) {
            guard hashes[i] == other.hashes[j] else { return (false, 0) }
            let mine = range(i), theirs = other.range(j)
            return (text.same(mine, as: other.text, theirs), mine.count / 16)
        }

        /// A hash of a line's bytes, eight at a time.
        static func hash(_ start: UnsafePointer<UInt8>, _ count: Int) -> UInt32 {
            let raw = UnsafeRawPointer(start)
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
            var offset = 0
            while offset + 8 <= count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(start[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            hash ^= hash >> 29
            return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
        }
    }

    /// The old text's lines a hunk prints, by their number in the whole text: those between the
    /// first and last difference from the index, the few of context around them walked to.
    struct LinePrinter {
        let text: Text
        let index: LineIndex
        let prefix: Int
        /// Where the equal lines before the middle start, nearest first, and after it, in order.
        private var before: [Int] = []
        private var after: [Int] = []

        init(text: Text, index: LineIndex, prefix: Int, middleStart: Int, middleStop: Int, context: Int) {
            self.text = text
            self.index = index
            self.prefix = prefix
            var start = middleStart
            while before.count < min(context, prefix) {
                start = text.lastLine(in: 0..<start).lowerBound
                before.append(start)
            }
            start = middleStop
            while after.count < context, start < text.count {
                after.append(start)
                start = text.lineEnd(from: start) + 1
            }
        }

        /// The bytes of old line `number`, without its line feed.
        func range(_ number: Int) -> Range<Int> {
            let start: Int
            if number < prefix {
                start = before[prefix - 1 - number]
            } else if number - prefix < index.count {
                return index.range(number - prefix)
            } else {
                start = after[number - prefix - index.count]
            }
            return start..<text.lineEnd(from: start)
        }
    }
}
