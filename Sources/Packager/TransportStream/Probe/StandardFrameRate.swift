/// A video stream's average frame rate as libavformat 5.1's `avformat_find_stream_info` gives an
/// MPEG-TS stream (whose demuxer sets none): the rate measured over the probed pictures, replaced
/// by the "standard" rate nearest to it or to the codec's own (H.264 VUI) rate, if one lies within
/// 1 % (demux.c, `get_std_framerate`). The probe must print the FRAME-RATE libavformat would.
enum StandardFrameRate {
    /// libavformat's candidates, in its order, as multiples of 1 / (12 × 1001) frames per second:
    /// every twelfth of a frame per second up to 30, every whole rate from 31 to 60, 80, 120 and
    /// 240, then 24, 30, 60, 12, 15 and 48 frames per 1.001 seconds.
    static let candidates: [Int64] = {
        var out: [Int64] = (1...360).map { Int64($0) * 1001 }
        out += (31...60).map { Int64($0) * 1001 * 12 }
        out += [80, 120, 240].map { Int64($0) * 1001 * 12 }
        out += [24, 30, 60, 12, 15, 48].map { Int64($0) * 1000 * 12 }
        return out
    }()

    static let denominator: Int64 = 12 * 1001

    /// The standard rate libavformat settles on for `measured` (frames per second) and the codec's
    /// own rate, reduced; nil when neither is within 1 % of one. Ties go to the earlier
    /// candidate, as libavformat's strict comparison does.
    static func nearest(measured: Double, codec: Double?) -> (num: Int64, den: Int64)? {
        var best: Int64?
        var bestError = 0.01
        for candidate in candidates {
            let rate = Double(candidate) / Double(denominator)
            for value in [measured, codec].compactMap({ $0 }) where value > 0 {
                let error = abs(value / rate - 1)
                if error < bestError {
                    bestError = error
                    best = candidate
                }
            }
        }
        guard let best else { return nil }
        let divisor = gcd(best, denominator)
        return (best / divisor, denominator / divisor)
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }
}
