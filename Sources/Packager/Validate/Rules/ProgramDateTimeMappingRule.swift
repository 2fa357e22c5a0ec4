/// PDT tags MUST NOT map two segments to the same wall-clock time, apart from sub-second
/// overlaps for clock drift (HLS §4.4.4.6): a PDT more than one second earlier than the
/// previous segment's end is ambiguous.
struct ProgramDateTimeMappingRule: PlaylistRule {
    let id = RuleID.pdtMapping
    private let tolerance: Int64 = DecimalSeconds.nanosPerSecond

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        var expected: Timestamp?
        for segment in playlist.segments {
            if let pdt = segment.programDateTime {
                if let expected, pdt.nanoseconds < expected.nanoseconds.saturatingSubtracting(tolerance) {
                    findings.append(finding(playlist, line: segment.programDateTimeLine ?? segment.startLine, .error,
                        "EXT-X-PROGRAM-DATE-TIME goes back \(DecimalSeconds.format(expected.nanoseconds.saturatingSubtracting(pdt.nanoseconds))) s before the end of the previous segment"))
                }
                expected = pdt
            }
            expected = expected?.adding(nanoseconds: segment.durationNanos ?? 0)
        }
        return findings
    }
}
