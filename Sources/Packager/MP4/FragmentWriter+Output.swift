import Foundation

extension FragmentWriter {
    /// Writes the closed fragment (`finish`) into `out`, the segment's file, spool or memory.
    func write(to out: TSOutputFile) throws {
        try write { bytes in
            if let base = bytes.baseAddress { try out.write(base, count: bytes.count) }
        }
    }
}

extension TSOutputFile {
    /// A finished segment as its muxer hands it on: its bytes when it was kept in memory, else
    /// its size (and its spool when it went into one).
    var handedOver: (bytes: Data, fileSize: Int?, spool: SegmentSpool?) {
        if let spool { return (Data(), spool.size, spool) }
        if isMemory { return (bytes, nil, nil) }
        return (Data(), Int(offset), nil)
    }
}
