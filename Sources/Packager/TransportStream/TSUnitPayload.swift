/// What a PES access unit of the input carries, read back from its TS packets: its stream_id
/// and elementary-stream bytes, and the first PCR among its packets (what the audio split and a
/// re-encoded splice GOP need to send a unit again as a PES of their own).
enum TSUnitPayload {
    /// The stream_id and elementary-stream bytes of a PES (a replacement PES's own, if it has
    /// one), or nil when the unit does not hold a whole PES header.
    static func gather(_ unit: TSAccessUnit, input: TSInputWindow, grid: TSPacketGrid) throws -> (UInt8, [UInt8])? {
        if let pes = unit.replacementPES { return elementaryStream(of: pes) }
        var bytes: [UInt8] = []
        var offset = unit.firstPacket
        var cursor = grid.cursor(from: offset)
        while offset <= unit.lastPacket {
            let p = try input.packet(at: offset)
            if TSPacketBytes.pid(p) == unit.pid, let start = TSPacketBytes.payloadOffset(p) {
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: p + start, count: TSPacketBytes.size - start))
            }
            offset = grid.step(from: offset, cursor: &cursor)
        }
        return elementaryStream(of: bytes)
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
        guard bytes.count >= 9, bytes[0] == 0, bytes[1] == 0, bytes[2] == 1 else { return nil }
        var end = bytes.count
        let length = Int(bytes[4]) << 8 | Int(bytes[5])
        if length > 0 { end = min(end, 6 + length) }
        let headerEnd = 9 + Int(bytes[8])
        guard headerEnd <= end else { return nil }
        return (bytes[3], Array(bytes[headerEnd..<end]))
    }
}
