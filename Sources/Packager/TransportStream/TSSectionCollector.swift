/// Reassembles the PSI sections (PAT, PMT, splice_info_section) of one PID from packet
/// payloads: pointer_field, sections spanning packets, several sections in one packet, 0xFF
/// stuffing. A continuity gap drops the section in progress.
///
/// CueDetect has the same logic for its scanner, but internal to that module and without the
/// packet positions the writer needs; this one also reports the first and last packet.
struct TSSectionCollector {
    struct Section {
        var bytes: [UInt8]
        var firstPacket: Int64
        var lastPacket: Int64
    }

    private var buffer: [UInt8] = []
    private var expected = 0
    private var collecting = false
    private var firstPacket: Int64 = 0
    private var lastCC: UInt8?

    /// The first packet of a section still being collected.
    var pendingStart: Int64? { collecting ? firstPacket : nil }

    mutating func push(_ p: UnsafeRawPointer, payload start: Int, at offset: Int64, into out: inout [Section]) {
        let cc = TSPacketBytes.continuity(p)
        if let last = lastCC {
            if cc == last { return }                                  // a duplicate packet
            if cc != (last &+ 1) & 0x0F { collecting = false }
        }
        lastCC = cc
        var i = start
        let end = TSPacketBytes.size
        if TSPacketBytes.unitStart(p) {
            let pointer = Int(p.load(fromByteOffset: i, as: UInt8.self))
            i += 1
            if collecting { _ = append(p, from: i, to: min(end, i + pointer), at: offset, into: &out) }
            collecting = false
            i += pointer
            while i < end, p.load(fromByteOffset: i, as: UInt8.self) != 0xFF {
                collecting = true
                expected = 0
                buffer.removeAll(keepingCapacity: true)
                firstPacket = offset
                i += append(p, from: i, to: end, at: offset, into: &out)
                if collecting { break }
            }
        } else if collecting {
            _ = append(p, from: i, to: end, at: offset, into: &out)
        }
    }

    /// Appends to the section in progress; returns the bytes used. Completes it at its length.
    private mutating func append(_ p: UnsafeRawPointer, from: Int, to: Int, at offset: Int64,
                                 into out: inout [Section]) -> Int {
        guard collecting, from < to else { return 0 }
        var i = from
        while i < to {
            if expected == 0 {
                buffer.append(p.load(fromByteOffset: i, as: UInt8.self))
                i += 1
                if buffer.count == 3 { expected = 3 + (Int(buffer[1] & 0x0F) << 8 | Int(buffer[2])) }
                continue
            }
            let take = min(expected - buffer.count, to - i)
            buffer.append(contentsOf: UnsafeRawBufferPointer(start: p + i, count: take))
            i += take
            if buffer.count == expected {
                out.append(Section(bytes: buffer, firstPacket: firstPacket, lastPacket: offset))
                collecting = false
                break
            }
        }
        return i - from
    }
}
