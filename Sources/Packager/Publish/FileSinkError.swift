import Foundation

/// A file sink operation that failed, with the path, the system call and errno's text.
public enum FileSinkError: Error, CustomStringConvertible, Equatable, Sendable {
    case invalidName(PublishNameError)
    /// `operation` (open, write, fsync, rename, mkdir, unlink…) on `path` failed with `errno`.
    case system(operation: String, path: String, name: String, errno: Int32)
    /// The directory `name` was renamed into or removed from could not be opened or fsynced: the
    /// change is made, but may not survive a power cut.
    case unsynced(directory: String, name: String, errno: Int32)
    /// A staged output tree could not be written or swapped in.
    case output(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidName(let error):
            return error.description
        case .system(let operation, let path, let name, let code):
            let text = String(cString: strerror(code))
            return "cannot publish '\(name)': \(operation) '\(path)' failed: \(text) (errno \(code));"
                + " the previously published version, if any, is unchanged"
        case .unsynced(let directory, let name, let code):
            let text = String(cString: strerror(code))
            return "cannot make the change to '\(name)' survive a power cut: fsync of its directory '\(directory)' failed: \(text)"
                + " (errno \(code)); the change is made (the file put or removed), but a power cut may undo it"
        case .output(let path, let reason):
            return "cannot write output '\(path)': \(reason)"
        }
    }
}
