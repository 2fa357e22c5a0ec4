import Foundation

/// Why a live state file could not be read or written. Each message names the file, says
/// what is wrong and what the operator can do; the caller decides whether to stop.
public enum LiveStateError: Error, CustomStringConvertible, Equatable, Sendable {
    case unreadable(path: String, errno: Int32)
    /// The bytes are not a complete, well-formed state file of the expected shape.
    case corrupt(path: String, reason: String)
    /// Written by a newer pkgctl; loading it would silently drop what this build doesn't know.
    case newerVersion(path: String, found: Int, supported: Int)
    /// Written by an older pkgctl whose layout this build no longer reads.
    case olderVersion(path: String, found: Int, supported: Int)
    case encodeFailed(path: String, reason: String)
    /// The previous file, if any, is still in place.
    case saveFailed(path: String, reason: String)
    case moveAsideFailed(path: String, errno: Int32)

    public var description: String {
        let reset = "start with --reset-state to begin a fresh timeline"
            + " (media sequence numbers restart; players see a discontinuity)"
        switch self {
        case .unreadable(let path, let code):
            return "cannot read live state file '\(path)': \(String(cString: strerror(code))) (errno \(code));"
                + " fix its permissions, or \(reset)"
        case .corrupt(let path, let reason):
            return "live state file '\(path)' is corrupt: \(reason); pkgctl will not guess the channel's"
                + " position from it — inspect it, or \(reset)"
        case .newerVersion(let path, let found, let supported):
            return "live state file '\(path)' has version \(found), newer than the \(supported) this pkgctl"
                + " understands; run the newer pkgctl that wrote it, or \(reset)"
        case .olderVersion(let path, let found, let supported):
            return "live state file '\(path)' has version \(found), older than the \(supported) this pkgctl"
                + " reads; \(reset)"
        case .encodeFailed(let path, let reason):
            return "cannot encode live state for '\(path)': \(reason)"
        case .saveFailed(let path, let reason):
            return "cannot save live state to '\(path)': \(reason); the previous state file is unchanged"
        case .moveAsideFailed(let path, let code):
            return "cannot move live state file '\(path)' aside: \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
