import Foundation

/// Datagrams a `LiveUDPInput` reader thread received and the channel has not read yet: the
/// buffer that lets the channel's thread stop for a slow fsync without the kernel dropping the
/// feed. Unlike libavformat's UDP FIFO (a ring of fixed size, every page of which becomes
/// resident once the ring has gone round), it holds only what is waiting, in blocks freed as
/// they are read.
final class UDPBacklog: @unchecked Sendable {
    private let condition = NSCondition()
    private var blocks: [[UInt8]] = []
    private var headOffset = 0
    private var queued = 0
    private let limit: Int
    private var failure: Int32?
    private var closed = false
    private var dropped = 0
    private var signalled = 0
    /// When the oldest bytes still queued were pushed (seconds, a monotonic clock); nil while
    /// nothing is queued.
    private var oldestPushed: Double?
    /// Blocks read to their end, kept for the reader's next ones. A new array grown datagram by
    /// datagram every cycle was about an eighth of a 4 Mb/s UDP channel's CPU at real time
    /// (perf): reallocations, and under `ServiceHeap`'s fixed thresholds an mmap or a trimmed
    /// heap top, so fresh pages faulting in, each time.
    private var spare: [[UInt8]] = []
    private static let spareLimit = 2
    /// A block's fixed capacity: the largest datagram fits an empty one, and it stays under
    /// `ServiceHeap.mmapThreshold`, so it comes from and returns to the heap.
    static let blockCapacity = 64 * 1024
    /// About the longest received bytes wait for the channel when less than a block is queued:
    /// the reader wakes it at the first push that finds the oldest queued bytes this old. Why: at
    /// real time a wake-up, not the bytes it brings, is most of what a channel costs, and the
    /// reader's cycle is as short as 10–17 ms where the socket's receive buffer is small
    /// (`UDPReadCycle`). The channel's work is unchanged, only later by about this much after the
    /// reader pushed it (with the reader's own cycle, about 0.2 s after the datagram arrived),
    /// against target durations of seconds.
    static let deliveryHold = 0.1
    /// How long the channel waits in `take` before it looks at its interrupt flag again: with
    /// nothing pushed, a shutdown or a stalled input is all it has to notice. Its wake-ups
    /// otherwise come from the reader, at the same pushes that bring the bytes, so the two
    /// threads are not woken at two unrelated rhythms (a 0.1 s timer here woke the channel ten
    /// times a second at 4 Mb/s, between the reader's own ten).
    static let idleWake = 0.5
    /// The reader thread has returned.
    private let finished = DispatchSemaphore(value: 0)

    init(limit: Int) { self.limit = limit }

    /// From the reader thread: a block of received datagrams, in arrival order, pushed `now`
    /// (seconds, a monotonic clock).
    func push(_ block: [UInt8], at now: Double = UDPBacklog.now()) {
        condition.withLock {
            guard !block.isEmpty else {
                if spare.count < Self.spareLimit { spare.append(block) }
                return
            }
            if queued + block.count > limit {
                dropped += block.count
                return
            }
            blocks.append(block)
            queued += block.count
            let oldest = oldestPushed ?? now
            oldestPushed = oldest
            // The channel is woken for a block's worth, or once the oldest queued bytes have
            // waited about `deliveryHold` (a tenth under it, so that a reader cycle of exactly
            // that length, late by a few microseconds or not, wakes it at every second push).
            if queued >= Self.blockCapacity || now - oldest >= Self.deliveryHold * 0.9 { wake() }
        }
    }

    /// From the reader thread when a whole poll brought nothing: what is queued goes to the
    /// channel now, not at a push that may not come.
    func flush() {
        condition.withLock { if queued > 0 { wake() } }
    }

    /// Under the lock.
    private func wake() {
        condition.signal()
        signalled += 1
    }

    /// The monotonic clock `push` is stamped with, in seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// From the reader thread: an empty block to fill (a spare one when there is one).
    func emptyBlock() -> [UInt8] {
        if let block = condition.withLock({ spare.popLast() }) { return block }
        var block: [UInt8] = []
        block.reserveCapacity(Self.blockCapacity)
        return block
    }

    /// From the reader thread: the socket failed (errno); the next read reports it.
    func fail(_ code: Int32) {
        condition.withLock {
            failure = code
            condition.signal()
        }
    }

    /// The input is being closed: the reader thread stops.
    func close() { condition.withLock { closed = true } }

    var isClosed: Bool { condition.withLock { closed } }

    /// Bytes dropped because `limit` bytes were already waiting.
    var droppedBytes: Int { condition.withLock { dropped } }

    /// Times the reader woke the channel (a block's worth, bytes held `deliveryHold`, a flush).
    var wakeups: Int { condition.withLock { signalled } }

    /// From the reader thread, as it returns.
    func readerFinished() { finished.signal() }

    /// Waits (at most `timeout` seconds) for the reader thread to return.
    func waitForReader(timeout: Double) { _ = finished.wait(timeout: .now() + timeout) }

    enum Wait {
        case bytes(Int)
        case failed(Int32)
        case timedOut
    }

    /// Copies what is waiting into `buffer`, waiting up to `timeout` seconds for some (woken
    /// early by the reader's wake-up or a failure).
    func take(into buffer: UnsafeMutableRawBufferPointer, timeout: Double) -> Wait {
        condition.withLock {
            if queued == 0, failure == nil { _ = condition.wait(until: Date().addingTimeInterval(timeout)) }
            if queued == 0 { return failure.map(Wait.failed) ?? .timedOut }
            var n = 0
            // blocks[0] is read in place (no copy of the array to hold a second reference), so the
            // block removed at its end is uniquely referenced and keeps its memory for the reader.
            while n < buffer.count, !blocks.isEmpty {
                let count = min(buffer.count - n, blocks[0].count - headOffset)
                blocks[0].withUnsafeBytes { bytes in
                    if let from = bytes.baseAddress, let to = buffer.baseAddress { (to + n).copyMemory(from: from + headOffset, byteCount: count) }
                }
                n += count
                headOffset += count
                if headOffset == blocks[0].count {
                    var done = blocks.removeFirst()
                    headOffset = 0
                    if spare.count < Self.spareLimit {
                        done.removeAll(keepingCapacity: true)
                        spare.append(done)
                    }
                }
            }
            queued -= n
            if queued == 0 { oldestPushed = nil }
            return .bytes(n)
        }
    }
}
