/// NAL units of H.264/HEVC decoder configuration in Annex B form (start-code separated).
enum NALUnits {
    /// Whether `bytes` starts with a 3- or 4-byte start code (Annex B) rather than a
    /// configuration record (avcC/hvcC start with configurationVersion 1).
    static func isAnnexB(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0, 0, 1]) || bytes.starts(with: [0, 0, 0, 1])
    }

    /// Payloads between start codes, header included, trailing zero bytes dropped.
    static func split(annexB bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var units: [ArraySlice<UInt8>] = []
        var start: Int?
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                if let start { units.append(trimmed(bytes[start..<index])) }
                index += 3
                start = index
            } else {
                index += 1
            }
        }
        if let start, start < bytes.count { units.append(trimmed(bytes[start...])) }
        return units.filter { !$0.isEmpty }
    }

    /// The index just past the next start code (`00 00 01`) at or after `index`, if any.
    static func payloadStart(in bytes: [UInt8], from index: Int) -> Int? {
        var i = index
        while i + 2 < bytes.count {
            if bytes[i + 2] > 1 {
                i += 3                      // no start code can end at i + 2 or overlap it
            } else if bytes[i] == 0, bytes[i + 1] == 0, bytes[i + 2] == 1 {
                return i + 3
            } else {
                i += 1
            }
        }
        return nil
    }

    /// Removes emulation-prevention bytes: every `00 00 03` becomes `00 00`.
    static func rbsp(_ unit: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(unit.count)
        var zeros = 0
        for byte in unit {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }

    private static func trimmed(_ unit: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var end = unit.endIndex
        while end > unit.startIndex, unit[end - 1] == 0 { end -= 1 }
        return unit[unit.startIndex..<end]
    }
}
