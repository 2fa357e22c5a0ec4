/// The 5-byte PTS/DTS field of a PES header (ISO/IEC 13818-1 §2.4.3.7): a 4-bit prefix, 33
/// bits of 90 kHz time split 3/15/15 with marker bits between them.
enum TSTimestampField {
    static let mask: UInt64 = (1 << 33) - 1

    @inline(__always) static func read(_ p: UnsafeRawPointer, at o: Int) -> UInt64 {
        let b0 = UInt64(p.load(fromByteOffset: o, as: UInt8.self))
        let b1 = UInt64(p.load(fromByteOffset: o + 1, as: UInt8.self))
        let b2 = UInt64(p.load(fromByteOffset: o + 2, as: UInt8.self))
        let b3 = UInt64(p.load(fromByteOffset: o + 3, as: UInt8.self))
        let b4 = UInt64(p.load(fromByteOffset: o + 4, as: UInt8.self))
        return (b0 >> 1 & 0x07) << 30 | b1 << 22 | (b2 >> 1) << 15 | b3 << 7 | b4 >> 1
    }

    /// Writes `value` (mod 2^33) keeping the field's prefix nibble; markers are set to 1.
    static func write(_ p: UnsafeMutableRawPointer, at o: Int, _ value: UInt64) {
        let v = value & mask
        let prefix = p.load(fromByteOffset: o, as: UInt8.self) & 0xF0
        p.storeBytes(of: prefix | UInt8(truncatingIfNeeded: (v >> 30) & 0x07) << 1 | 1, toByteOffset: o, as: UInt8.self)
        p.storeBytes(of: UInt8(truncatingIfNeeded: v >> 22), toByteOffset: o + 1, as: UInt8.self)
        p.storeBytes(of: UInt8(truncatingIfNeeded: v >> 15) << 1 | 1, toByteOffset: o + 2, as: UInt8.self)
        p.storeBytes(of: UInt8(truncatingIfNeeded: v >> 7), toByteOffset: o + 3, as: UInt8.self)
        p.storeBytes(of: UInt8(truncatingIfNeeded: v) << 1 | 1, toByteOffset: o + 4, as: UInt8.self)
    }

    /// `raw - ticks` on the 33-bit circle.
    @inline(__always) static func shifted(_ raw: UInt64, back ticks: Int64) -> UInt64 {
        UInt64(bitPattern: Int64(bitPattern: raw) &- ticks) & mask
    }
}

/// Where a PES header's timestamps sit, when the packet at `p` starts a PES whose header's
/// optional fields lie wholly inside this packet.
struct TSPESTimestamps {
    var ptsOffset: Int?
    var dtsOffset: Int?

    init?(_ p: UnsafeRawPointer, payload s: Int) {
        guard s + 9 <= TSPacketBytes.size,
              p.load(fromByteOffset: s, as: UInt8.self) == 0, p.load(fromByteOffset: s + 1, as: UInt8.self) == 0,
              p.load(fromByteOffset: s + 2, as: UInt8.self) == 1 else { return nil }
        let streamID = p.load(fromByteOffset: s + 3, as: UInt8.self)
        // Streams without the optional PES header (§2.4.3.7: program_stream_map, padding,
        // private_stream_2, ECM/EMM, directory, DSM-CC, H.222.1 type E).
        switch streamID {
        case 0xBC, 0xBE, 0xBF, 0xF0, 0xF1, 0xF2, 0xF8, 0xFF: return nil
        default: break
        }
        let flags = p.load(fromByteOffset: s + 7, as: UInt8.self) >> 6
        let headerEnd = s + 9 + Int(p.load(fromByteOffset: s + 8, as: UInt8.self))
        guard headerEnd <= TSPacketBytes.size else { return nil }
        ptsOffset = flags & 0x2 != 0 && s + 14 <= headerEnd ? s + 9 : nil
        dtsOffset = flags == 0x3 && s + 19 <= headerEnd ? s + 14 : nil
    }
}
