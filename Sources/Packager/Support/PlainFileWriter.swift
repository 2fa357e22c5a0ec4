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
        try data.withUnsafeBytes { raw in
            guard var p = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let n = Foundation.write(fd, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                p += n
                left -= n
            }
        }
    }
}
