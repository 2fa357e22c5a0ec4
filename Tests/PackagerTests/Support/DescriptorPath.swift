import Foundation

/// The path an open descriptor names, read from /proc: the fsync-recording tests note which
/// file or directory each fsync was of.
enum DescriptorPath {
    static func of(_ descriptor: Int32) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")) ?? "?"
    }
}
