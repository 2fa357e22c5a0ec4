/// Where a client starts a live playlist (HLS §6.3.3): no closer to the end than HOLD-BACK
/// (three target durations when absent, §4.4.3.8), unless EXT-X-START says otherwise
/// (§4.4.2.2: positive from the start, negative from the end, clamped to the playlist).
/// hls.js uses the same: `holdBack || liveSyncDurationCount (3) × targetduration`.
enum LiveStartPoint {
    static func position(in playlist: Playlist) -> Int64 {
        let total = playlist.totalDurationNanos
        if let offset = playlist.firstTag("#EXT-X-START")?.attributes?["TIME-OFFSET"],
           let nanos = DecimalSeconds.nanoseconds(Substring(offset.value)) {
            return min(total, max(0, nanos < 0 ? total.saturatingAdding(nanos) : nanos))
        }
        let holdBack = playlist.firstTag("#EXT-X-SERVER-CONTROL")?.attributes?["HOLD-BACK"]
            .flatMap { DecimalSeconds.nanoseconds(Substring($0.value)) }
        let target = playlist.targetDurationSeconds.map { DecimalSeconds.threeTargetDurations($0) } ?? 0
        return max(0, total.saturatingSubtracting(holdBack ?? target))
    }
}
