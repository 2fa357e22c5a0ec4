import Foundation

/// Reads files for the validator and the timeline; the only place that touches the file
/// system for playlists and asset lists. A file above the size limit is refused before it
/// is read.
enum FileLoader {
    static func bytes(_ path: String, limit: Int64 = ReadLimits.defaultPlaylistBytes) throws -> [UInt8] {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw ValidateError.unreadable(path: path, reason: "no such file")
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw ValidateError.unreadable(path: path, reason: "is a directory")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        guard size <= limit else { throw ValidateError.tooLarge(path: path, bytes: size, limit: limit) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ValidateError.unreadable(path: path, reason: "permission denied or read error")
        }
        defer { try? handle.close() }
        // Read at most one byte past the limit: a file that grew since stat is still bounded.
        let data: Data
        do {
            data = try handle.read(upToCount: Int(limit) + 1) ?? Data()
        } catch {
            throw ValidateError.unreadable(path: path, reason: "read error")
        }
        guard Int64(data.count) <= limit else { throw ValidateError.tooLarge(path: path, bytes: Int64(data.count), limit: limit) }
        return [UInt8](data)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Size in bytes of a file, nil when it cannot be read.
    static func size(_ path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
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
