/// Finds whether a video PES is a keyframe from its first VCL NAL unit's type, reading the
/// Annex B byte stream packet by packet until that NAL's header (usually in the first one or
/// two packets, after AUD/SPS/PPS/SEI). The rest of the PES is never scanned.
public enum TSNALSyntax: Equatable, Sendable {
    case h264, hevc

    /// (is VCL, is a random access picture) for a NAL header's first byte.
    @inline(__always) func classify(_ header: UInt8) -> (vcl: Bool, key: Bool) {
        switch self {
        case .h264:
            let type = header & 0x1F
            return (type >= 1 && type <= 5, type == 5)
        case .hevc:
            let type = (header >> 1) & 0x3F
            return (type < 32, type >= 16 && type <= 23)            // BLA, IDR, CRA and reserved IRAP
        }
    }
}

struct TSKeyframeProbe {
    /// Bytes of a PES searched before giving up (a first slice later than this is not seen).
    static let limit = 8192
    private(set) var done = true
    private(set) var keyframe = false
    private var zeros = 0
    private var scanned = 0
    private var syntax: TSNALSyntax = .h264

    mutating func start(_ syntax: TSNALSyntax) {
        self.syntax = syntax
        done = false
        keyframe = false
        zeros = 0
        scanned = 0
    }

    mutating func scan(_ p: UnsafeRawPointer, from start: Int, to end: Int) {
        var i = start
        var zeros = self.zeros
        while i < end {
            let b = p.load(fromByteOffset: i, as: UInt8.self)
            i += 1
            if zeros >= 2 && b == 1 {
                guard i < end else { zeros = -1; break }        // header byte is in the next packet
                let c = syntax.classify(p.load(fromByteOffset: i, as: UInt8.self))
                if c.vcl { keyframe = c.key; done = true; return }
                zeros = 0
            } else if zeros == -1 {
                let c = syntax.classify(b)
                if c.vcl { keyframe = c.key; done = true; return }
                zeros = b == 0 ? 1 : 0
            } else {
                zeros = b == 0 ? zeros + 1 : 0
            }
        }
        self.zeros = zeros
        scanned += end - start
        if scanned >= Self.limit { done = true }
    }
}
