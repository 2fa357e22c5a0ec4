import CueDetect
import Primitives

/// `hvc1.<space><profile_idc>.<compat>.<tier><level_idc>[.<constraint byte>…]`
/// (ISO/IEC 14496-15 Annex E) from the general profile_tier_level of the stream.
///
/// - compat: general_profile_compatibility_flags with the bit order reversed, in hex
///   without leading zeros (Main, flags 1 and 2 set → `6`).
/// - constraint bytes: the six bytes starting at general_progressive_source_flag, two hex
///   digits each, trailing zero bytes omitted (the Annex allows omitting them).
enum HEVCCodecString {
    /// The 12 bytes of general_profile_tier_level: space/tier/idc, 4 compat bytes,
    /// 6 constraint bytes, level_idc.
    struct GeneralPTL: Equatable {
        var profileSpace: UInt8
        var highTier: Bool
        var profileIDC: UInt8
        var compatibilityFlags: UInt32
        var constraintBytes: [UInt8]
        var levelIDC: UInt8

        init?(_ bytes: ArraySlice<UInt8>) {
            guard bytes.count >= 12 else { return nil }
            var reader = BitReader(Array(bytes.prefix(12)))
            guard let space = try? reader.bits(2, "general_profile_space"),
                  let tier = try? reader.flag("general_tier_flag"),
                  let idc = try? reader.bits(5, "general_profile_idc"),
                  let compat = try? reader.uint32("general_profile_compatibility_flags"),
                  let constraints = try? reader.bytes(6, "general constraint flags"),
                  let level = try? reader.uint8("general_level_idc")
            else { return nil }
            profileSpace = UInt8(space)
            highTier = tier
            profileIDC = UInt8(idc)
            compatibilityFlags = compat
            constraintBytes = constraints
            levelIDC = level
        }

        init(profileSpace: UInt8, highTier: Bool, profileIDC: UInt8, compatibilityFlags: UInt32,
             constraintBytes: [UInt8], levelIDC: UInt8) {
            self.profileSpace = profileSpace
            self.highTier = highTier
            self.profileIDC = profileIDC
            self.compatibilityFlags = compatibilityFlags
            self.constraintBytes = constraintBytes
            self.levelIDC = levelIDC
        }

        var text: String {
            let space = ["", "A", "B", "C"][Int(profileSpace & 3)]
            var constraints = constraintBytes
            while constraints.last == 0 { constraints.removeLast() }
            return "hvc1." + space + String(profileIDC)
                + "." + HexText.minimal(compatibilityFlags.bitReversed)
                + "." + (highTier ? "H" : "L") + String(levelIDC)
                + constraints.map { "." + HexText.byte($0) }.joined()
        }
    }

    static func make(_ codec: CodecDescription) -> String? {
        (generalPTL(codec.extradata) ?? fromFFmpegNumbers(profile: codec.profile, level: codec.level))?.text
    }

    /// From hvcC (configurationVersion 1, then the PTL) or from the SPS, else the VPS, of
    /// Annex B extradata (after removing emulation-prevention bytes).
    static func generalPTL(_ extradata: [UInt8]) -> GeneralPTL? {
        guard NALUnits.isAnnexB(extradata) else {
            guard extradata.first == 1 else { return nil }
            return GeneralPTL(extradata.dropFirst())
        }
        let units = NALUnits.split(annexB: extradata).map(NALUnits.rbsp)
        func unitType(_ unit: [UInt8]) -> UInt8? { unit.first.map { ($0 >> 1) & 0x3F } }
        // SPS: 2-byte NAL header, then vps_id(4) max_sub_layers_minus1(3) nesting(1).
        if let sps = units.first(where: { unitType($0) == 33 }), let ptl = GeneralPTL(sps.dropFirst(3)) {
            return ptl
        }
        // VPS: 2-byte NAL header, then 4 bytes of ids, layer counts and 0xFFFF reserved.
        if let vps = units.first(where: { unitType($0) == 32 }) { return GeneralPTL(vps.dropFirst(6)) }
        return nil
    }

    /// FFmpeg's HEVC profile is general_profile_idc and its level is general_level_idc.
    /// Without the stream's flags, the compatibility flag of the profile itself is set,
    /// plus Main 10 for Main (Main 10 decoders play Main; encoders flag both), tier Main,
    /// and no constraint bytes.
    private static func fromFFmpegNumbers(profile: Int, level: Int) -> GeneralPTL? {
        guard (1...31).contains(profile), (1...255).contains(level) else { return nil }
        var flags = UInt32(1) << UInt32(31 - profile)
        if profile == 1 { flags |= UInt32(1) << 29 }
        return GeneralPTL(profileSpace: 0, highTier: false, profileIDC: UInt8(profile),
                          compatibilityFlags: flags, constraintBytes: [], levelIDC: UInt8(level))
    }
}

private extension UInt32 {
    var bitReversed: UInt32 {
        var value = self, result: UInt32 = 0
        for _ in 0..<32 {
            result = (result << 1) | (value & 1)
            value >>= 1
        }
        return result
    }
}
