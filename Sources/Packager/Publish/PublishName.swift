/// A validated relative publish path: it cannot climb out of the sink's root.
public struct PublishName: Equatable, Sendable {
    public let path: String
    public let components: [String]

    public init(_ path: String) throws {
        guard !path.isEmpty else { throw PublishNameError(name: path, reason: "it is empty") }
        guard !path.hasPrefix("/") else {
            throw PublishNameError(name: path, reason: "it is absolute; names are relative to the sink root")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part.isEmpty { throw PublishNameError(name: path, reason: "it has an empty path component") }
            if part == "." || part == ".." {
                throw PublishNameError(name: path, reason: "it contains '\(part)', which could leave the sink root")
            }
            if part.contains("\0") { throw PublishNameError(name: path, reason: "it contains a NUL byte") }
        }
        self.path = path
        self.components = parts
    }

    /// The last component, e.g. "seg_00042.ts".
    public var fileName: String { components.last ?? path }

    /// The lowercased extension of the last component, or "" when there is none.
    public var fileExtension: String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return "" }
        return String(fileName[fileName.index(after: dot)...]).lowercased()
    }
}

/// A publish name that would be unsafe or meaningless at the destination.
public struct PublishNameError: Error, CustomStringConvertible, Equatable, Sendable {
    public let name: String
    public let reason: String

    public var description: String { "cannot publish '\(name)': \(reason)" }
}
