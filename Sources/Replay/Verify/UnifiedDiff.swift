/// A unified diff (`diff -u` style, three lines of context) between two texts, line by line,
/// computed with Myers' O(ND) algorithm so that small changes in long logs stay cheap.
public enum UnifiedDiff {
    /// Edits beyond this count are not worth showing line by line; the diff says so instead. It
    /// also bounds the search's memory (about 16 bytes × maximumEdits² at worst).
    static let maximumEdits = 1000

    /// The diff from `old` to `new` with `---`/`+++` headers, or `nil` when they are equal.
    public static func make(old: [Substring], new: [Substring], oldName: String, newName: String, context: Int = 3) -> String? {
        if old == new { return nil }
        var text = "--- \(oldName)\n+++ \(newName)\n"
        // Logs of long captures differ locally: search only between the common prefix and suffix.
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        guard let middle = editScript(Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)])) else {
            text += "@@ -\(prefix + 1) +\(prefix + 1) @@ more than \(maximumEdits) lines differ from here; showing none\n"
            return text
        }
        let script = (0..<prefix).map { Edit.keep($0, $0) }
            + middle.map { $0.shifted(by: prefix) }
            + (0..<suffix).map { Edit.keep(old.count - suffix + $0, new.count - suffix + $0) }
        for hunk in hunks(script, context: context) {
            text += hunkHeader(hunk, script: script)
            for edit in script[hunk] {
                switch edit {
                case .keep(let oldIndex, _): text += " " + old[oldIndex] + "\n"
                case .delete(let oldIndex): text += "-" + old[oldIndex] + "\n"
                case .insert(let newIndex): text += "+" + new[newIndex] + "\n"
                }
            }
        }
        return text
    }

    /// Splits text into lines without their terminators; a final newline does not add an empty line.
    /// Lines end at every LF byte: a CR before it (a golden checked out with CRLF endings) stays
    /// with its line, where splitting on `Character`s would not split at all, `"\r\n"` being one.
    public static func lines(_ text: String) -> [Substring] {
        var result = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        if result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    enum Edit: Equatable {
        case keep(Int, Int)
        case delete(Int)
        case insert(Int)

        func shifted(by offset: Int) -> Edit {
            switch self {
            case .keep(let a, let b): .keep(a + offset, b + offset)
            case .delete(let a): .delete(a + offset)
            case .insert(let b): .insert(b + offset)
            }
        }
    }

    /// The shortest edit script, or `nil` when it would exceed `maximumEdits`.
    static func editScript(_ a: [Substring], _ b: [Substring]) -> [Edit]? {
        let n = a.count, m = b.count
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...limit {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { found = true; break search }
            }
        }
        guard found else { return nil }
        // Walk back through the saved frontiers to recover the path.
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY { x -= 1; y -= 1; edits.append(.keep(x, y)) }
            if d > 0 {
                if x == previousX { y -= 1; edits.append(.insert(y)) } else { x -= 1; edits.append(.delete(x)) }
            }
        }
        while x > 0, y > 0 { x -= 1; y -= 1; edits.append(.keep(x, y)) }
        return edits.reversed()
    }

    /// Ranges of the script to print: every change with up to `context` kept lines around it,
    /// merging changes whose contexts touch.
    static func hunks(_ script: [Edit], context: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for (index, edit) in script.enumerated() {
            if case .keep = edit { continue }
            let lower = max(0, index - context), upper = min(script.count, index + context + 1)
            if let last = ranges.last, last.upperBound >= lower {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                ranges.append(lower..<upper)
            }
        }
        return ranges
    }

    private static func hunkHeader(_ hunk: Range<Int>, script: [Edit]) -> String {
        // Line numbers where the hunk starts, found from the edits before it.
        var oldLine = 0, newLine = 0
        for edit in script[..<hunk.lowerBound] {
            switch edit {
            case .keep: oldLine += 1; newLine += 1
            case .delete: oldLine += 1
            case .insert: newLine += 1
            }
        }
        var oldCount = 0, newCount = 0
        for edit in script[hunk] {
            switch edit {
            case .keep: oldCount += 1; newCount += 1
            case .delete: oldCount += 1
            case .insert: newCount += 1
            }
        }
        func range(_ start: Int, _ count: Int) -> String {
            "\(count == 0 ? start : start + 1),\(count)"
        }
        return "@@ -\(range(oldLine, oldCount)) +\(range(newLine, newCount)) @@\n"
    }
}
