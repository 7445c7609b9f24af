/// A deterministic slice of a corpus: shard K of N takes every capture whose position in the sorted
/// list is K-1 modulo N. Every capture lands in exactly one shard, and round-robin keeps the shards'
/// sizes within one of each other whatever the folder structure.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based, as CI matrices count.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) throws(VerifyError) {
        guard count >= 1, index >= 1, index <= count else {
            throw VerifyError(file: "--shard", problem: "expected K/N with 1 <= K <= N, found \(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init(parsing text: String) throws(VerifyError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw VerifyError(file: "--shard", problem: "expected K/N such as 2/4, found \"\(text)\"")
        }
        try self.init(index: k, count: n)
    }

    /// The whole corpus.
    public static let all = try! Shard(index: 1, count: 1)

    /// This shard's part of `items`, in their order.
    public func slice<Element>(_ items: [Element]) -> [Element] {
        items.indices.filter { $0 % count == index - 1 }.map { items[$0] }
    }

    public var description: String { "\(index)/\(count)" }
}
