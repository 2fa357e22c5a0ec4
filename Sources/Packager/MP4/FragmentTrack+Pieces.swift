extension FragmentTrack {
    /// Whether `add(pieces:…)` can take a sample: its bytes are kept, and their form is known
    /// without looking at them (not `firstSampleDecides`).
    var takesPieces: Bool {
        guard keepsBytes else { return false }
        if case .firstSampleDecides = payload { return false }
        return true
    }

    /// Adds one packet whose bytes `forEachPiece` hands over piece by piece (see
    /// `DeferredPacketBytes`), converted into the fragment as they come: the same sample as
    /// `add(_:…)` of the bytes in one piece. Only when `takesPieces`.
    func add(pieces forEachPiece: ((UnsafeRawBufferPointer) -> Void) throws -> Void, pts: Int64?, dts: Int64?,
             duration: Int64, key: Bool) throws {
        let timing = try SampleTiming(track: self, pts: pts, dts: dts, duration: duration)
        let out = buffer()
        let start = out.count
        let size: Int
        do {
            if case .raw = payload {
                try forEachPiece { out.append($0) }
                size = out.count - start
                guard size > 0 else { return }
            } else {
                var converter = AnnexBPieceConverter(into: out)
                try forEachPiece { converter.append($0) }
                size = converter.finish()
                guard converter.inputCount > 0 else { return }      // no bytes at all: no sample
            }
        } catch {
            out.truncate(to: start)
            throw error
        }
        // An Annex B unit with no start code is a sample of no bytes, as `add(_:…)` lists it.
        record(timing, size: size, key: key)
    }
}
