/// How long to wait before re-reading a live playlist (HLS §6.3.4): the last segment's
/// duration after a change, half the target duration when nothing changed.
enum ReloadPace {
    /// Never spin faster than this, whatever durations a playlist claims.
    static let minimumNanos: Int64 = 100_000_000
    static let fallbackNanos: Int64 = DecimalSeconds.nanosPerSecond

    static func delay(for input: TimelineInput, changed: Bool) -> Int64 {
        let target = input.targetDurationNanos
        let last = input.lastSegmentNanos
        let delay = changed ? (last ?? target) : (target.map { $0 / 2 } ?? last.map { $0 / 2 })
        return max(minimumNanos, delay ?? fallbackNanos)
    }
}
