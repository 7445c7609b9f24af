import Testing
@testable import Replay

@Suite("Shards")
struct ShardTests {
    @Test("The shards K/4 of a list cover every element exactly once", arguments: [0, 1, 3, 4, 31])
    func shardsPartition(count: Int) throws {
        let items = Array(0..<count)
        var seen: [Int] = []
        for k in 1...4 { seen += try Shard(index: k, count: 4).slice(items) }
        #expect(seen.sorted() == items)
    }

    @Test("Shard sizes differ by at most one")
    func balanced() throws {
        let sizes = try (1...4).map { try Shard(index: $0, count: 4).slice(Array(0..<31)).count }
        #expect(sizes.max()! - sizes.min()! <= 1)
    }

    @Test("K/N is parsed and nonsense is refused", arguments: ["0/4", "5/4", "2", "a/b", "1/0"])
    func refusesNonsense(text: String) {
        #expect(throws: VerifyError.self) { try Shard(parsing: text) }
    }

    @Test("2/4 parses to shard 2 of 4")
    func parses() throws {
        #expect(try Shard(parsing: "2/4") == Shard(index: 2, count: 4))
    }
}
