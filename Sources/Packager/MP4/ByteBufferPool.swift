import Foundation

/// Sample buffers shared by every fMP4 output of the process: a buffer is needed only while a
/// fragment is open, so a VOD title with fifty ad assets (fifty muxers, each outliving its
/// fragments) or fifty live channels in one process holds as many buffers as fragments are open
/// at once, each grown once to a segment's size and reused, not one per output.
final class ByteBufferPool: @unchecked Sendable {
    static let shared = ByteBufferPool()

    private let lock = NSLock()
    private var idle: [ByteBuffer] = []
    /// Idle buffers kept beyond this are freed.
    private let keep = 16

    func take() -> ByteBuffer {
        lock.lock()
        defer { lock.unlock() }
        return idle.popLast() ?? ByteBuffer(capacity: 256 * 1024)
    }

    func give(_ buffer: ByteBuffer) {
        buffer.removeAll()
        lock.lock()
        defer { lock.unlock() }
        if idle.count < keep { idle.append(buffer) }
    }
}
