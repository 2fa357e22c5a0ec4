/// The byte-level TS path: held video units are read back from the input (their PES's
/// elementary stream) for the cutter, and what the cut made goes out as replacement PES packets
/// (PTS and DTS, the slot's own PCR) in the slots of the window's units — every other unit,
/// and the window's untouched pictures, keep going out as the input's own packets.
final class TSSpliceMedia: SpliceMedia {
    private let window: TSInputWindow
    private let grid: TSPacketGrid

    init(input: TSInputWindow, grid: TSPacketGrid) {
        window = input
        self.grid = grid
    }

    func input(_ media: MediaPacket, ticks: (pts: Int64, dts: Int64), streamIndex: Int) throws -> SpliceInputPacket {
        guard case .ts(let unit) = media.payload else { throw SpliceMediaError.wrongPayload(pts: media.pts) }
        return try packet(of: unit, ticks: ticks, streamIndex: streamIndex).input
    }

    func output(_ spliced: SplicedPacket, in slot: MediaPacket, timeline: SpliceTimeline, keyframe: Bool) throws -> MediaPacket {
        guard case .ts(let original) = slot.payload else { throw SpliceMediaError.wrongPayload(pts: slot.pts) }
        var unit = try replacing(original, with: spliced.packet.bytes, pts: spliced.pts, dts: spliced.dts)
        unit.keyframe = keyframe
        if spliced.packet.duration > 0 { unit.duration = spliced.packet.duration }
        return MediaPacket(unit: unit, role: slot.role, pts: spliced.pts, dts: spliced.dts)
    }

    func continued(_ media: MediaPacket, through continuations: [SpliceContinuation], streamIndex: Int) throws -> MediaPacket {
        guard !continuations.isEmpty, case .ts(let unit) = media.payload else { return media }
        let read = try packet(of: unit, ticks: (media.pts, media.dts), streamIndex: streamIndex)
        var out = read.input.packet
        for continuation in continuations { out = try continuation.apply(out) }
        guard out !== read.input.packet else { return media }
        let rewritten = try replacing(unit, with: out.bytes, pts: media.pts, dts: media.dts, streamID: read.streamID)
        return MediaPacket(unit: rewritten, role: media.role, pts: media.pts, dts: media.dts)
    }

    /// Replaced units are written from their own bytes; the others still read the input.
    func oldestOffset(of held: [MediaPacket]) -> Int64? {
        held.compactMap { media -> Int64? in
            guard case .ts(let unit) = media.payload, unit.replacementPES == nil else { return nil }
            return unit.firstPacket
        }.min()
    }

    private func packet(of unit: TSAccessUnit, ticks: (pts: Int64, dts: Int64),
                        streamIndex: Int) throws -> (input: SpliceInputPacket, streamID: UInt8) {
        guard let (id, bytes) = try TSUnitPayload.gather(unit, input: window, grid: grid) else {
            throw SpliceMediaError.unreadable(input: window.name, pts: unit.pts ?? 0)
        }
        guard let packet = DemuxedPacket.splicePacket(bytes: bytes, stream: streamIndex, pts: ticks.pts, dts: ticks.dts,
                                                      keyframe: unit.keyframe) else {
            throw SpliceMediaError.outOfMemory(input: window.name)
        }
        return (SpliceInputPacket(packet: packet, pts: ticks.pts, dts: ticks.dts), id)
    }

    /// `unit`'s slot with new bytes and times, sent as a PES of its own with the unit's PCR.
    private func replacing(_ unit: TSAccessUnit, with bytes: [UInt8], pts: Int64, dts: Int64,
                           streamID known: UInt8? = nil) throws -> TSAccessUnit {
        var id = known
        if id == nil { id = try TSUnitPayload.gather(unit, input: window, grid: grid)?.0 }
        guard let id else { throw SpliceMediaError.unreadable(input: window.name, pts: unit.pts ?? 0) }
        var out = unit
        out.pts = pts
        out.dts = dts
        out.replacementPCR = try TSUnitPayload.firstPCR(unit, input: window, grid: grid)
        out.replacementPES = TSVideoPES.packet(streamID: id, pts: pts, dts: dts, payload: bytes)
        return out
    }
}
