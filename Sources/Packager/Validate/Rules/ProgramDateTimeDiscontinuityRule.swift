/// When PDT is used it SHOULD be on every segment with EXT-X-DISCONTINUITY (HLS §4.4.4.6);
/// hls.js anchors date ranges to segments with PDT, and extrapolating across a timestamp
/// break misplaces them.
struct ProgramDateTimeDiscontinuityRule: PlaylistRule {
    let id = RuleID.pdtDiscontinuity

    func check(_ playlist: Playlist) -> [Finding] {
        guard !playlist.programDateTimes.isEmpty else { return [] }
        return playlist.segments.compactMap { segment in
            guard segment.discontinuity, segment.programDateTimeLine == nil else { return nil }
            return finding(playlist, line: segment.startLine, .warning,
                           "segment \(segment.uri) follows EXT-X-DISCONTINUITY but has no EXT-X-PROGRAM-DATE-TIME",
                           breaks: [.hlsJS])
        }
    }
}
