import Foundation

/// One output segment or file, written with large write()s from a reused buffer, or by
/// copy_file_range from the input file for stretches that pass through unchanged (no copy
/// through the process). Live writes into a sink's spool (published by renaming it), or into
/// memory where the sink makes no spools (an HTTP origin).
final class TSOutputFile {
    private enum Backing {
        case file(Int32)
        case spool(SegmentSpool)
        case memory
    }

    let path: String
    private let backing: Backing
    private(set) var offset: Int64 = 0
    private var copyFileRangeWorks = true
    /// Writes before the last should be whole multiples of this (a spool written with O_DIRECT,
    /// `SegmentSpool.beginDirectWrites`, from a buffer aligned to it); 1: any size.
    let writeAlignment: Int
    /// The bytes written, for the memory backing.
    private(set) var bytes = Data()

    init(path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TSEngineError.open(path: path, errno: errno) }
        self.path = path
        backing = .file(fd)
        writeAlignment = 1
    }

    /// Writes into `spool`; a failed write is kept by the spool and reported when it is published.
    init(spool: SegmentSpool) {
        path = spool.path
        backing = .spool(spool)
        copyFileRangeWorks = false
        writeAlignment = spool.beginDirectWrites() ?? 1
    }

    /// Collects the bytes in memory (`bytes`); `label` names it in errors.
    init(memoryLabel label: String) {
        path = label
        backing = .memory
        copyFileRangeWorks = false
        writeAlignment = 1
    }

    deinit { if case .file(let fd) = backing { close(fd) } }

    var isMemory: Bool {
        if case .memory = backing { return true }
        return false
    }

    var spool: SegmentSpool? {
        if case .spool(let spool) = backing { return spool }
        return nil
    }

    /// Removes what was written: the file, or the spool.
    func remove() {
        switch backing {
        case .file: unlink(path)
        case .spool(let spool): spool.discard()
        case .memory: bytes = Data()
        }
    }

    func write(_ p: UnsafeRawPointer, count: Int) throws {
        switch backing {
        case .file(let fd): try write(fd, p, count: count)
        case .spool(let spool):
            spool.write(UnsafeRawBufferPointer(start: p, count: count))
            offset += Int64(count)
        case .memory:
            bytes.append(p.assumingMemoryBound(to: UInt8.self), count: count)
            offset += Int64(count)
        }
    }

    func write(_ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress, bytes.count > 0 { try write(base, count: bytes.count) }
        }
    }

    private func write(_ fd: Int32, _ p: UnsafeRawPointer, count: Int) throws {
        var done = 0
        while done < count {
            let n = Foundation.write(fd, p + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw TSEngineError.write(path: path, offset: offset, errno: errno)
            }
            done += n
            offset += Int64(n)
        }
    }

    /// Whether `copy(from:at:count:)` may copy inside the kernel (a file, not a spool or memory).
    var copiesRanges: Bool {
        guard copyFileRangeWorks, case .file = backing else { return false }
        return true
    }

    /// Copies `count` bytes at `from` of `input` into the file inside the kernel; returns false
    /// (nothing written) where the kernel cannot, so the caller writes them itself.
    func copy(from input: Int32, at from: Int64, count: Int) throws -> Bool {
        guard copyFileRangeWorks, case .file(let fd) = backing else { return false }
        var src = off_t(from)
        var left = count
        while left > 0 {
            // nil output offset: the kernel writes at, and advances, the file position that
            // write() uses too.
            guard let copyFileRange = LinuxFileCalls.copyFileRange else { copyFileRangeWorks = false; return false }
            let n = copyFileRange(input, &src, fd, nil, left, 0)
            if n < 0, errno == EINTR { continue }
            if n < 0, left == count, [EXDEV, ENOSYS, EINVAL, EOPNOTSUPP].contains(errno) {
                copyFileRangeWorks = false
                return false
            }
            guard n > 0 else { throw TSEngineError.write(path: path, offset: offset, errno: n < 0 ? errno : EIO) }
            left -= n
            offset += Int64(n)
        }
        return true
    }
}
