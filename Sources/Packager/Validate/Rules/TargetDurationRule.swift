/// A media playlist has one EXT-X-TARGETDURATION, an integer >= 1, and every EXTINF rounded
/// to the nearest integer is <= it (HLS §4.4.3.1).
struct TargetDurationRule: PlaylistRule {
    let id = RuleID.targetDuration

    func check(_ playlist: Playlist) -> [Finding] {
        guard playlist.isMediaPlaylist else { return [] }
        let tags = playlist.allTags("#EXT-X-TARGETDURATION")
        guard let tag = tags.first else {
            return [finding(playlist, line: 1, .error, "media playlist has no EXT-X-TARGETDURATION")]
        }
        var findings = tags.dropFirst().map {
            finding(playlist, line: $0.line, .error, "EXT-X-TARGETDURATION appears more than once")
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
