/// EXT-X-SERVER-CONTROL HOLD-BACK MUST be at least three target durations (HLS §4.4.3.8).
struct HoldBackRule: PlaylistRule {
    let id = RuleID.holdBack

    func check(_ playlist: Playlist) -> [Finding] {
        guard let tag = playlist.firstTag("#EXT-X-SERVER-CONTROL"),
              let holdBack = tag.attributes?["HOLD-BACK"],
              let nanos = DecimalSeconds.nanoseconds(Substring(holdBack.value)),
              let target = playlist.targetDurationSeconds,
              nanos < DecimalSeconds.threeTargetDurations(target)
        else { return [] }
        return [finding(playlist, line: tag.line, .error,
                        "HOLD-BACK=\(holdBack.raw) is less than three target durations (\(DecimalSeconds.format(DecimalSeconds.threeTargetDurations(target))) s)")]
    }
}
