import Foundation

/// What a receiver that joins an MPEG-TS feed late gets: the same bytes from a later packet on.
/// The cut is at a 188-byte packet boundary mid-PES, the way a second packager bound to the
/// same multicast 20 s after the first would start reading.
enum LateJoin {
    struct CutError: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `file` from the first packet whose PCR is `seconds` after the first PCR, up to
    /// the first packet whose PCR is `until` seconds after it (an input that stops there).
    static func write(_ file: URL, from seconds: Double, until: Double? = nil, to output: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        let size = UDPTSSender.packetSize
        var first: Int64?
        var start: Int?
        for offset in stride(from: 0, to: bytes.count - size + 1, by: size) {
            guard let (_, pcr) = UDPTSSender.pcr(bytes, at: offset) else { continue }
            let zero = first ?? pcr
            first = zero
            let media = Double(pcr - zero) / 90_000
            if start == nil, media >= seconds { start = offset }
            if let from = start, let until, media >= until {
                try Data(bytes[from..<offset]).write(to: output)
                return
            }
        }
        guard let from = start, until == nil else {
            throw CutError(description: "\(file.path): no PCR \(until ?? seconds) s after the first")
        }
        try Data(bytes[from...]).write(to: output)
    }
}
