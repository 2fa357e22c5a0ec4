/// EXT-X-MEDIA-SEQUENCE and EXT-X-DISCONTINUITY-SEQUENCE are integers that come before the
/// first segment; DISCONTINUITY-SEQUENCE also before the first EXT-X-DISCONTINUITY (HLS §4.4.3.2–3).
/// A second tag is `TagRepeatedRule`'s.
struct MediaSequenceRule: PlaylistRule {
    let id = RuleID.mediaSequence

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        let firstSegmentLine = playlist.segments.first?.startLine
        let firstDiscontinuityLine = playlist.firstTag("#EXT-X-DISCONTINUITY")?.line
        for name in ["#EXT-X-MEDIA-SEQUENCE", "#EXT-X-DISCONTINUITY-SEQUENCE"] {
            guard let tag = playlist.firstTag(name) else { continue }
            if let problem = TagValueProblem.integer(tag) {
                findings.append(finding(playlist, line: tag.line, .error, problem))
            }
            if let firstSegmentLine, tag.line > firstSegmentLine {
                findings.append(finding(playlist, line: tag.line, .error,
                    "\(name.dropFirst()) must come before the first segment (line \(firstSegmentLine))"))
            } else if name == "#EXT-X-DISCONTINUITY-SEQUENCE", let firstDiscontinuityLine, tag.line > firstDiscontinuityLine {
                findings.append(finding(playlist, line: tag.line, .error,
                    "EXT-X-DISCONTINUITY-SEQUENCE must come before the first EXT-X-DISCONTINUITY (line \(firstDiscontinuityLine))"))
            }
        }
        return findings
    }
}
