/// Reads and patches the fields of one 188-byte transport packet (ISO/IEC 13818-1 §2.4.3) in
/// place, through a raw pointer to its sync byte. Nothing here allocates or retains: these run
/// once or twice per packet of the input.
enum TSPacketBytes {
    static let size = 188
    static let sync: UInt8 = 0x47
    static let nullPID = 0x1FFF

    @inline(__always) static func pid(_ p: UnsafeRawPointer) -> Int {
        Int(p.load(fromByteOffset: 1, as: UInt8.self) & 0x1F) << 8 | Int(p.load(fromByteOffset: 2, as: UInt8.self))
    }

    @inline(__always) static func unitStart(_ p: UnsafeRawPointer) -> Bool {
        p.load(fromByteOffset: 1, as: UInt8.self) & 0x40 != 0
    }

    @inline(__always) static func continuity(_ p: UnsafeRawPointer) -> UInt8 {
        p.load(fromByteOffset: 3, as: UInt8.self) & 0x0F
    }

    /// A packet without payload (adaptation field only) does not advance its PID's counter.
    @inline(__always) static func hasPayload(_ p: UnsafeRawPointer) -> Bool {
        p.load(fromByteOffset: 3, as: UInt8.self) & 0x10 != 0
    }

    /// transport_error_indicator: an upstream demodulator could not correct this packet.
    @inline(__always) static func transportError(_ p: UnsafeRawPointer) -> Bool {
        p.load(fromByteOffset: 1, as: UInt8.self) & 0x80 != 0
    }

    /// The adaptation field's discontinuity_indicator: the continuity counter (and the clock)
    /// may restart here legitimately (§2.4.3.5).
    @inline(__always) static func discontinuity(_ p: UnsafeRawPointer) -> Bool {
        hasAdaptation(p) && p.load(fromByteOffset: 4, as: UInt8.self) > 0
            && p.load(fromByteOffset: 5, as: UInt8.self) & 0x80 != 0
    }

    @inline(__always) static func hasAdaptation(_ p: UnsafeRawPointer) -> Bool {
        p.load(fromByteOffset: 3, as: UInt8.self) & 0x20 != 0
    }

    /// Offset of the payload in the packet, or nil when there is none or the adaptation field
    /// claims more bytes than the packet has (a damaged packet: its payload is ignored).
    @inline(__always) static func payloadOffset(_ p: UnsafeRawPointer) -> Int? {
        guard hasPayload(p) else { return nil }
        guard hasAdaptation(p) else { return 4 }
        let offset = 5 + Int(p.load(fromByteOffset: 4, as: UInt8.self))
        return offset < size ? offset : nil
    }

    /// The random_access_indicator of the adaptation field (set by encoders on the first
    /// packet of a keyframe's PES).
    @inline(__always) static func randomAccess(_ p: UnsafeRawPointer) -> Bool {
        hasAdaptation(p) && p.load(fromByteOffset: 4, as: UInt8.self) > 0
            && p.load(fromByteOffset: 5, as: UInt8.self) & 0x40 != 0
    }

    /// Whether the adaptation field carries a PCR (its 6 bytes at offset 6).
    @inline(__always) static func hasPCR(_ p: UnsafeRawPointer) -> Bool {
        hasAdaptation(p) && p.load(fromByteOffset: 4, as: UInt8.self) >= 7
            && p.load(fromByteOffset: 5, as: UInt8.self) & 0x10 != 0
    }

    /// program_clock_reference_base (33 bits, 90 kHz); call only when `hasPCR`.
    static func pcrBase(_ p: UnsafeRawPointer) -> UInt64 {
        var v: UInt64 = 0
        for i in 6..<10 { v = v << 8 | UInt64(p.load(fromByteOffset: i, as: UInt8.self)) }
        return v << 1 | UInt64(p.load(fromByteOffset: 10, as: UInt8.self) >> 7)
    }

    /// Replaces the PCR base, keeping the 6 reserved bits and the 27 MHz extension.
    static func setPCRBase(_ p: UnsafeMutableRawPointer, _ base: UInt64) {
        let b = base & TSTimestampField.mask
        p.storeBytes(of: UInt8(truncatingIfNeeded: b >> 25), toByteOffset: 6, as: UInt8.self)
        p.storeBytes(of: UInt8(truncatingIfNeeded: b >> 17), toByteOffset: 7, as: UInt8.self)
        p.storeBytes(of: UInt8(truncatingIfNeeded: b >> 9), toByteOffset: 8, as: UInt8.self)
        p.storeBytes(of: UInt8(truncatingIfNeeded: b >> 1), toByteOffset: 9, as: UInt8.self)
        let low = p.load(fromByteOffset: 10, as: UInt8.self) & 0x7F
        p.storeBytes(of: UInt8(truncatingIfNeeded: b & 1) << 7 | low, toByteOffset: 10, as: UInt8.self)
    }

    @inline(__always) static func setContinuity(_ p: UnsafeMutableRawPointer, _ cc: UInt8) {
        let b3 = p.load(fromByteOffset: 3, as: UInt8.self)
        p.storeBytes(of: (b3 & 0xF0) | (cc & 0x0F), toByteOffset: 3, as: UInt8.self)
    }

    /// Writes the packet of `section` on `pid` that starts at its byte `from` (the first one
    /// with payload_unit_start and a zero pointer_field), filled out with 0xFF; returns the
    /// section bytes it took.
    static func writeSectionPacket(_ q: UnsafeMutableRawPointer, pid: Int, cc: UInt8, section: [UInt8], from i: Int) -> Int {
        let first = i == 0
        q.storeBytes(of: sync, as: UInt8.self)
        q.storeBytes(of: (first ? 0x40 : 0x00) | UInt8(pid >> 8 & 0x1F), toByteOffset: 1, as: UInt8.self)
        q.storeBytes(of: UInt8(pid & 0xFF), toByteOffset: 2, as: UInt8.self)
        q.storeBytes(of: 0x10 | cc, toByteOffset: 3, as: UInt8.self)
        var o = 4
        if first {
            q.storeBytes(of: 0, toByteOffset: 4, as: UInt8.self)
            o = 5
        }
        let take = min(size - o, section.count - i)
        section.withUnsafeBytes { src in
            if let base = src.baseAddress { (q + o).copyMemory(from: base + i, byteCount: take) }
        }
        (q + o + take).initializeMemory(as: UInt8.self, repeating: 0xFF, count: size - o - take)
        return take
    }
}
