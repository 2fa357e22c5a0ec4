/// The parameter-set NAL units of a stream's extradata, whichever form libavformat gave it:
/// avcC (ISO/IEC 14496-15 §5.3.3.1), hvcC (§8.3.3.1) or Annex B start-code form (MPEG-TS).
/// Malformed records give what could be read before the fault, never a crash.
enum DecoderConfigurationRecord {
    static func parameterSets(extradata: [UInt8], codec: SpliceCodec) -> [[UInt8]] {
        if NALUnits.isAnnexB(extradata) {
            return NALUnits.split(annexB: extradata).filter { codec.isParameterSet($0) }.map(Array.init)
        }
        guard extradata.first == 1 else { return [] }
        return codec == .h264 ? avcC(extradata).units : hvcC(extradata)
    }

    /// SPS and PPS of an avcC, and where its optional trailing extension (High profiles) starts.
    static func avcC(_ bytes: [UInt8]) -> (units: [[UInt8]], extensionStart: Int) {
        var units: [[UInt8]] = []
        guard bytes.count >= 6 else { return ([], bytes.count) }
        var offset = 5
        for countMask in [0x1F, 0xFF] as [UInt8] {
            guard offset < bytes.count else { return (units, bytes.count) }
            let count = Int(bytes[offset] & countMask)
            offset += 1
            for _ in 0..<count {
                guard let unit = lengthPrefixed16(bytes, at: &offset) else { return (units, bytes.count) }
                units.append(unit)
            }
        }
        return (units, offset)
    }

    private static func hvcC(_ bytes: [UInt8]) -> [[UInt8]] {
        var units: [[UInt8]] = []
        guard bytes.count >= 23 else { return [] }
        var offset = 23
        for _ in 0..<Int(bytes[22]) {
            guard offset + 3 <= bytes.count else { return units }
            let count = Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            offset += 3
            for _ in 0..<count {
                guard let unit = lengthPrefixed16(bytes, at: &offset) else { return units }
                units.append(unit)
            }
        }
        return units
    }

    private static func lengthPrefixed16(_ bytes: [UInt8], at offset: inout Int) -> [UInt8]? {
        guard offset + 2 <= bytes.count else { return nil }
        let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        offset += 2
        guard length > 0, offset + length <= bytes.count else { return nil }
        defer { offset += length }
        return Array(bytes[offset..<(offset + length)])
    }

    /// An avcC that lists `record`'s parameter sets and `added` ones (each list in ascending id
    /// order, as §5.3.3.1 asks), so one fMP4 init segment serves the source's pictures and a
    /// splice's re-encoded ones. nil when `record` is not an avcC or an id would be listed twice.
    static func mergingAVC(_ record: [UInt8], adding added: [[UInt8]]) -> [UInt8]? {
        guard record.first == 1, record.count >= 7 else { return nil }
        let parsed = avcC(record)
        let all = parsed.units + added
        func ids(_ type: Int) -> [(id: UInt32, unit: [UInt8])]? {
            var list: [(id: UInt32, unit: [UInt8])] = []
            for unit in all where SpliceCodec.h264.type(of: unit[...]) == type {
                guard let id = type == 7 ? H264ParameterSetID.sps(unit) : H264ParameterSetID.pps(unit)?.pps
                else { return nil }
                list.append((id, unit))
            }
            guard Set(list.map(\.id)).count == list.count else { return nil }
            return list.sorted { $0.id < $1.id }
        }
        guard let sps = ids(7), let pps = ids(8), sps.count <= 31, pps.count <= 255 else { return nil }
        var out = Array(record[0..<5])
        out.append(0xE0 | UInt8(sps.count))
        for entry in sps { out += [UInt8(entry.unit.count >> 8), UInt8(entry.unit.count & 0xFF)] + entry.unit }
        out.append(UInt8(pps.count))
        for entry in pps { out += [UInt8(entry.unit.count >> 8), UInt8(entry.unit.count & 0xFF)] + entry.unit }
        out += record[parsed.extensionStart...]
        return out
    }
}
