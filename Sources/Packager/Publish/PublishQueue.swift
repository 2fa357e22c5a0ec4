/// The ordered, bounded backlog of a background publisher.
///
/// Order is the caller's order, with one exception: a newer version of a playlist drops
/// the queued older one and joins at the back. Moving it back (rather than replacing the
/// old one in place) matters: the newer version may name segments queued after the older
/// one, and those must land first.
struct PublishQueue: Sendable {
    let maxItems: Int
    let maxBytes: Int
    private(set) var items: [PublishItem] = []
    private(set) var bytes: Int = 0

    init(maxItems: Int, maxBytes: Int) {
        self.maxItems = max(1, maxItems)
        self.maxBytes = max(0, maxBytes)
    }

    var count: Int { items.count }
    var first: PublishItem? { items.first }
    var isEmpty: Bool { items.isEmpty }

    /// Whether `enqueue(item)` would take it now.
    func fits(_ item: PublishItem) -> Bool {
        let replaced = item.isPlaylistPut ? items.firstIndex { $0.isPlaylistPut && $0.name == item.name } : nil
        let countAfter = items.count + (replaced == nil ? 1 : 0)
        let bytesAfter = bytes - (replaced.map { items[$0].payloadBytes } ?? 0) + item.payloadBytes
        return countAfter <= maxItems && (bytesAfter <= maxBytes || countAfter == 1)
    }

    /// Appends `item`; returns the queued item it superseded, if any.
    /// Throws `queueFull` (leaving the queue untouched) when the item does not fit.
    mutating func enqueue(_ item: PublishItem) throws -> PublishItem? {
        let replacedIndex = item.isPlaylistPut
            ? items.firstIndex { $0.isPlaylistPut && $0.name == item.name }
            : nil
        let replacedBytes = replacedIndex.map { items[$0].payloadBytes } ?? 0
        let countAfter = items.count + (replacedIndex == nil ? 1 : 0)
        let bytesAfter = bytes - replacedBytes + item.payloadBytes
        let fitsBytes = bytesAfter <= maxBytes || countAfter == 1
        guard countAfter <= maxItems, fitsBytes else {
            throw HTTPSinkError.queueFull(
                name: item.name.path, depth: items.count, bytes: bytes, maxItems: maxItems, maxBytes: maxBytes)
        }
        var replaced: PublishItem?
        if let index = replacedIndex { replaced = items.remove(at: index) }
        items.append(item)
        bytes = bytesAfter
        return replaced
    }

    mutating func popFirst() -> PublishItem? {
        guard !items.isEmpty else { return nil }
        let first = items.removeFirst()
        bytes -= first.payloadBytes
        return first
    }

    mutating func removeAll() -> [PublishItem] {
        let dropped = items
        items = []
        bytes = 0
        return dropped
    }
}
