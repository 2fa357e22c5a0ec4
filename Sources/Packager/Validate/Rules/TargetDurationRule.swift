/// A media playlist has EXT-X-TARGETDURATION, an integer >= 1, and every EXTINF rounded to
/// the nearest integer is <= it (HLS §4.4.3.1). A second tag is `TagRepeatedRule`'s.
struct TargetDurationRule: PlaylistRule {
    let id = RuleID.targetDuration

    func check(_ playlist: Playlist) -> [Finding] {
        guard playlist.isMediaPlaylist else { return [] }
        guard let tag = playlist.firstTag("#EXT-X-TARGETDURATION") else {
            return [finding(playlist, line: 1, .error, "media playlist has no EXT-X-TARGETDURATION")]
        }
        var findings: [Finding] = []
        if let problem = TagValueProblem.integer(tag) {
            return [finding(playlist, line: tag.line, .error, problem)]
        }
        guard let target = playlist.targetDurationSeconds, target >= 1 else {
            findings.append(finding(playlist, line: tag.line, .error,
                                    "EXT-X-TARGETDURATION:\(tag.value ?? "") is not an integer >= 1"))
            return findings
        }
        for segment in playlist.segments {
            guard let nanos = segment.durationNanos else { continue }
            let rounded = DecimalSeconds.roundedSeconds(nanos)
            if rounded > target {
                findings.append(finding(playlist, line: segment.startLine, .error,
                    "segment \(segment.uri) lasts \(DecimalSeconds.format(nanos)) s (rounds to \(rounded)), above EXT-X-TARGETDURATION \(target)"))
            }
        }
        return findings
    }
}
