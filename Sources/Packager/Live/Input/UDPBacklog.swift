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
    /// The reader thread has returned.
    private let finished = DispatchSemaphore(value: 0)

    init(limit: Int) { self.limit = limit }

    /// From the reader thread: a block of received datagrams, in arrival order.
    func push(_ block: [UInt8]) {
        condition.withLock {
            guard !block.isEmpty else { return }
            if queued + block.count > limit {
                dropped += block.count
                return
            }
            blocks.append(block)
            queued += block.count
            condition.signal()
        }
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

    /// From the reader thread, as it returns.
    func readerFinished() { finished.signal() }

    /// Waits (at most `timeout` seconds) for the reader thread to return.
    func waitForReader(timeout: Double) { _ = finished.wait(timeout: .now() + timeout) }

    enum Wait {
        case bytes(Int)
        case failed(Int32)
        case timedOut
    }

    /// Copies what is waiting into `buffer`, waiting up to `timeout` seconds for some.
    func take(into buffer: UnsafeMutableRawBufferPointer, timeout: Double) -> Wait {
        condition.withLock {
            if queued == 0, failure == nil { _ = condition.wait(until: Date().addingTimeInterval(timeout)) }
            if queued == 0 { return failure.map(Wait.failed) ?? .timedOut }
            var n = 0
            while n < buffer.count, let head = blocks.first {
                let count = min(buffer.count - n, head.count - headOffset)
                head.withUnsafeBytes { bytes in
                    if let from = bytes.baseAddress, let to = buffer.baseAddress { (to + n).copyMemory(from: from + headOffset, byteCount: count) }
                }
                n += count
                headOffset += count
                if headOffset == head.count {
                    blocks.removeFirst()
                    headOffset = 0
                }
            }
            queued -= n
            return .bytes(n)
        }
    }
}
