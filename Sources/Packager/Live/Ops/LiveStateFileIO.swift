import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads of a channel's state files (the state file and its journal).
enum LiveStateFileIO {
    /// The whole file, or nil when it does not exist.
    static func read(_ path: String) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw LiveStateError.unreadable(path: path, errno: code)
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw LiveStateError.unreadable(path: path, errno: errno)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}
