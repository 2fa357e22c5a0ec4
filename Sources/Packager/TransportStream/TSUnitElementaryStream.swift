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
    /// Where the elementary stream lies (`TSUnitPayload.elementaryStreamBounds`).
    private let bounds: Range<Int>

    /// nil when the bytes are better read at once: a replacement PES (already bytes of its
    /// own), a PES header that does not fit in the first packet's payload, or an input whose
    /// bytes are not kept mapped.
    init?(unit: TSAccessUnit, input: TSInputWindow, grid: TSPacketGrid) throws {
        guard unit.replacementPES == nil, let bounds = try TSUnitPayload.elementaryStreamBounds(of: unit, input: input, grid: grid),
              input.hold(unit.firstPacket) else { return nil }
        (self.unit, self.input, self.grid, self.bounds) = (unit, input, grid, bounds)
    }

    deinit { input.unhold(unit.firstPacket) }

    func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) throws {
        try TSUnitPayload.eachElementaryPiece(of: unit, bounds: bounds, input: input, grid: grid, body)
    }

    /// Cannot come up short: the hold keeps every packet of the unit mapped, and the indexer
    /// found them all inside the file.
    func gathered() -> [UInt8] {
        (try? TSUnitPayload.elementaryBytes(of: unit, bounds: bounds, input: input, grid: grid)) ?? []
    }
}
