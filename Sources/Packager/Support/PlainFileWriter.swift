import Foundation

/// Writes a whole file with open/write/close and nothing else. Foundation's `Data.write(to:)`
/// fsyncs every file on Linux, which a VOD staging tree does not need (it is swapped in whole,
/// and a crash leaves only the staging directory behind); the sinks that must be durable
/// (AtomicFileSink, the state file) sync explicitly.
enum PlainFileWriter {
    static func write(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        if let code = writeAll(data, to: fd) { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    }

    /// Writes every byte of `data` to `descriptor` (retrying interrupted and short writes);
    /// returns the errno of a failed write, nil when all was written. Callers wrap the errno in
    /// their own error.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { raw -> Int32? in
            guard var p = raw.baseAddress else { return nil }
            var left = raw.count
            while left > 0 {
                let n = Foundation.write(descriptor, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                p += n
                left -= n
            }
            return nil
        }
    }
}
