/// A video PES packet (ISO/IEC 13818-1 §2.4.3.6) for one access unit the splice made: PTS,
/// and DTS when it differs, data_alignment_indicator set (the unit starts with its first NAL).
enum TSVideoPES {
    static func packet(streamID: UInt8, pts: Int64, dts: Int64, payload: [UInt8]) -> [UInt8] {
        let withDTS = dts != pts
        let headerData = withDTS ? 10 : 5
        // PES_packet_length counts from after itself; 0 (unbounded) is allowed for video in TS.
        let length = 3 + headerData + payload.count
        let lengthField = length > 0xFFFF ? 0 : length
        var out: [UInt8] = [0, 0, 1, streamID, UInt8(lengthField >> 8), UInt8(lengthField & 0xFF),
                            0x84, withDTS ? 0xC0 : 0x80, UInt8(headerData)]
        out += withDTS ? [0x31, 0, 1, 0, 1, 0x11, 0, 1, 0, 1] : [0x21, 0, 1, 0, 1]
        out.withUnsafeMutableBytes { b in
            guard let base = b.baseAddress else { return }
            TSTimestampField.write(base, at: 9, UInt64(bitPattern: pts))
            if withDTS { TSTimestampField.write(base, at: 14, UInt64(bitPattern: dts)) }
        }
        out += payload
        return out
    }
}
