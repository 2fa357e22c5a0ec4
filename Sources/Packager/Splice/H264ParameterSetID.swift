import Primitives
import CueDetect

/// seq_parameter_set_id and pic_parameter_set_id of H.264 parameter-set NAL units (§7.3.2.1,
/// §7.3.2.2): the re-encoder must pick ids the source does not use, so its in-band SPS/PPS never
/// overwrite the ones the source's own pictures refer to.
enum H264ParameterSetID {
    static func sps(_ unit: [UInt8]) -> UInt32? {
        guard SpliceCodec.h264.type(of: unit[...]) == 7, unit.count > 4 else { return nil }
        var reader = BitReader(NALUnits.rbsp(unit[4...]))
        return try? reader.unsignedExpGolomb("seq_parameter_set_id")
    }

    static func pps(_ unit: [UInt8]) -> (pps: UInt32, sps: UInt32)? {
        guard SpliceCodec.h264.type(of: unit[...]) == 8, unit.count > 1 else { return nil }
        var reader = BitReader(NALUnits.rbsp(unit[1...]))
        guard let pps = try? reader.unsignedExpGolomb("pic_parameter_set_id"),
              let sps = try? reader.unsignedExpGolomb("seq_parameter_set_id") else { return nil }
        return (pps, sps)
    }

    /// The smallest id (1…31; x264 gives its SPS and PPS the same one) that no SPS or PPS of the
    /// source uses, or nil when the source has used them all.
    static func freeID(amongst units: [[UInt8]]) -> UInt32? {
        var used: Set<UInt32> = []
        for unit in units {
            if let id = sps(unit) { used.insert(id) }
            if let ids = pps(unit) { used.insert(ids.pps) }
        }
        return (1...31).first { !used.contains($0) }
    }
}
