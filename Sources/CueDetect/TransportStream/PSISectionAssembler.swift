/// Reassembles PSI/SI sections (PAT, PMT, splice_info_section) of one PID from TS packet
/// payloads: pointer_field handling, sections spanning packets, several sections in one
/// packet, 0xFF stuffing, and continuity-counter loss (which drops the partial section).
struct PSISectionAssembler {
    private var buffer: [UInt8] = []
    private var expected = 0          // total section size once known (3 + section_length)
    private var collecting = false
    private var lastCC: UInt8?
    /// Byte offset of the TS packet in which the section in progress started.
    private var startOffset: Int64 = 0
    private var startPacket: Int64 = 0

    struct Completed {
        var bytes: [UInt8]
        var byteOffset: Int64
        var packetIndex: Int64
    }

    /// Continuity loss counted for diagnostics.
    private(set) var continuityErrors = 0

    mutating func push(payload p: UnsafeRawBufferPointer, from start: Int, to end: Int,
                       unitStart: Bool, cc: UInt8, byteOffset: Int64, packetIndex: Int64,
                       into out: inout [Completed]) {
        if let last = lastCC {
            if cc == last { return }                   // duplicate packet (allowed once)
            if cc != (last &+ 1) & 0x0F {
                continuityErrors += 1
                collecting = false
                buffer.removeAll(keepingCapacity: true)
            }
        }
        lastCC = cc
        var i = start
        if unitStart {
            guard i < end else { return }
            let pointer = Int(p[i])
            i += 1
            if collecting {
                append(p, from: i, to: min(end, i + pointer), into: &out)
            }
            collecting = false
            buffer.removeAll(keepingCapacity: true)
            i += pointer
            while i < end, p[i] != 0xFF {
                begin(byteOffset: byteOffset, packetIndex: packetIndex)
                let consumed = append(p, from: i, to: end, into: &out)
                i += consumed
                if collecting { break }                // section continues in later packets
            }
        } else if collecting {
            append(p, from: i, to: end, into: &out)
        }
    }

    private mutating func begin(byteOffset: Int64, packetIndex: Int64) {
        collecting = true
        expected = 0
        buffer.removeAll(keepingCapacity: true)
        startOffset = byteOffset
        startPacket = packetIndex
    }

    /// Appends bytes to the section in progress; returns how many were used. Completes the
    /// section (and stops collecting) once its length is reached.
    @discardableResult
    private mutating func append(_ p: UnsafeRawBufferPointer, from: Int, to: Int,
                                 into out: inout [Completed]) -> Int {
        guard collecting, from < to else { return 0 }
        var used = 0
        var i = from
        while i < to {
            if expected == 0, buffer.count >= 3 {
                expected = 3 + ((Int(buffer[1]) & 0x0F) << 8 | Int(buffer[2]))
            }
            if expected > 0 {
                let take = min(expected - buffer.count, to - i)
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[i..<(i + take)]))
                i += take
                used += take
                if buffer.count == expected {
                    out.append(Completed(bytes: buffer, byteOffset: startOffset, packetIndex: startPacket))
                    collecting = false
                    buffer.removeAll(keepingCapacity: true)
                    return used
                }
            } else {
                buffer.append(p[i])
                i += 1
                used += 1
            }
        }
        return used
    }
}
