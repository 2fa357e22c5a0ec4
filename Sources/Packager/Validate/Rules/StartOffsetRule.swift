/// In a live playlist EXT-X-START SHOULD NOT point within three target durations of the end
/// (HLS §4.4.2.2): players would start where the next reload may not arrive in time.
struct StartOffsetRule: PlaylistRule {
    let id = RuleID.startOffset

    func check(_ playlist: Playlist) -> [Finding] {
        guard !playlist.hasEndList, playlist.isMediaPlaylist,
              let tag = playlist.firstTag("#EXT-X-START"),
              let offset = tag.attributes?["TIME-OFFSET"],
              let nanos = DecimalSeconds.nanoseconds(Substring(offset.value)),
              let target = playlist.targetDurationSeconds
        else { return [] }
        let limit = DecimalSeconds.threeTargetDurations(target)
        let total = playlist.totalDurationNanos
        let fromEnd = nanos < 0 ? Int64(0).saturatingSubtracting(nanos) : total.saturatingSubtracting(nanos)
        guard fromEnd < limit else { return [] }
        return [finding(playlist, line: tag.line, .warning,
                        "EXT-X-START TIME-OFFSET=\(offset.raw) is \(DecimalSeconds.format(fromEnd)) s from the live end, within three target durations (\(DecimalSeconds.format(limit)) s)")]
    }
}
