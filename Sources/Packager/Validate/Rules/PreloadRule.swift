/// Preload hints (CLASS "com.apple.hls.preload", HLS Appendix F) need X-URI, X-TARGET-ID and
/// X-TARGET-CLASS, need DURATION or END-DATE, and must not have CUE or END-ON-NEXT.
struct PreloadRule: PlaylistRule {
    let id = RuleID.preload
    static let preloadClass = "com.apple.hls.preload"

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for range in playlist.dateRanges.ranges where range.merged["CLASS"]?.value == Self.preloadClass {
            var problems: [String] = []
            for name in ["X-URI", "X-TARGET-ID", "X-TARGET-CLASS"] where range.merged[name] == nil {
                problems.append("has no \(name)")
            }
            if range.merged["DURATION"] == nil, range.merged["END-DATE"] == nil {
                problems.append("has neither DURATION nor END-DATE")
            }
            for name in ["CUE", "END-ON-NEXT"] where range.merged[name] != nil {
                problems.append("must not have \(name)")
            }
            for problem in problems {
                findings.append(finding(playlist, line: range.firstLine, .error, "preload \"\(range.id)\" \(problem)"))
            }
        }
        return findings
    }
}
