/// How the NAL units of one video stream's packets are framed: Annex B start codes (MPEG-TS,
/// and what libx264/libx265 emit) or ISO BMFF length prefixes (MP4/MOV sources, whose avcC/hvcC
/// names the prefix size). Re-encoded packets are written in the source's framing because they
/// share its muxer, whose codec parameters (and bitstream filters) are the source's.
enum NALPacketFormat: Equatable, Sendable {
    case annexB
    case lengthPrefixed(size: Int)

    /// The framing that goes with a stream's extradata: avcC (byte 4) and hvcC (byte 21) carry
    /// lengthSizeMinusOne in their low two bits; Annex B or empty extradata means start codes.
    init(extradata: [UInt8], isHEVC: Bool) {
        let sizeByte = isHEVC ? 21 : 4
        guard extradata.first == 1, extradata.count > sizeByte else {
            self = .annexB
            return
        }
        self = .lengthPrefixed(size: Int(extradata[sizeByte] & 0x03) + 1)
    }

    /// The NAL units of one packet (header byte first), in order. Malformed length prefixes end
    /// the list early rather than reading past the packet.
    func units(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        switch self {
        case .annexB:
            return NALUnits.split(annexB: bytes)
        case .lengthPrefixed(let size):
            var units: [ArraySlice<UInt8>] = []
            var offset = 0
            while offset + size <= bytes.count {
                var length = 0
                for byte in bytes[offset..<(offset + size)] { length = length << 8 | Int(byte) }
                offset += size
                guard length > 0, offset + length <= bytes.count else { break }
                units.append(bytes[offset..<(offset + length)])
                offset += length
            }
            return units
        }
    }

    /// The first `headerBytes` bytes of the first NAL unit that `matches` accepts, found without
    /// walking the units after it: telling a picture's kind needs only its slice's header, and
    /// the slice is almost all of the packet (splitting every packet of a window into units was
    /// a twentieth of a `pkgctl vod` run). Units of only zero bytes are skipped, as `units` does.
    func firstUnitHeader(_ bytes: [UInt8], headerBytes: Int = 2,
                         where matches: (ArraySlice<UInt8>) -> Bool) -> ArraySlice<UInt8>? {
        switch self {
        case .annexB:
            var index = 0
            while let start = NALUnits.payloadStart(in: bytes, from: index) {
                let head = bytes[start..<min(start + headerBytes, bytes.count)]
                if head.contains(where: { $0 != 0 }), matches(head) { return head }
                index = start
            }
            return nil
        case .lengthPrefixed(let size):
            var offset = 0
            while offset + size <= bytes.count {
                var length = 0
                for byte in bytes[offset..<(offset + size)] { length = length << 8 | Int(byte) }
                offset += size
                guard length > 0, offset + length <= bytes.count else { return nil }
                let head = bytes[offset..<(offset + min(headerBytes, length))]
                if matches(head) { return head }
                offset += length
            }
            return nil
        }
    }

    /// One packet's bytes from NAL units.
    func packet(_ units: [ArraySlice<UInt8>]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(units.reduce(0) { $0 + $1.count + 4 })
        for unit in units {
            switch self {
            case .annexB:
                out += [0, 0, 0, 1]
            case .lengthPrefixed(let size):
                for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
                    out.append(UInt8(truncatingIfNeeded: unit.count >> shift))
                }
            }
            out += unit
        }
        return out
    }
}
