/// The cutter works in the video stream's own time base (it sets up the encoder's time base and
/// frame rate from it); the pipeline works in 90 kHz ticks. For MPEG-TS the two are one timeline
/// (the unwrapped 90 kHz values); other time bases (MP4, MKV) do not wrap, so their raw values
/// are the cutter's timeline and are rescaled here as `PacketClock` does.
struct SpliceTimeline: Equatable, Sendable {
    let num: Int64
    let den: Int64

    init(timeBase: (num: Int32, den: Int32)) {
        num = Int64(max(timeBase.num, 1))
        den = Int64(max(timeBase.den, 1))
    }

    var is90kHz: Bool { num == 1 && den == 90_000 }

    /// A packet's PTS and DTS on the cutter's timeline.
    func ticks(of media: MediaPacket) -> (pts: Int64, dts: Int64) {
        guard !is90kHz, case .av(let packet) = media.payload, let raw = packet.pts ?? packet.dts else {
            return (media.pts, media.dts)
        }
        return (raw, packet.dts ?? raw)
    }

    /// 90 kHz ticks → stream ticks, rounded up: the first stream tick at or after them.
    func streamTicks(_ ticks90k: Int64) -> Int64 {
        guard !is90kHz else { return ticks90k }
        let scaled = ticks90k * den
        let unit = 90_000 * num
        return scaled >= 0 ? (scaled + unit - 1) / unit : scaled / unit
    }

    /// Stream ticks → 90 kHz ticks, as `PacketClock` rescales them.
    func ticks90k(_ stream: Int64) -> Int64 {
        is90kHz ? stream : stream * 90_000 * num / den
    }

    /// The picture spacing in stream ticks at `framesPerSecond`, nil when unknown.
    func frameDuration(framesPerSecond: Double?) -> Int64? {
        guard let fps = framesPerSecond, fps.isFinite, fps > 0 else { return nil }
        let ticks = (Double(den) / Double(num) / fps).rounded()
        return ticks >= 1 ? Int64(ticks) : nil
    }
}
