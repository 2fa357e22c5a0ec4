/// EXT-X-TARGETDURATION arithmetic (HLS §4.4.3.1): every EXTINF rounded to the nearest
/// integer must be <= the target, and the target must not change for the life of a playlist.
public enum TargetDuration {
    /// Nearest whole second of a duration, halves rounded up (6.4999 s → 6, 6.5 s → 7).
    /// Computed from ticks; equal to rounding the written EXTINF text (see `ExtinfText`).
    public static func roundedSeconds(ticks: Int64) -> Int64 {
        let ms = ExtinfText.millis(ticks: ticks)
        return (ms + 500) / 1000
    }

    /// The smallest target that every segment fits, never below the requested duration
    /// rounded to the nearest second, and at least 1 (the tag's minimum).
    public static func fitting(_ durationsTicks: [Int64], requested: Double) -> Int {
        let floor = requested.isFinite && requested > 0 ? Int(min(requested.rounded(.toNearestOrAwayFromZero), 86_400)) : 1
        let longest = durationsTicks.map(roundedSeconds(ticks:)).max() ?? 0
        return max(1, floor, Int(clamping: longest))
    }

    /// Throws when a segment would break a fixed target (live playlists fix it up front).
    public static func check(_ segment: SegmentRecord, fits targetDuration: Int) throws {
        let rounded = roundedSeconds(ticks: segment.durationTicks)
        guard rounded <= Int64(targetDuration) else {
            throw TargetDurationError.segmentTooLong(uri: segment.uri, durationTicks: segment.durationTicks,
                                                     roundedSeconds: rounded, targetDuration: targetDuration)
        }
    }
}
