/// END-DATE MUST be equal to or later than START-DATE (HLS §4.4.5.1); hls.js drops ranges
/// with a negative duration.
struct EndBeforeStartRule: PlaylistRule {
    let id = RuleID.endBeforeStart

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.dateRanges.ranges.compactMap { range in
            guard let start = range.startDate,
                  let end = range.endDate,
                  end < start
            else { return nil }
            return finding(playlist, line: range.line(of: "END-DATE") ?? range.firstLine, .error,
                           "\"\(range.id)\": END-DATE is before START-DATE", breaks: [.hlsJS])
        }
    }
}
