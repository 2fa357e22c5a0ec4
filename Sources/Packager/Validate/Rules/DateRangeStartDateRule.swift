/// The first tag with an ID MUST carry START-DATE (HLS §4.4.5.1). Later tags may omit it,
/// but Media3 failed whole playlists on such tags (androidx/media#2428), so omitting it is
/// a warning: repeat START-DATE byte-identical instead.
struct DateRangeStartDateRule: PlaylistRule {
    let id = RuleID.daterangeStartDate

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for range in playlist.dateRanges.ranges {
            guard let first = range.tags.first else { continue }
            if first.attributes["START-DATE"] == nil {
                let message: String
                if let later = range.line(of: "START-DATE") {
                    message = "first tag with ID \"\(range.id)\" has no START-DATE (it only appears later, on line \(later))"
                } else {
                    message = "date range \"\(range.id)\" has no START-DATE in this playlist"
                }
                findings.append(finding(playlist, line: first.line, .error, message, breaks: [.hlsJS, .shaka, .media3]))
            }
            for tag in range.tags.dropFirst() where tag.attributes["START-DATE"] == nil {
                findings.append(finding(playlist, line: tag.line, .warning,
                    "update of \"\(range.id)\" omits START-DATE; repeat it byte-identical for Media3", breaks: [.media3]))
            }
        }
        return findings
    }
}
