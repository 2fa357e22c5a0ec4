extension FragmentTrack {
    /// Whether `add(pieces:…)` can take a sample: its bytes are kept, and they are Annex B (the
    /// form of a TS input's video; other forms come whole, through `add(_:…)`).
    var takesPieces: Bool {
        guard keepsBytes, case .annexB = payload else { return false }
        return true
    }

    /// Adds one Annex B packet whose bytes `forEachPiece` hands over piece by piece (see
    /// `DeferredPacketBytes`), converted into the fragment as they come: the same sample as
    /// `add(_:…)` of the bytes in one piece. Only when `takesPieces`.
    func add(pieces forEachPiece: ((UnsafeRawBufferPointer) -> Void) throws -> Void, pts: Int64?, dts: Int64?,
             duration: Int64, key: Bool) throws {
        let timing = try SampleTiming(track: self, pts: pts, dts: dts, duration: duration)
        let out = buffer()
        let start = out.count
        var converter = AnnexBPieceConverter(into: out)
        do {
            try forEachPiece { converter.append($0) }
        } catch {
            out.truncate(to: start)
            throw error
        }
        let size = converter.finish()
        guard converter.inputCount > 0 else { return }      // no bytes at all: no sample
        // An Annex B unit with no start code is a sample of no bytes, as `add(_:…)` lists it.
        record(timing, size: size, key: key)
    }
}
