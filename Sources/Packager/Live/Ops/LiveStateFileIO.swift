import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads of a channel's state files (the state file and its journal), and the
/// directory fsync that makes a rename of one of them survive a power cut.
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

    /// fsyncs `directory`; without it a rename done in it may be lost on power failure, leaving
    /// the old version. Failures are `saveFailed` naming `file`.
    static func syncDirectory(_ directory: String, for file: String) throws {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LiveStateError.saveFailed(path: file, reason: "open of the directory for fsync failed (errno \(errno))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw LiveStateError.saveFailed(path: file, reason: "fsync of the directory failed (errno \(errno))")
        }
    }
}
