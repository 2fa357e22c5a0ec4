import Foundation

/// What a receiver that joins an MPEG-TS feed late gets: the same bytes from a later packet on.
/// The cut is at a 188-byte packet boundary mid-PES, the way a second packager bound to the
/// same multicast 20 s after the first would start reading.
enum LateJoin {
    struct CutError: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `file` from the first packet whose PCR is `seconds` after the first PCR.
    static func write(_ file: URL, from seconds: Double, to output: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        let size = UDPTSSender.packetSize
        var first: Int64?
        for offset in stride(from: 0, to: bytes.count - size + 1, by: size) {
            guard let (_, pcr) = UDPTSSender.pcr(bytes, at: offset) else { continue }
            let start = first ?? pcr
            first = start
            guard Double(pcr - start) / 90_000 >= seconds else { continue }
            try Data(bytes[offset...]).write(to: output)
            return
        }
        throw CutError(description: "\(file.path): no PCR \(seconds) s after the first")
    }
}
