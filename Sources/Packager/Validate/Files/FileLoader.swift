import Foundation

/// Reads files for the validator; the only place that touches the file system.
enum FileLoader {
    static func bytes(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ValidateError.unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw ValidateError.unreadable(path: path, reason: "is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidateError.unreadable(path: path, reason: "permission denied or read error")
        }
        return [UInt8](data)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// The playlists to check in a directory: master.m3u8 when present, else every *.m3u8.
    static func rootPlaylists(inDirectory directory: String) throws -> [String] {
        let master = URIResolver.join(directory, "master.m3u8")
        if exists(master) { return [master] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ValidateError.unreadable(path: directory, reason: "cannot list directory")
        }
        let playlists = names.filter { $0.hasSuffix(".m3u8") }.sorted().map { URIResolver.join(directory, $0) }
        guard !playlists.isEmpty else { throw ValidateError.noPlaylists(directory: directory) }
        return playlists
    }
}
