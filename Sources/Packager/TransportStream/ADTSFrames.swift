/// The ADTS (AAC) frames one audio PES carries back to back, read from their headers
/// (ISO/IEC 13818-7 §6.2: sync word, sampling_frequency_index, aac_frame_length), and the times
/// libavformat gives them: the PES's PTS to the first, then 1024 samples each.
struct ADTSFrames {
    private static let sampleRates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]

    /// Byte offsets of the frames within the payload, in order.
    let offsets: [Int]
    /// Byte lengths of the frames, in order.
    let lengths: [Int]
    let sampleRate: Int
    /// Where the scan stopped: the start of a last frame (or header) that does not fit, else the
    /// payload's end.
    let end: Int
    /// Bytes skipped looking for a sync word (damage, or a frame begun in an earlier PES).
    let skipped: Int

    /// The payload's frames; `strict`: nil unless it is whole ADTS frames, from its first byte to
    /// its last. Otherwise bytes without a sync word are skipped, and a frame cut off by the
    /// payload's end is left at `end`. nil when there is no frame at all.
    init?(_ payload: UnsafeRawBufferPointer, strict: Bool = true) {
        var offsets: [Int] = [], lengths: [Int] = []
        var i = 0, rate = 0, skipped = 0
        while i + 7 <= payload.count {
            guard payload[i] == 0xFF, payload[i + 1] & 0xF6 == 0xF0, Int(payload[i + 2] >> 2 & 0x0F) < Self.sampleRates.count else {
                if strict { return nil }
                i += 1
                skipped += 1
                continue
            }
            let length = Int(payload[i + 3] & 0x03) << 11 | Int(payload[i + 4]) << 3 | Int(payload[i + 5] >> 5)
            guard length >= 7 else {
                if strict { return nil }
                i += 1
                skipped += 1
                continue
            }
            guard i + length <= payload.count else { break }
            rate = Self.sampleRates[Int(payload[i + 2] >> 2 & 0x0F)]
            offsets.append(i)
            lengths.append(length)
            i += length
        }
        guard rate > 0, !strict || i == payload.count else { return nil }
        self.offsets = offsets
        self.lengths = lengths
        sampleRate = rate
        end = i
        self.skipped = skipped
    }

    /// The PTS of each frame of a PES whose PTS is `pts`, and where the last one ends (one more
    /// than there are frames), as libavformat's demuxer times them: the first gets the PES's
    /// PTS, each next one its predecessor's plus 1024 samples, added by `av_add_stable` — on the
    /// grid of whole frames from tick 0, keeping the PES's offset from it — so at 44.1 kHz the
    /// times here are libavformat's to the tick (the fMP4 output of both readers is identical).
    func times(pesPTS pts: Int64) -> [Int64] {
        var out = [pts]
        out.reserveCapacity(offsets.count + 1)
        for _ in offsets { out.append(Self.addFrame(out[out.count - 1], sampleRate: sampleRate)) }
        return out
    }

    /// The duration libavformat's demuxer gives each frame's packet: 1024 samples in 90 kHz
    /// ticks, rounded down (2089 at 44.1 kHz, though the times step by 2089 or 2090).
    var packetDuration: Int64 { Int64(1024 * 90_000 / sampleRate) }

    /// av_add_stable(1/90000, ts, 1024/rate, 1).
    private static func addFrame(_ ts: Int64, sampleRate: Int) -> Int64 {
        let m = Int64(1024 * 90_000), d = Int64(sampleRate)
        if m % d == 0 { return ts + m / d }
        let frames = rescaleNear(ts, by: d, over: m)
        let onGrid = rescaleNear(frames, by: m, over: d)
        return rescaleNear(frames + 1, by: m, over: d) + (ts - onGrid)
    }

    /// a·b/c rounded to the nearest, halves away from zero (av_rescale_rnd's AV_ROUND_NEAR_INF).
    private static func rescaleNear(_ a: Int64, by b: Int64, over c: Int64) -> Int64 {
        a >= 0 ? (a * b + c / 2) / c : -((-a * b + c / 2) / c)
    }
}
