import Foundation

extension TSOutputFile {
    /// The bytes of `source` into a new file `path` (copy_file_range), for a filesystem without
    /// hard links.
    static func copyWhole(_ source: String, to path: String) -> Bool {
        let from = open(source, O_RDONLY | O_CLOEXEC)
        guard from >= 0 else { return false }
        defer { close(from) }
        guard let out = try? TSOutputFile(path: path) else { return false }
        var st = stat()
        guard fstat(from, &st) == 0, (try? out.copy(from: from, at: 0, count: Int(st.st_size))) == true else {
            out.remove()
            return false
        }
        return true
    }

    /// A finished segment as its muxer hands it on: its bytes when it was kept in memory, else
    /// its size (and its spool when it went into one).
    var handedOver: (bytes: Data, fileSize: Int?, spool: SegmentSpool?) {
        if let spool { return (Data(), spool.size, spool) }
        if isMemory { return (bytes, nil, nil) }
        return (Data(), Int(offset), nil)
    }
}
