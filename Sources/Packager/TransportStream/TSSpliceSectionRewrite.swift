import CueDetect

/// Re-times a splice_info_section (SCTE 35 §9.6): pts_adjustment is 33 bits at bytes 4–8 and
/// is added to every splice_time in the section, so moving the media `shift` ticks earlier
/// means subtracting `shift` from it (mod 2^33); the CRC_32 is then recomputed.
enum TSSpliceSectionRewrite {
    static func shifted(_ section: [UInt8], back shift: Int64) -> [UInt8] {
        guard shift != 0, section.count >= 17, section[0] == 0xFC else { return section }
        var s = section
        let old = UInt64(s[4] & 1) << 32 | UInt64(s[5]) << 24 | UInt64(s[6]) << 16 | UInt64(s[7]) << 8 | UInt64(s[8])
        let new = TSTimestampField.shifted(old, back: shift)
        s[4] = (s[4] & 0xFE) | UInt8(new >> 32)
        s[5] = UInt8(new >> 24 & 0xFF)
        s[6] = UInt8(new >> 16 & 0xFF)
        s[7] = UInt8(new >> 8 & 0xFF)
        s[8] = UInt8(new & 0xFF)
        let crc = CRC32MPEG2.checksum(s[0..<(s.count - 4)])
        s[s.count - 4] = UInt8(crc >> 24)
        s[s.count - 3] = UInt8(crc >> 16 & 0xFF)
        s[s.count - 2] = UInt8(crc >> 8 & 0xFF)
        s[s.count - 1] = UInt8(crc & 0xFF)
        return s
    }
}
