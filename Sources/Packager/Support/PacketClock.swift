import CueDetect

/// A packet's PTS and DTS as 90 kHz ticks on one timeline for every stream: 33-bit MPEG
/// timestamps (time base 1/90000) are unwrapped per stream, other time bases (MP4, MKV) are
/// rescaled (they do not wrap); a missing one is taken from the other. A packet with neither —
/// libavformat leaves the later AAC frames of a stream's first PES without any — continues from
/// the stream's previous packet by that packet's duration, and is stamped so, so no frame of the
/// source is lost at the start of a programme.
struct PacketClock {
    private var unwrappers: [Int: TimestampUnwrapper] = [:]
    private var previous: [Int: (raw: Int64, duration: Int64)] = [:]
    private let timeBases: [Int: (num: Int32, den: Int32)]
    private let frameDurations: [Int: Int64]

    init(streams: [StreamInfo] = []) {
        timeBases = Dictionary(streams.map { ($0.index, $0.timeBase) }, uniquingKeysWith: { a, _ in a })
        frameDurations = Dictionary(streams.compactMap { s in s.frameDuration.map { (s.index, $0) } }, uniquingKeysWith: { a, _ in a })
    }

    mutating func times(of packet: DemuxedPacket) -> (pts: Int64, dts: Int64)? {
        let stream = packet.streamIndex
        if packet.dts == nil, packet.pts == nil, let last = previous[stream], last.duration > 0 {
            packet.setTimestamps(last.raw + last.duration)
        }
        guard let rawDTS = packet.dts ?? packet.pts else { return nil }
        let duration = packet.duration > 0 ? packet.duration : frameDurations[stream] ?? 0
        previous[stream] = (packet.pts ?? rawDTS, duration)
        let base = timeBases[stream] ?? (1, 90_000)
        guard base.num == 1, base.den == 90_000 else {
            let dts = Self.ticks(rawDTS, base)
            return (packet.pts.map { Self.ticks($0, base) } ?? dts, dts)
        }
        let dts = unwrappers[stream, default: TimestampUnwrapper()].unwrap(UInt64(truncatingIfNeeded: rawDTS))
        let pts = packet.pts.map { ProgramClock.unwrap(UInt64(truncatingIfNeeded: $0), near: dts) } ?? dts
        return (pts, dts)
    }

    /// Forget the timeline (a timestamp reset starts a new one).
    mutating func reset() {
        unwrappers = [:]
        previous = [:]
    }

    private static func ticks(_ value: Int64, _ base: (num: Int32, den: Int32)) -> Int64 {
        guard base.den > 0 else { return value }
        let (product, overflow) = value.multipliedReportingOverflow(by: 90_000 * Int64(base.num))
        return overflow ? Int64(Double(value) * 90_000 * Double(base.num) / Double(base.den)) : product / Int64(base.den)
    }
}
