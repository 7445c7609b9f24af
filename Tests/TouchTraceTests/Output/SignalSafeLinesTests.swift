import Testing
import TouchTrace

/// The table a signal handler reads: lines claimed one per thread, set without allocating, read
/// back as the handler reads them.
@Suite("Signal-safe lines")
struct SignalSafeLinesTests {
    private func lines(_ table: SignalSafeLines) -> [String] {
        var found: [String] = []
        table.forEachLine { start, length in found.append(String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)) }
        return found
    }

    @Test("Each claim takes a free line until none is left, and a released line is claimed again")
    func claims() {
        let table = SignalSafeLines(count: 3, lineLimit: 8)
        #expect([table.claim(), table.claim(), table.claim(), table.claim()] == [0, 1, 2, nil])
        table.release(1)
        #expect(table.claim() == 1)
    }

    @Test("The handler reads the lines that hold text, each NUL-terminated; a cleared or released line is not read")
    func readBack() {
        let table = SignalSafeLines(count: 3, lineLimit: 16)
        table.set(0, "/tmp/a.partial")
        table.set(2, "b")
        #expect(lines(table) == ["/tmp/a.partial", "b"])
        var terminated = false
        table.forEachLine { start, length in if length == 1 { terminated = start[1] == 0 } }
        #expect(terminated)
        table.clear(0)
        #expect(lines(table) == ["b"])
    }

    @Test("A text longer than a line is cut to it, or refused whole and the line left empty")
    func longText() {
        let table = SignalSafeLines(count: 1, lineLimit: 5)
        #expect(table.set(0, "abcdefgh"))
        #expect(lines(table) == ["abcd"])
        #expect(!table.set(0, "abcdefgh", whole: true))
        #expect(lines(table) == [])
    }
}
