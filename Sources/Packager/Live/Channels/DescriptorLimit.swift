import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's limit on open file descriptors. A channel keeps a few open while it runs (its
/// input, its segment's spool, its state journal), so 400 channels in one process need more
/// than the 1,024 a systemd service (or a login shell) gets as its soft limit; the hard limit
/// is normally far higher (systemd: 524,288), and raising the soft one to it is what a server
/// with many connections does (nginx's `worker_rlimit_nofile`; Go's runtime does it at start).
enum DescriptorLimit {
    /// Raises the soft limit to the hard one; returns the soft limit in force afterwards (nil:
    /// it could not be read).
    @discardableResult
    static func raiseToHard() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return UInt64(raised.rlim_cur) }
        }
        return UInt64(limit.rlim_cur)
    }
}
