/// `--shard INDEX/COUNT`: title number k (its position among the title lines of JOBS, from 0)
/// belongs to shard k mod COUNT. Every title is in exactly one shard, shards differ in size by
/// at most one, and appending titles to JOBS never moves an existing title to another shard
/// (inserting or deleting lines in the middle does: append to a growing catalogue).
public struct BatchShard: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public static let whole = BatchShard(uncheckedIndex: 0, count: 1)

    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 0, index < count else {
            throw BatchError.badShard(text)
        }
        self.init(uncheckedIndex: index, count: count)
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public func contains(titleIndex: Int) -> Bool { titleIndex % count == index }

    public func select(_ entries: [BatchEntry]) -> [BatchEntry] { entries.filter { contains(titleIndex: $0.index) } }

    public var description: String { "\(index)/\(count)" }
}
