/// All audio/video media playlists of a multivariant playlist carry the same date ranges:
/// same IDs, same attribute/value pairs (HLS §6.2.4). Players read the ranges of whichever
/// variant is playing, so a difference changes the ad schedule on a variant switch.
struct DateRangeSetRule {
    let id = RuleID.daterangeSetEqual
    let breaks: [Player] = [.avFoundation, .hlsJS, .shaka]

    /// Compares every playlist with the first one.
    func check(_ playlists: [Playlist]) -> [Finding] {
        guard let reference = playlists.first else { return [] }
        let referenceName = reference.file
        var findings: [Finding] = []
        for other in playlists.dropFirst() {
            for range in reference.dateRanges.ranges {
                guard let counterpart = other.dateRanges[range.id] else {
                    findings.append(finding(other, line: 0,
                        "lacks date range \"\(range.id)\" that \(referenceName) has (line \(range.firstLine))"))
                    continue
                }
                for name in range.names {
                    let mine = range.merged[name]?.raw
                    let theirs = counterpart.merged[name]?.raw
                    guard mine != theirs else { continue }
                    let line = counterpart.line(of: name) ?? counterpart.firstLine
                    findings.append(finding(other, line: line, theirs == nil
                        ? "\"\(range.id)\" lacks \(name)=\(mine ?? "") that \(referenceName) has"
                        : "\"\(range.id)\": \(name)=\(theirs ?? "") differs from \(mine ?? "") in \(referenceName)"))
                }
                for name in counterpart.names where range.merged[name] == nil {
                    findings.append(finding(other, line: counterpart.line(of: name) ?? counterpart.firstLine,
                        "\"\(range.id)\" has \(name) that \(referenceName) lacks"))
                }
            }
            for range in other.dateRanges.ranges where reference.dateRanges[range.id] == nil {
                findings.append(finding(other, line: range.firstLine,
                    "has date range \"\(range.id)\" that \(referenceName) lacks"))
            }
        }
        return findings
    }

    private func finding(_ playlist: Playlist, line: Int, _ message: String) -> Finding {
        Finding(file: playlist.file, line: line, rule: id, severity: .error, message: message, breaks: breaks)
    }
}
