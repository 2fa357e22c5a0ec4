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
    /// The first write (or mid-segment fdatasync) that failed: the call, its errno, and the
    /// offset it was writing at (where the unsynced bytes began).
    private(set) var failure: (operation: String, errno: Int32, offset: Int)?
    /// With `PublishDurability.power`, the spool is fdatasynced every this many bytes, so the
    /// fsync before its rename waits for the last piece only (see `syncIfDue`).
    private var syncEvery: Int?
    private var unsyncedFrom = 0
    /// Whether bytes were written since the last fdatasync (a seek back and a write count too).
    private var hasUnsyncedWrites = false

    init(path: String, descriptor: Int32, syncEvery: Int?) {
        self.path = path
        self.descriptor = descriptor
        self.syncEvery = syncEvery
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
        hasUnsyncedWrites = true
        var done = 0
        if writesDirect {
            done = writeDirect(base, count: bytes.count)
            guard failure == nil else { return }
            if done < bytes.count { endDirectWrites() }
        }
        if done < bytes.count, !put(base + done, count: bytes.count - done, at: position + done) { return }
        syncIfDue(through: position + bytes.count)
    }

    /// pwrite of all `count` bytes; false after a failure, kept in `failure` unless it was a
    /// direct write the file system refused (EINVAL), which the caller writes again buffered.
    private func put(_ base: UnsafeRawPointer, count: Int, at offset: Int) -> Bool {
        var done = 0
        while done < count {
            let n = pwrite(descriptor, base + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EINVAL && writesDirect && done == 0 { return false }
                failure = ("write", errno, offset + done)
                return false
            }
            done += n
        }
        return true
    }

    // MARK: direct writes

    /// Writes the whole blocks at the start of `count` bytes at `base` with O_DIRECT, when the
    /// position and the memory are block-aligned; returns how many bytes went (0: none could,
    /// or the file system refused them, and the caller writes them buffered).
    private func writeDirect(_ base: UnsafeRawPointer, count: Int) -> Int {
        let block = Self.directBlock
        guard position % block == 0, Int(bitPattern: base) % block == 0 else { return 0 }
        let whole = count - count % block
        guard whole > 0, put(base, count: whole, at: position) else { return 0 }
        directBytes += whole
        return whole
    }

    /// The fsync before the rename must put the whole segment on stable storage: the pages of
    /// buffered writes, and the disk's volatile cache, where direct writes (and write-back) only
    /// got to. On this project's machine that took 0.5 ms plus about 2 ms per MiB written since
    /// the last flush, 5–7 ms for a 3 MB segment (buffered with write-back started as it went,
    /// or direct): most of the segment → playlist latency. An fdatasync every
    /// `syncEvery` bytes does it while the segment is still being muxed (the muxer waits for
    /// each; a UDP input is read on its own thread) and leaves the publish's fsync the last
    /// piece. Measured here: docs/performance.md, "The spool's fsync".
    private func syncIfDue(through end: Int) {
        guard let every = syncEvery, end - unsyncedFrom >= every else { return }
        sync(through: end)
    }

    private func sync(through end: Int) {
        if syncData(descriptor) != 0 { failure = ("fdatasync", errno, unsyncedFrom) }
        unsyncedFrom = end
        hasUnsyncedWrites = false
    }

    /// fdatasyncs what was written since the last fdatasync, if the spool syncs at all: the
    /// writer reached a point after which the segment's end is near (an fMP4 fragment closed
    /// early), and what came before must not wait for that end. A failure is kept, as a write's.
    func syncAtBoundary() {
        guard syncEvery != nil, hasUnsyncedWrites, failure == nil, descriptor >= 0 else { return }
        sync(through: size)
    }

    /// From here on, syncs every `bytes` (if the spool syncs at all and did so less often): the
    /// last stretch of a segment, whose end is near, goes to the disk in smaller pieces.
    func syncSooner(every bytes: Int) {
        if let every = syncEvery { syncEvery = min(every, bytes) }
    }

    /// fdatasyncs what was written since the last fdatasync, if anything was (the sink's sync
    /// before the rename: when the last write was followed by `syncIfDue`'s, there is nothing
    /// left); the errno when that failed.
    func syncWrites() -> Int32? {
        guard hasUnsyncedWrites, descriptor >= 0 else { return nil }
        guard syncData(descriptor) == 0 else { return errno }
        hasUnsyncedWrites = false
        unsyncedFrom = size
        return nil
    }

    /// The fdatasync of the spool's descriptor; tests count it, or make it fail as a disk would.
    var syncData: (Int32) -> Int32 = { fdatasync($0) }

    /// A direct write starts at a multiple of this, from memory aligned to it, and is a
    /// multiple of it long: 4 KiB, a multiple of nearly every disk's logical block size (a disk
    /// with larger blocks refuses the write with EINVAL, and the spool goes on buffered).
    static let directBlock = 4096
    private var writesDirect = false
    /// Bytes that went in by direct writes.
    private(set) var directBytes = 0

    /// A spool that is fsynced before its rename (`PublishDurability.power`) goes to the disk
    /// anyway; written with O_DIRECT, whole blocks go there from the writer's own buffer, with
    /// no copy into the page cache and no write-back pass over it: about half the kernel's CPU
    /// for writing them on this project's machine (600 MB as 3 MB files: buffered writes with
    /// sync_file_range and fsync 235–241 ms, O_DIRECT in 256 KiB writes 119–141 ms).
    /// The cost moves to a reader: the published file is not in the page cache.
    ///
    /// Returns the block size the writer should hand over whole blocks of, or nil (the spool is
    /// not synced, or its file system refuses O_DIRECT, as tmpfs may): writes are then buffered.
    /// Any write that is not whole aligned blocks ends direct writing for the rest of the spool.
    func beginDirectWrites() -> Int? {
        guard syncEvery != nil, descriptor >= 0, failure == nil, position % Self.directBlock == 0,
              LinuxFileCalls.directIO != 0 else { return nil }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | LinuxFileCalls.directIO) == 0 else { return nil }
        writesDirect = true
        return Self.directBlock
    }

    /// Back to buffered writes, for the rest of the spool.
    private func endDirectWrites() {
        writesDirect = false
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~LinuxFileCalls.directIO) }
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

    /// Spool files are named `.spool-<pid>-<n>` in a sink's root or in a directory of it: the
    /// prefix a restart looks for.
    static let namePrefix = ".spool-"

    /// Removes spools left by processes that are gone (a crash or SIGKILL mid-segment) from
    /// `directory` and the directories in it (the renditions', where spools are made; an older
    /// version made them in the root); a spool of a live process (another channel writing to
    /// the same directory) is left alone.
    static func removeStale(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            let path = directory + "/" + name
            if name.hasPrefix(namePrefix) {
                removeIfStale(path, name: name)
            } else if !name.hasPrefix("."), let inner = try? FileManager.default.contentsOfDirectory(atPath: path) {
                for spool in inner where spool.hasPrefix(namePrefix) { removeIfStale(path + "/" + spool, name: spool) }
            }
        }
    }

    private static func removeIfStale(_ path: String, name: String) {
        let pid = name.dropFirst(namePrefix.count).prefix { $0 != "-" }
        guard let number = Int32(pid), number != getpid(), kill(number, 0) != 0, errno == ESRCH else { return }
        unlink(path)
    }
}
