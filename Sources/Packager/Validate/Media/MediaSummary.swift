/// What probing one media playlist's segments measured, for the checks against its
/// variant's EXT-X-STREAM-INF.
struct MediaSummary: Sendable {
    /// Peak segment bit rate (HLS §4.1); nil when a segment size is unknown.
    var peakBitsPerSecond: Int?
    var averageBitsPerSecond: Int?
    /// RFC 6381 strings of the streams of the first readable segment.
    var codecs: [String] = []
    var width: Int?
    var height: Int?
    var frameRate: Double?
    /// The playlist lists every segment of the stream: it has EXT-X-ENDLIST and never
    /// dropped one (MEDIA-SEQUENCE 0), so the bandwidths it is measured against are the
    /// whole stream's and MUST be exact (HLS §4.4.6.2). A live window that ended is not.
    var isComplete = true
}

/// Where a media playlist was reached from, for the rules that depend on it.
struct MediaContext: Sendable {
    /// EXT-X-INDEPENDENT-SEGMENTS in the multivariant playlist applies to every media
    /// playlist it lists (HLS §4.4.2.1).
    var independentSegments = false
}

/// The peak and average segment bit rates of HLS §4.1: segment size over EXTINF; the peak
/// is the largest rate of any run of contiguous segments lasting between 0.5 × and
/// 1.5 × target duration + 0.5 s. Exact integer arithmetic, rounded up.
enum SegmentBitRates {
    static func peak(bytes: [Int64], durations: [Int64], targetSeconds: Int64) -> Int? {
        let target = targetSeconds.saturatingMultiplied(by: DecimalSeconds.nanosPerSecond)
        let shortest = target / 2
        let longest = target.saturatingAdding(target / 2).saturatingAdding(DecimalSeconds.nanosPerSecond / 2)
        var best: Int?
        for start in bytes.indices {
            var size: Int64 = 0, time: Int64 = 0
            for index in start..<bytes.count {
                size = size.saturatingAdding(bytes[index])
                time = time.saturatingAdding(durations[index])
                if time > longest { break }
                if time >= shortest, time > 0 { best = max(best ?? 0, rate(bytes: size, nanos: time)) }
            }
        }
        return best ?? average(bytes: bytes, durations: durations)
    }

    static func average(bytes: [Int64], durations: [Int64]) -> Int? {
        let time = durations.reduce(Int64(0)) { $0.saturatingAdding($1) }
        guard time > 0 else { return nil }
        return rate(bytes: bytes.reduce(Int64(0)) { $0.saturatingAdding($1) }, nanos: time)
    }

    /// ceil(bytes × 8 × 1e9 / nanos) bits per second.
    static func rate(bytes: Int64, nanos: Int64) -> Int {
        let bits = Double(bytes) * 8 * 1e9
        return Int(min(Double(Int.max / 2), (bits / Double(nanos)).rounded(.up)))
    }
}
