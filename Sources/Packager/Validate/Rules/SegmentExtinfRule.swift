/// Every media segment has an EXTINF with a readable, non-negative duration (HLS §4.4.4.1).
struct SegmentExtinfRule: PlaylistRule {
    let id = RuleID.segmentExtinf

    func check(_ playlist: Playlist) -> [Finding] {
        var findings = playlist.badExtinfLines.map {
            finding(playlist, line: $0, .error, "EXTINF duration is not a non-negative decimal number")
        }
        for segment in playlist.segments where segment.extinfLine == nil {
            findings.append(finding(playlist, line: segment.uriLine, .error, "segment \(segment.uri) has no EXTINF"))
        }
        return findings.sorted { $0.line < $1.line }
    }
}
