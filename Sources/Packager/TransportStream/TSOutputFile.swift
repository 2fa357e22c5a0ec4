import Foundation

/// One output file, written with large write()s from a reused buffer, or by copy_file_range
/// from the input file for stretches that pass through unchanged (no copy through the process).
final class TSOutputFile {
    let path: String
    private let fd: Int32
    private(set) var offset: Int64 = 0
    private var copyFileRangeWorks = true

    init(path: String) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TSEngineError.open(path: path, errno: errno) }
        self.path = path
    }

    deinit { close(fd) }

    func write(_ p: UnsafeRawPointer, count: Int) throws {
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

    /// Copies `count` bytes at `from` of `input` into the file inside the kernel; returns false
    /// (nothing written) where the kernel cannot, so the caller writes them itself.
    func copy(from input: Int32, at from: Int64, count: Int) throws -> Bool {
        guard copyFileRangeWorks else { return false }
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
