/// Splits an audio PES that straddles a cut into the frames before and after it, as two new
/// PES packets, so each ADTS (AAC) frame lands on the side of the cut `AudioSpliceRule` gives it —
/// the FFmpeg path cuts per frame, and a muxer packs ~1/3 s of frames into one PES.
///
/// Only ADTS payloads are split (frame lengths are in their headers); other audio stays whole,
/// on the side of its first PTS.
enum TSAudioPESSplit {
    /// The frames before and after the cut at `at` by `AudioSpliceRule` (a frame goes after once
    /// half of it is past the cut), as replacement units — the unit itself for a side that gets
    /// every frame, nil for a side that gets none; nil when the PES is not ADTS.
    /// `nearest`: by `AudioSpliceRule` (accurate splices); else a frame goes where its PTS says,
    /// and nil when every frame goes before (the unit is routed whole, as keyframe cuts always did).
    static func split(_ unit: TSAccessUnit, at: Int64, input: TSInputWindow, grid: TSPacketGrid, nearest: Bool) throws
        -> (before: TSAccessUnit?, after: TSAccessUnit?)? {
        guard let pts = unit.pts, let (streamID, payload) = try TSUnitPayload.gather(unit, input: input, grid: grid),
              let frames = payload.withUnsafeBytes({ ADTSFrames($0) }) else { return nil }
        let offsets = frames.offsets
        let times = frames.times(pesPTS: pts)
        let framePTS = { (k: Int) -> Int64 in times[k] }
        let cut = offsets.indices.first {
            AudioSpliceRule.side(pts: framePTS($0), duration: framePTS($0 + 1) - framePTS($0), cut: at, nearest: nearest) == .after
        } ?? offsets.count
        if !nearest, cut == 0 || cut == offsets.count { return nil }
        if cut == 0 { return (nil, unit) }
        if cut == offsets.count { return (unit, nil) }
        var before = unit, after = unit
        before.replacementPES = pes(streamID: streamID, pts: pts, payload: payload[..<offsets[cut]])
        after.replacementPES = pes(streamID: streamID, pts: framePTS(cut), payload: payload[offsets[cut]...])
        after.pts = framePTS(cut)
        after.dts = nil
        before.duration = framePTS(cut) - pts
        after.duration = max(unit.duration - before.duration, 0)
        return (before, after)
    }

    /// A PES packet with a PTS only (audio needs no DTS).
    private static func pes(streamID: UInt8, pts: Int64, payload: ArraySlice<UInt8>) -> [UInt8] {
        let length = payload.count + 8
        var out: [UInt8] = [0, 0, 1, streamID, UInt8(length > 0xFFFF ? 0 : length >> 8), UInt8(length > 0xFFFF ? 0 : length & 0xFF),
                            0x80, 0x80, 5, 0x21, 0, 0x01, 0, 0x01]
        out.withUnsafeMutableBytes { b in
            if let base = b.baseAddress { TSTimestampField.write(base, at: 9, UInt64(bitPattern: pts)) }
        }
        out += payload
        return out
    }
}
