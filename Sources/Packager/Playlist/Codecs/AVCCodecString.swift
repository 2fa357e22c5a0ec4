import Primitives

/// `avc1.PPCCLL` (RFC 6381 §3.3): profile_idc, the constraint-flags byte and level_idc of
/// the SPS, as two uppercase hex digits each.
enum AVCCodecString {
    static func make(_ codec: CodecDescription) -> String? {
        guard let bytes = spsHeader(codec.extradata) ?? fromFFmpegNumbers(profile: codec.profile, level: codec.level)
        else { return nil }
        return "avc1." + bytes.map(HexText.byte).joined()
    }

    /// profile_idc, constraint flags, level_idc from avcC (`01 PP CC LL …`) or from the first
    /// SPS (NAL type 7) of Annex B extradata.
    static func spsHeader(_ extradata: [UInt8]) -> [UInt8]? {
        if NALUnits.isAnnexB(extradata) {
            for unit in NALUnits.split(annexB: extradata) where (unit[unit.startIndex] & 0x1F) == 7 {
                let sps = NALUnits.rbsp(unit)
                if sps.count >= 4 { return Array(sps[1...3]) }
            }
            return nil
        }
        guard extradata.count >= 4, extradata[0] == 1 else { return nil }
        return Array(extradata[1...3])
    }

    /// FFmpeg keeps profile_idc in the low byte and marks constrained (constraint_set1)
    /// and intra (constraint_set3) profiles with bits 9 and 11 (FF_PROFILE_H264_*).
    private static func fromFFmpegNumbers(profile: Int, level: Int) -> [UInt8]? {
        guard profile > 0, (1...255).contains(level) else { return nil }
        var constraints: UInt8 = 0
        if profile & (1 << 9) != 0 { constraints |= 0x40 }
        if profile & (1 << 11) != 0 { constraints |= 0x10 }
        return [UInt8(profile & 0xFF), constraints, UInt8(level)]
    }
}
