import Foundation

extension FileLoader {
    /// `length` bytes at `offset` of a local file, or nil when the file is shorter or cannot be
    /// read. A single-file presentation (EXT-X-BYTERANGE) names one large file for every
    /// segment: reading each segment's range alone keeps validation linear in the file's size
    /// and within the per-segment limit, however long the programme.
    static func range(_ path: String, offset: Int, length: Int) -> [UInt8]? {
        guard offset >= 0, length >= 0, Int64(length) <= ResourceLoader.maxSegmentBytes,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(offset))) != nil,
              let data = try? handle.read(upToCount: length) ?? Data(), data.count == length else { return nil }
        return [UInt8](data)
    }
}
