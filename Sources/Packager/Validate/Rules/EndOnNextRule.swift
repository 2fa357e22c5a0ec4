/// END-ON-NEXT (HLS §4.4.5.1): value YES, needs CLASS (hls.js drops it otherwise), excludes
/// DURATION and END-DATE; other ranges of that CLASS MUST NOT overlap.
struct EndOnNextRule: PlaylistRule {
    let id = RuleID.endOnNext

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        var endOnNextClasses = Set<String>()
        for range in playlist.dateRanges.ranges {
            guard let endOnNext = range.merged["END-ON-NEXT"] else { continue }
            let line = range.line(of: "END-ON-NEXT") ?? range.firstLine
            if endOnNext.raw != "YES" {
                findings.append(finding(playlist, line: line, .error, "\"\(range.id)\": END-ON-NEXT must be YES, found \(endOnNext.raw)"))
            }
            if let rangeClass = range.merged["CLASS"]?.value {
                endOnNextClasses.insert(rangeClass)
            } else {
                findings.append(finding(playlist, line: line, .error, "\"\(range.id)\": END-ON-NEXT without CLASS", breaks: [.hlsJS]))
            }
            for name in ["DURATION", "END-DATE"] where range.merged[name] != nil {
                findings.append(finding(playlist, line: range.line(of: name) ?? line, .error,
                                        "\"\(range.id)\": END-ON-NEXT range must not have \(name)"))
            }
        }
        guard !endOnNextClasses.isEmpty else { return findings }
        for rangeClass in endOnNextClasses.sorted() {
            findings += overlaps(in: rangeClass, playlist)
        }
        return findings
    }

    /// Ranges of a class that uses END-ON-NEXT must not overlap one another.
    private func overlaps(in rangeClass: String, _ playlist: Playlist) -> [Finding] {
        let ranges = playlist.dateRanges.ranges
            .filter { $0.merged["CLASS"]?.value == rangeClass && $0.startDate != nil }
            .sorted { ($0.startDate?.nanoseconds ?? 0) < ($1.startDate?.nanoseconds ?? 0) }
        var findings: [Finding] = []
        for (current, next) in zip(ranges, ranges.dropFirst()) {
            guard let end = current.explicitEnd, let nextStart = next.startDate, end > nextStart else { continue }
            findings.append(finding(playlist, line: next.firstLine, .error,
                "\"\(next.id)\" starts before \"\(current.id)\" ends; ranges of CLASS \"\(rangeClass)\" (which uses END-ON-NEXT) must not overlap"))
        }
        return findings
    }
}
