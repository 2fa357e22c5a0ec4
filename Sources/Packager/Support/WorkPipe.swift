import Foundation

/// A bounded FIFO between two threads: `push` waits while it is full, `pop` waits while it is
/// empty and returns nil once the producer has closed it and everything has been taken.
final class WorkPipe<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var closed = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    func push(_ item: Item) {
        condition.lock()
        while items.count - head >= capacity, !closed { condition.wait() }
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    func pop() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count, !closed { condition.wait() }
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head > 1024, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.signal()
        return item
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
