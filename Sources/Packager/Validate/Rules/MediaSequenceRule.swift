/// EXT-X-MEDIA-SEQUENCE and EXT-X-DISCONTINUITY-SEQUENCE are integers that come before the
/// first segment; DISCONTINUITY-SEQUENCE also before the first EXT-X-DISCONTINUITY (HLS §4.4.3.2–3).
struct MediaSequenceRule: PlaylistRule {
    let id = RuleID.mediaSequence

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        let firstSegmentLine = playlist.segments.first?.startLine
        let firstDiscontinuityLine = playlist.firstTag("#EXT-X-DISCONTINUITY")?.line
        for name in ["#EXT-X-MEDIA-SEQUENCE", "#EXT-X-DISCONTINUITY-SEQUENCE"] {
            let tags = playlist.allTags(name)
            for extra in tags.dropFirst() {
                findings.append(finding(playlist, line: extra.line, .error, "\(name.dropFirst()) appears more than once"))
            }
            guard let tag = tags.first else { continue }
            if tag.value.flatMap({ UInt64($0) }) == nil {
                findings.append(finding(playlist, line: tag.line, .error, "\(name.dropFirst()):\(tag.value ?? "") is not a decimal-integer"))
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
