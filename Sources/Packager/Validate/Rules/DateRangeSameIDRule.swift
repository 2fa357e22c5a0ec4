/// Any attribute repeated in same-ID tags MUST have the same value (HLS §4.4.5.1). hls.js
/// compares the raw strings and marks the whole range invalid on any difference
/// (`_badValueForSameId`), so `30` vs `30.000` or `Z` vs `+00:00` already count.
struct DateRangeSameIDRule: PlaylistRule {
    let id = RuleID.daterangeSameID

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for range in playlist.dateRanges.ranges where range.tags.count > 1 {
            var firstSeen: [String: (raw: String, line: Int)] = [:]
            for tag in range.tags {
                for attribute in tag.attributes.attributes {
                    guard let earlier = firstSeen[attribute.name] else {
                        firstSeen[attribute.name] = (attribute.raw, tag.line)
                        continue
                    }
                    if earlier.raw != attribute.raw {
                        findings.append(finding(playlist, line: tag.line, .error,
                            "\"\(range.id)\": \(attribute.name)=\(attribute.raw) differs from \(earlier.raw) on line \(earlier.line)",
                            breaks: [.hlsJS]))
                    }
                }
            }
        }
        return findings
    }
}
