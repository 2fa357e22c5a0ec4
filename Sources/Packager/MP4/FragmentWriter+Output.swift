import Foundation

extension FragmentWriter {
    /// Writes the closed fragment (`finish`) into `out`, the segment's file, spool or memory.
    func write(to out: TSOutputFile) throws {
        try write { bytes in
            if let base = bytes.baseAddress { try out.write(base, count: bytes.count) }
        }
    }
}
