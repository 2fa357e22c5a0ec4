/// The time a stream of one segment covers, from its packets: first presentation time to
/// the end of the last frame, in nanoseconds, with MPEG-TS's 33-bit timestamps unwrapped
/// inside the segment. A packet without a duration lasts one frame, estimated from the
/// smallest gap between successive timestamps (or the stream's frame rate).
struct StreamTiming: Equatable, Sendable {
    let startNanos: Int64
    let endNanos: Int64
    /// One frame (video) or packet (audio) in nanoseconds; 0 when unknown.
    let frameNanos: Int64
    let startsWithKeyframe: Bool
    /// The wrap period of the timestamps in nanoseconds (2^33 ticks for TS); nil for 64 bits.
    let wrapNanos: Int64?

    var durationNanos: Int64 { endNanos - startNanos }

    init?(_ stream: ProbedStream) {
        let timed = stream.packets.compactMap { packet in (packet.pts ?? packet.dts).map { (time: $0, packet: packet) } }
        guard let first = timed.first, stream.timeBase.num > 0, stream.timeBase.den > 0 else { return nil }
        let wrap: Int64? = stream.wrapBits > 0 && stream.wrapBits < 63 ? Int64(1) << stream.wrapBits : nil
        func unwrapped(_ ticks: Int64) -> Int64 {
            guard let wrap, ticks < first.time - wrap / 2 else { return ticks }
            return ticks + wrap
        }
        let times = timed.map { unwrapped($0.time) }
        let sorted = Array(Set(times)).sorted()
        let smallestGap = zip(sorted, sorted.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.min()
        let rateGap = stream.frameRate.map { Int64((Double(stream.timeBase.den) / Double(stream.timeBase.num) / $0).rounded()) }
        let frame = smallestGap ?? rateGap ?? 0
        var start = Int64.max, end = Int64.min
        for (index, entry) in timed.enumerated() {
            let time = times[index]
            start = min(start, time)
            end = max(end, time + (entry.packet.duration > 0 ? entry.packet.duration : frame))
        }
        let scale = { (ticks: Int64) in Self.nanos(ticks, stream.timeBase) }
        startNanos = scale(start)
        endNanos = scale(end)
        frameNanos = scale(frame)
        startsWithKeyframe = stream.packets.first?.isKeyframe ?? false
        wrapNanos = wrap.map(scale)
    }

    /// ticks × num / den seconds, in nanoseconds, without overflow for any real timestamp.
    static func nanos(_ ticks: Int64, _ timeBase: (num: Int32, den: Int32)) -> Int64 {
        let value = Double(ticks) * Double(timeBase.num) * 1e9 / Double(timeBase.den)
        guard value.isFinite, abs(value) < 9e18 else { return value < 0 ? .min / 2 : .max / 2 }
        return Int64(value.rounded())
    }
}
