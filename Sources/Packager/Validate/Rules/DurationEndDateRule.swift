/// With both DURATION and END-DATE, END-DATE MUST equal START-DATE + DURATION exactly
/// (HLS §4.4.5.1). Compared in nanoseconds, so no floating-point slack hides a mismatch.
struct DurationEndDateRule: PlaylistRule {
    let id = RuleID.durationEndDate

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.dateRanges.ranges.compactMap { range in
            guard let start = range.startDate,
                  let end = range.endDate,
                  let duration = range.durationNanos,
                  start.adding(nanoseconds: duration) != end
            else { return nil }
            let line = max(range.line(of: "END-DATE") ?? 0, range.line(of: "DURATION") ?? 0)
            let actual = DecimalSeconds.format(end.nanoseconds.saturatingSubtracting(start.nanoseconds))
            return finding(playlist, line: line, .error,
                "\"\(range.id)\": END-DATE - START-DATE is \(actual) s but DURATION is \(range.merged["DURATION"]?.raw ?? "")")
        }
    }
}
