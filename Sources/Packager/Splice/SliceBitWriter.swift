/// Writes big-endian bit fields and Exp-Golomb codes (the inverse of `BitReader`), for the few
/// slice headers the cutter rewrites.
struct SliceBitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    var isByteAligned: Bool { bitCount % 8 == 0 }

    mutating func bits(_ value: UInt64, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bit(value >> UInt64(shift) & 1 == 1) }
    }

    mutating func bit(_ set: Bool) {
        if bitCount % 8 == 0 { bytes.append(0) }
        if set { bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount % 8) }
        bitCount += 1
    }

    mutating func unsignedExpGolomb(_ value: UInt32) {
        let coded = UInt64(value) + 1
        let length = 64 - coded.leadingZeroBitCount
        bits(0, count: length - 1)
        bits(coded, count: length)
    }

    mutating func signedExpGolomb(_ value: Int32) {
        unsignedExpGolomb(value > 0 ? UInt32(2 * Int64(value) - 1) : UInt32(-2 * Int64(value)))
    }

    /// Copies `count` bits of `source` starting at bit `start`.
    mutating func copy(_ source: [UInt8], fromBit start: Int, count: Int) {
        var position = start
        // Whole bytes at once when both sides are aligned (CABAC slice data).
        if isByteAligned, position % 8 == 0 {
            let whole = count / 8
            bytes += source[(position / 8)..<(position / 8 + whole)]
            bitCount += whole * 8
            position += whole * 8
        }
        while position < start + count {
            bit(source[position / 8] & (0x80 >> UInt8(position % 8)) != 0)
            position += 1
        }
    }
}

extension NALUnits {
    /// Adds emulation-prevention bytes (H.264 §7.4.1, HEVC §7.4.2): no `00 00 0x` with x ≤ 3 in
    /// the payload. The first `header` bytes (the NAL unit header) are copied as they are.
    static func escaped(_ rbsp: [UInt8], header: Int) -> [UInt8] {
        var out = Array(rbsp.prefix(header))
        out.reserveCapacity(rbsp.count + rbsp.count / 64 + 4)
        var zeros = 0
        for byte in rbsp.dropFirst(header) {
            if zeros >= 2, byte <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }
}
