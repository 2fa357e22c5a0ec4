/// What a PES access unit of the input carries, read back from its TS packets: its stream_id
/// and elementary-stream bytes, and the first PCR among its packets (what the audio split and a
/// re-encoded splice GOP need to send a unit again as a PES of their own).
enum TSUnitPayload {
    /// The stream_id and elementary-stream bytes of a PES (a replacement PES's own, if it has
    /// one), or nil when the unit does not hold a whole PES header.
    static func gather(_ unit: TSAccessUnit, input: TSInputWindow, grid: TSPacketGrid) throws -> (UInt8, [UInt8])? {
        if let pes = unit.replacementPES { return elementaryStream(of: pes) }
        var bytes: [UInt8] = []
        try eachPayload(of: unit, input: input, grid: grid) { bytes.append(contentsOf: $0) }
        return elementaryStream(of: bytes)
    }

    /// The payload bytes of each of the unit's TS packets, in order (the PES, header included).
    static func eachPayload(of unit: TSAccessUnit, input: TSInputWindow, grid: TSPacketGrid,
                            _ body: (UnsafeRawBufferPointer) -> Void) throws {
        var offset = unit.firstPacket
        var cursor = grid.cursor(from: offset)
        while offset <= unit.lastPacket {
            let p = try input.packet(at: offset)
            if TSPacketBytes.pid(p) == unit.pid, let start = TSPacketBytes.payloadOffset(p) {
                body(UnsafeRawBufferPointer(start: p + start, count: TSPacketBytes.size - start))
            }
            offset = grid.step(from: offset, cursor: &cursor)
        }
    }

    /// Where the elementary stream lies in the unit's payloads taken end to end: past the PES
    /// header, up to PES_packet_length when it is set (else `Int.max`). Read from the payload of
    /// the unit's first packet on its PID; nil when the header is not whole there.
    static func elementaryStreamBounds(of unit: TSAccessUnit, input: TSInputWindow, grid: TSPacketGrid) throws -> Range<Int>? {
        var offset = unit.firstPacket
        var cursor = grid.cursor(from: offset)
        while offset <= unit.lastPacket {
            let p = try input.packet(at: offset)
            if TSPacketBytes.pid(p) == unit.pid {
                guard let start = TSPacketBytes.payloadOffset(p) else { return nil }
                let first = UnsafeRawBufferPointer(start: p + start, count: TSPacketBytes.size - start)
                guard let range = elementaryStreamRange(first) else { return nil }
                return range.lowerBound..<declaredEnd(first)
            }
            offset = grid.step(from: offset, cursor: &cursor)
        }
        return nil
    }

    /// The unit's elementary-stream bytes (`bounds` from `elementaryStreamBounds`) piece by
    /// piece where they lie, each piece valid only during its call.
    static func eachElementaryPiece(of unit: TSAccessUnit, bounds: Range<Int>, input: TSInputWindow, grid: TSPacketGrid,
                                    _ body: (UnsafeRawBufferPointer) -> Void) throws {
        var walked = 0
        try eachPayload(of: unit, input: input, grid: grid) { payload in
            let payloadStart = walked
            walked += payload.count
            let from = max(bounds.lowerBound, payloadStart), to = min(bounds.upperBound, walked)
            guard from < to else { return }
            body(UnsafeRawBufferPointer(rebasing: payload[(from - payloadStart)..<(to - payloadStart)]))
        }
    }

    /// The same bytes in one array.
    static func elementaryBytes(of unit: TSAccessUnit, bounds: Range<Int>, input: TSInputWindow,
                                grid: TSPacketGrid) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(unit.packetCount * (TSPacketBytes.size - 4))
        try eachElementaryPiece(of: unit, bounds: bounds, input: input, grid: grid) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Where the elementary stream lies in a PES (past its header, up to PES_packet_length
    /// when it is set), or nil when the bytes do not hold a whole PES header.
    static func elementaryStreamRange(_ pes: UnsafeRawBufferPointer) -> Range<Int>? {
        guard pes.count >= 9, pes[0] == 0, pes[1] == 0, pes[2] == 1 else { return nil }
        let end = min(pes.count, declaredEnd(pes))
        let headerEnd = 9 + Int(pes[8])
        return headerEnd <= end ? headerEnd..<end : nil
    }

    /// Where a PES ends by its PES_packet_length (6 + the length), or `Int.max` when that is 0
    /// (unbounded, as video PES often are). `pes` holds at least its first 6 bytes.
    private static func declaredEnd(_ pes: UnsafeRawBufferPointer) -> Int {
        let length = Int(pes[4]) << 8 | Int(pes[5])
        return length > 0 ? 6 + length : Int.max
    }

    /// The raw 48-bit program_clock_reference field of the first of the unit's packets that has
    /// one (a replacement's own, if it has one).
    static func firstPCR(_ unit: TSAccessUnit, input: TSInputWindow, grid: TSPacketGrid) throws -> UInt64? {
        if unit.replacementPES != nil { return unit.replacementPCR }
        var offset = unit.firstPacket
        var cursor = grid.cursor(from: offset)
        while offset <= unit.lastPacket {
            let p = try input.packet(at: offset)
            if TSPacketBytes.pid(p) == unit.pid, TSPacketBytes.hasPCR(p) {
                return (6..<12).reduce(UInt64(0)) { $0 << 8 | UInt64(p.load(fromByteOffset: $1, as: UInt8.self)) }
            }
            offset = grid.step(from: offset, cursor: &cursor)
        }
        return nil
    }

    private static func elementaryStream(of bytes: [UInt8]) -> (UInt8, [UInt8])? {
        guard let range = bytes.withUnsafeBytes({ elementaryStreamRange($0) }) else { return nil }
        return (bytes[3], Array(bytes[range]))
    }
}
