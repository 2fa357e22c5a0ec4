/// Header fields of one 188-byte MPEG transport stream packet (ISO/IEC 13818-1 §2.4.3),
/// read in place from the caller's buffer.
struct TSPacket {
    static let size = 188
    static let syncByte: UInt8 = 0x47

    let pid: Int
    let payloadUnitStart: Bool
    let continuityCounter: UInt8
    let hasPayload: Bool
    /// Offset of the payload inside the packet (after the adaptation field), or nil when the
    /// adaptation field claims more bytes than the packet has.
    let payloadOffset: Int?
    /// program_clock_reference_base (90 kHz, 33 bits) when this packet carries a PCR.
    let pcrBase: UInt64?

    /// `p` points at a sync byte with at least 188 readable bytes.
    init(_ p: UnsafeRawBufferPointer, at o: Int) {
        let b1 = p[o + 1], b2 = p[o + 2], b3 = p[o + 3]
        pid = (Int(b1 & 0x1F) << 8) | Int(b2)
        payloadUnitStart = b1 & 0x40 != 0
        continuityCounter = b3 & 0x0F
        let afc = (b3 >> 4) & 0x3
        hasPayload = afc & 0x1 != 0
        var offset = 4
        var pcr: UInt64?
        if afc & 0x2 != 0 {
            let afLength = Int(p[o + 4])
            offset = 5 + afLength
            if afLength > 0 {
                let flags = p[o + 5]
                if flags & 0x10 != 0, afLength >= 7 {
                    pcr = (UInt64(p[o + 6]) << 25) | (UInt64(p[o + 7]) << 17) | (UInt64(p[o + 8]) << 9)
                        | (UInt64(p[o + 9]) << 1) | (UInt64(p[o + 10]) >> 7)
                }
            }
        }
        payloadOffset = offset <= TSPacket.size ? offset : nil
        pcrBase = pcr
    }
}
