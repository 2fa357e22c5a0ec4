/// The elementary-stream bytes of one PES access unit, left in the input's TS packets until the
/// unit is written: pkgctl's fMP4 muxer converts them into the fragment from there
/// (`AnnexBPieceConverter`), where gathering every picture into an array of its own first was a
/// copy of every video byte. Anything else that asks for the bytes gets them gathered.
///
/// The unit's input window stays mapped while this lives (`TSInputWindow.hold`); the vod fMP4
/// path that makes these runs on one thread, as the window requires.
final class TSUnitElementaryStream: DeferredPacketBytes {
    private let unit: TSAccessUnit
    private let input: TSInputWindow
    private let grid: TSPacketGrid
    /// Where the elementary stream lies in the unit's payloads taken end to end: past the PES
    /// header, up to PES_packet_length when it is set.
    private let start: Int
    private let end: Int

    /// nil when the bytes are better read at once: a replacement PES (already bytes of its
    /// own), a PES header that does not fit in the first packet's payload, or an input whose
    /// bytes are not kept mapped.
    init?(unit: TSAccessUnit, input: TSInputWindow, grid: TSPacketGrid) throws {
        guard unit.replacementPES == nil, let first = try TSUnitPayload.firstPayload(of: unit, input: input, grid: grid),
              let range = TSUnitPayload.elementaryStreamRange(first) else { return nil }
        let length = Int(first[4]) << 8 | Int(first[5])
        guard input.hold(unit.firstPacket) else { return nil }
        (self.unit, self.input, self.grid) = (unit, input, grid)
        start = range.lowerBound
        end = length > 0 ? 6 + length : Int.max
    }

    deinit { input.unhold(unit.firstPacket) }

    func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) throws {
        var walked = 0
        try TSUnitPayload.eachPayload(of: unit, input: input, grid: grid) { payload in
            let payloadStart = walked
            walked += payload.count
            let from = max(start, payloadStart), to = min(end, walked)
            guard from < to else { return }
            body(UnsafeRawBufferPointer(rebasing: payload[(from - payloadStart)..<(to - payloadStart)]))
        }
    }

    /// Cannot come up short: the hold keeps every packet of the unit mapped, and the indexer
    /// found them all inside the file.
    func gathered() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(unit.packetCount * (TSPacketBytes.size - 4))
        try? forEachPiece { bytes.append(contentsOf: $0) }
        return bytes
    }
}
