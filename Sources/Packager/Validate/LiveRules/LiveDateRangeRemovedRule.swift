/// A date range MUST NOT be removed while any of it maps to a segment still in the playlist
/// (HLS §6.2.1): it may go only once it ends at or before the first segment's date; an
/// open-ended range must stay.
struct LiveDateRangeRemovedRule: LiveUpdateRule {
    let id = RuleID.liveDaterangeRemoved

    func check(_ update: LiveUpdate) -> [Finding] {
        let removed = update.previous.dateRanges.ranges.filter { update.current.dateRanges[$0.id] == nil }
        guard !removed.isEmpty else { return [] }
        guard let windowStart = update.current.segmentDates().first ?? nil else { return [] }
        let ends = update.previous.dateRanges.resolvedEnds()
        var findings: [Finding] = []
        for range in removed {
            guard let end = ends[range.id] else {
                findings.append(finding(update, line: 0,
                    "date range \"\(range.id)\" (line \(range.firstLine)) was removed but has no known end, so it must stay"))
                continue
            }
            if end > windowStart {
                findings.append(finding(update, line: 0,
                    "date range \"\(range.id)\" (line \(range.firstLine)) was removed but ends \(DecimalSeconds.format(end.nanoseconds.saturatingSubtracting(windowStart.nanoseconds))) s after the first segment starts"))
            }
        }
        return findings
    }
}
