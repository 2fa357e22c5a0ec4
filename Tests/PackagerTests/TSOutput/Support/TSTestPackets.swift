import Foundation

/// An independent, array-based reading of TS packets for assertions (not the engine's code).
struct TSTestPacket {
    var pid: Int
    var unitStart: Bool
    var cc: Int
    var hasPayload: Bool
    var pcr: UInt64?
    var pts: UInt64?
    var dts: UInt64?
    var payload: [UInt8]

    static func all(_ bytes: [UInt8]) -> [TSTestPacket] {
        stride(from: 0, to: bytes.count - 187, by: 188).compactMap { o in
            let p = Array(bytes[o..<(o + 188)])
            guard p[0] == 0x47 else { return nil }
            let afc = (p[3] >> 4) & 3
            var start = 4
            var pcr: UInt64?
            if afc & 2 != 0 {
                let length = Int(p[4])
                if length >= 7, p[5] & 0x10 != 0 {
                    pcr = UInt64(p[6]) << 25 | UInt64(p[7]) << 17 | UInt64(p[8]) << 9 | UInt64(p[9]) << 1 | UInt64(p[10] >> 7)
                }
                start = 5 + length
            }
            let payload = afc & 1 != 0 && start < 188 ? Array(p[start...]) : []
            var pts: UInt64?, dts: UInt64?
            let unitStart = p[1] & 0x40 != 0
            if unitStart, payload.count >= 19, payload[0] == 0, payload[1] == 0, payload[2] == 1, payload[3] != 0xBE {
                let flags = payload[7] >> 6
                let read = { (i: Int) -> UInt64 in
                    UInt64(payload[i] >> 1 & 7) << 30 | UInt64(payload[i + 1]) << 22 | UInt64(payload[i + 2] >> 1) << 15
                        | UInt64(payload[i + 3]) << 7 | UInt64(payload[i + 4] >> 1)
                }
                if flags & 2 != 0 { pts = read(9) }
                if flags == 3 { dts = read(14) }
            }
            return TSTestPacket(pid: Int(p[1] & 0x1F) << 8 | Int(p[2]), unitStart: unitStart, cc: Int(p[3] & 0x0F),
                                hasPayload: afc & 1 != 0, pcr: pcr, pts: pts, dts: dts, payload: payload)
        }
    }

    /// PIDs whose continuity_counter does not run on by one from packet to packet (payload
    /// packets; adaptation-only packets repeat the counter), with the first offending index.
    static func continuityBreaks(_ packets: [TSTestPacket]) -> [Int: Int] {
        var last: [Int: Int] = [:]
        var breaks: [Int: Int] = [:]
        for (i, p) in packets.enumerated() where p.pid != 0x1FFF {
            if let l = last[p.pid] {
                let expected = p.hasPayload ? (l + 1) & 0x0F : l
                if p.cc != expected, breaks[p.pid] == nil { breaks[p.pid] = i }
            }
            last[p.pid] = p.cc
        }
        return breaks
    }
}
