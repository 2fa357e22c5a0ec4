/// The source keyframe where a splice's far side returns to the source's own pictures, made
/// safe to follow re-encoded pictures or a cut:
///
/// - HEVC: a CRA becomes a BLA_N_LP (nal_unit_type 21 → 18, same slice syntax, §7.4.2.2). Its
///   leading pictures are gone from the output (re-encoded before it, or dropped at a keyframe
///   cut), and a BLA starts a new coded video sequence, so the parameter sets may change there —
///   a CRA mid-sequence would have to keep the re-encoder's (§7.4.3.2.1).
/// - Both codecs: when the keyframe carries no parameter sets in-band, the source's are put in
///   front of its first slice (after an access unit delimiter), so the decoder leaves the
///   re-encoder's sets behind: libx265 cannot choose other ids than the source's, and an asset
///   that starts with re-encoded pictures never saw the source's sets at all.
enum ResumeKeyframe {
    static func rewrite(_ bytes: [UInt8], codec: SpliceCodec, format: NALPacketFormat,
                        parameterSets: [[UInt8]]) -> [UInt8] {
        var units = format.units(bytes)
        var changed = false
        if codec == .hevc {
            for (index, unit) in units.enumerated() where codec.type(of: unit) == SpliceCodec.hevcCRA {
                var copy = Array(unit)
                copy[0] = copy[0] & 0x81 | UInt8(SpliceCodec.hevcBLANoLeadingPictures << 1)
                units[index] = copy[...]
                changed = true
            }
        }
        if !parameterSets.isEmpty, !units.contains(where: codec.isParameterSet) {
            let at = units.first.map(codec.isAccessUnitDelimiter) == true ? 1 : 0
            units.insert(contentsOf: parameterSets.map { $0[...] }, at: at)
            changed = true
        }
        return changed ? format.packet(units) : bytes
    }
}
