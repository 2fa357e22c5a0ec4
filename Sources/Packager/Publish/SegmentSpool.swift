import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A hidden file in a sink's directory that a segment is written into while it is muxed, and
/// that the sink which made it later renames to the segment's published name.
///
/// Live segments used to be collected in memory and written with one 3 MB `write()` once closed:
/// by then the bytes had left the CPU's caches, and that copy was 22 % of a live channel's CPU
/// (perf, 2026-12-02) and most of the segment→playlist latency. Written in small pieces while
/// still hot, a closed segment is one rename away from being published.
///
/// A write that fails is not reported to the muxer (that would end the input's session): the
/// first failure is kept, and publishing the spool reports it, so a full disk fails that one
/// segment exactly as a failed put of in-memory bytes does.
///
/// One owner at a time (the muxer, then the segment handed to the publisher's lock): hence
/// `@unchecked Sendable`.
public final class SegmentSpool: @unchecked Sendable {
    public let path: String
    private(set) var descriptor: Int32
    /// The file's size: the end of the furthest write.
    public private(set) var size = 0
    /// Where the next write goes (a muxer may seek back, as into its in-memory buffer).
    private var position = 0
    /// The first write that failed: (errno, the offset it was writing at).
    private(set) var failure: (errno: Int32, offset: Int)?
    /// With `PublishDurability.power` the kernel is asked to start writing the spool to disk
    /// every this many bytes, so the fsync before its rename waits for the last piece only.
    private let writebackEvery: Int?
    private var writebackFrom = 0

    init(path: String, descriptor: Int32, writebackEvery: Int?) {
        self.path = path
        self.descriptor = descriptor
        self.writebackEvery = writebackEvery
    }

    deinit { discard() }

    /// Writes `bytes` at the current position; after a failure, only moves on (the spool is
    /// lost anyway).
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        defer {
            position += bytes.count
            size = max(size, position)
        }
        guard failure == nil, descriptor >= 0 else { return }
        var done = 0
        while done < bytes.count {
            let n = pwrite(descriptor, base + done, bytes.count - done, off_t(position + done))
            if n < 0 {
                if errno == EINTR { continue }
                failure = (errno, position + done)
                return
            }
            done += n
        }
        let end = position + bytes.count
        if let every = writebackEvery, end - writebackFrom >= every, let sync = LinuxFileCalls.syncFileRange {
            _ = sync(descriptor, off_t(writebackFrom), off_t(end - writebackFrom), LinuxFileCalls.syncFileRangeWrite)
            writebackFrom = end
        }
    }

    /// Moves the write position (`whence` as lseek's); returns the new one, or -1.
    func seek(_ offset: Int, whence: Int32) -> Int {
        let target: Int
        switch whence {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = position + offset
        case SEEK_END: target = size + offset
        default: return -1
        }
        guard target >= 0 else { return -1 }
        position = target
        return target
    }

    /// Gives the open descriptor to the sink publishing the spool (which closes it).
    func takeDescriptor() -> Int32 {
        defer { descriptor = -1 }
        return descriptor
    }

    private var renamed = false

    /// The sink renamed the file to its published name: nothing is left to remove.
    func markPublished() { renamed = true }

    /// Closes and removes the file: a segment that is not published (or failed to be).
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if !renamed { unlink(path) }
        renamed = true
    }

    /// Spool files are named `.spool-<pid>-<n>` in a sink's root: the prefix a restart looks for.
    static let namePrefix = ".spool-"

    /// Removes spools left by processes that are gone (a crash or SIGKILL mid-segment); a spool
    /// of a live process (another channel writing to the same directory) is left alone.
    static func removeStale(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(namePrefix) {
            let pid = name.dropFirst(namePrefix.count).prefix { $0 != "-" }
            guard let number = Int32(pid), number != getpid(), kill(number, 0) != 0, errno == ESRCH else { continue }
            unlink(directory + "/" + name)
        }
    }
}
