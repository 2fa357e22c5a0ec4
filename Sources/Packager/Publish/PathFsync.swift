#if canImport(Glibc)
import Glibc
#endif

/// The fsync of a file or directory by path, through a descriptor opened for it: what both the
/// live directory sink (`AtomicFileSink.syncPublished`) and a staged vod tree
/// (`StagedTreeSync`) do, each mapping the outcome to its own errors.
enum PathFsync {
    enum Outcome: Equatable {
        case synced
        /// The path is gone (ENOENT at open).
        case missing
        /// The file system cannot fsync it (EINVAL: some FUSE and network mounts). It keeps
        /// nothing more on the disk for the call; failing for it would fail every save there.
        case unsupported
        /// `operation` ("open" or "fsync") failed with `errno`.
        case failed(operation: String, errno: Int32)
    }

    /// `fsync`: the call on the descriptor (tests fail it as a disk would).
    static func run(_ path: String, directory: Bool, fsync: (Int32) -> Int32) -> Outcome {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (directory ? O_DIRECTORY : 0))
        guard descriptor >= 0 else {
            let code = errno
            return code == ENOENT ? .missing : .failed(operation: "open", errno: code)
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            let code = errno
            return code == EINVAL ? .unsupported : .failed(operation: "fsync", errno: code)
        }
        return .synced
    }
}
