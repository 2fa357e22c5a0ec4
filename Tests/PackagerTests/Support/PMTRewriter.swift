import CueDetect

/// Rewrites the PMT packets of a single-program TS (sections that fit one packet, as ffmpeg
/// and the fixture tools write them) so tests can produce the PMT layouts real encoders send.
enum PMTRewriter {
    struct Stream {
        var type: UInt8
        var pid: Int
        var descriptors: [UInt8]
    }

    struct Table {
        var programNumber: Int
        var version: Int
        var pcrPID: Int
        var programDescriptors: [UInt8]
        var streams: [Stream]
    }

    static let cueiRegistration: [UInt8] = [0x05, 0x04, 0x43, 0x55, 0x45, 0x49]

    /// Applies `change(packetIndex, table)` to every PMT packet on `pmtPID`; `dropPacket` may
    /// remove other packets (e.g. SCTE-35 packets that the rewritten PMT does not list yet).
    static func rewrite(_ ts: [UInt8], pmtPID: Int, change: (Int, inout Table) -> Void,
                        dropPacket: (Int, Int) -> Bool = { _, _ in false }) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(ts.count)
        var index = 0
        var offset = 0
        while offset + 188 <= ts.count {
            var packet = Array(ts[offset..<(offset + 188)])
            let pid = Int(packet[1] & 0x1F) << 8 | Int(packet[2])
            if pid == pmtPID, packet[1] & 0x40 != 0, var table = parse(packet) {
                change(index, &table)
                packet = build(header: Array(packet[0..<4]), table: table)
            }
            if !dropPacket(index, pid) { out += packet }
            offset += 188
            index += 1
        }
        return out
    }

    private static func parse(_ p: [UInt8]) -> Table? {
        guard p[3] & 0x30 == 0x10 else { return nil }              // payload only
        let s = Array(p[(5 + Int(p[4]))...])
        guard s.count >= 12, s[0] == 0x02 else { return nil }
        let length = Int(s[1] & 0x0F) << 8 | Int(s[2])
        let end = 3 + length - 4
        let infoLength = Int(s[10] & 0x0F) << 8 | Int(s[11])
        var streams: [Stream] = []
        var i = 12 + infoLength
        while i + 5 <= end {
            let esLength = Int(s[i + 3] & 0x0F) << 8 | Int(s[i + 4])
            streams.append(Stream(type: s[i], pid: Int(s[i + 1] & 0x1F) << 8 | Int(s[i + 2]),
                                  descriptors: Array(s[(i + 5)..<(i + 5 + esLength)])))
            i += 5 + esLength
        }
        return Table(programNumber: Int(s[3]) << 8 | Int(s[4]), version: Int(s[5] >> 1) & 0x1F,
                     pcrPID: Int(s[8] & 0x1F) << 8 | Int(s[9]),
                     programDescriptors: Array(s[12..<(12 + infoLength)]), streams: streams)
    }

    private static func build(header: [UInt8], table t: Table) -> [UInt8] {
        var body: [UInt8] = [UInt8(t.programNumber >> 8), UInt8(t.programNumber & 0xFF),
                             0xC1 | UInt8((t.version & 0x1F) << 1), 0x00, 0x00,
                             0xE0 | UInt8(t.pcrPID >> 8), UInt8(t.pcrPID & 0xFF),
                             0xF0 | UInt8(t.programDescriptors.count >> 8), UInt8(t.programDescriptors.count & 0xFF)]
        body += t.programDescriptors
        for s in t.streams {
            body += [s.type, 0xE0 | UInt8(s.pid >> 8), UInt8(s.pid & 0xFF),
                     0xF0 | UInt8(s.descriptors.count >> 8), UInt8(s.descriptors.count & 0xFF)]
            body += s.descriptors
        }
        let length = body.count + 4
        var section: [UInt8] = [0x02, 0xB0 | UInt8(length >> 8), UInt8(length & 0xFF)] + body
        let crc = CRC32MPEG2.checksum(section)
        section += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        var packet = [header[0], header[1], header[2], (header[3] & 0xCF) | 0x10, 0x00] + section
        packet += [UInt8](repeating: 0xFF, count: 188 - packet.count)
        return packet
    }
}
