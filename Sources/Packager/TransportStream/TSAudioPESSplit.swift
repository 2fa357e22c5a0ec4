/// Splits an audio PES that straddles a cut into the frames before and after it, as two new
/// PES packets, so each ADTS (AAC) frame lands on the side of the cut its own PTS says — the
/// FFmpeg path cuts per frame, and a muxer packs ~1/3 s of frames into one PES.
///
/// Only ADTS payloads are split (frame lengths are in their headers); other audio stays whole,
/// on the side of its first PTS.
enum TSAudioPESSplit {
    private static let sampleRates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]

    /// (before, after) replacement units, or nil when the PES is not ADTS or no frame boundary
    /// falls at or after `at` with frames on both sides.
    static func split(_ unit: TSAccessUnit, at: Int64, input: TSInputWindow, grid: TSPacketGrid) throws
        -> (TSAccessUnit, TSAccessUnit)? {
        guard let pts = unit.pts, let (streamID, payload) = try gather(unit, input: input, grid: grid) else { return nil }
        var offsets: [Int] = []
        var i = 0
        var rate = 0
        while i + 7 <= payload.count, payload[i] == 0xFF, payload[i + 1] & 0xF6 == 0xF0 {
            let index = Int(payload[i + 2] >> 2 & 0x0F)
            guard index < sampleRates.count else { return nil }
            rate = sampleRates[index]
            let length = Int(payload[i + 3] & 0x03) << 11 | Int(payload[i + 4]) << 3 | Int(payload[i + 5] >> 5)
            guard length >= 7, i + length <= payload.count else { return nil }
            offsets.append(i)
            i += length
        }
        guard rate > 0, i == payload.count else { return nil }
        // libavformat times the frames after a PES's first by their durations (1024 samples);
        // rounded to the nearest tick this lands within one tick of its times.
        let framePTS = { (k: Int) -> Int64 in pts + (Int64(k) * 1024 * 180_000 + Int64(rate)) / (2 * Int64(rate)) }
        guard let cut = offsets.indices.first(where: { framePTS($0) >= at }), cut > 0 else { return nil }
        var before = unit, after = unit
        before.replacementPES = pes(streamID: streamID, pts: pts, payload: payload[..<offsets[cut]])
        after.replacementPES = pes(streamID: streamID, pts: framePTS(cut), payload: payload[offsets[cut]...])
        after.pts = framePTS(cut)
        after.dts = nil
        before.duration = framePTS(cut) - pts
        after.duration = max(unit.duration - before.duration, 0)
        return (before, after)
    }

    /// The stream_id and elementary-stream bytes of a PES, read back from its packets.
    private static func gather(_ unit: TSAccessUnit, input: TSInputWindow, grid: TSPacketGrid) throws
        -> (UInt8, [UInt8])? {
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
        guard bytes.count >= 9, bytes[0] == 0, bytes[1] == 0, bytes[2] == 1 else { return nil }
        var end = bytes.count
        let length = Int(bytes[4]) << 8 | Int(bytes[5])
        if length > 0 { end = min(end, 6 + length) }
        let headerEnd = 9 + Int(bytes[8])
        guard headerEnd <= end else { return nil }
        return (bytes[3], Array(bytes[headerEnd..<end]))
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
