/// The same AttributeName MUST NOT appear twice in one tag (HLS §4.2).
struct AttributeDuplicateRule: PlaylistRule {
    let id = RuleID.attrDuplicate

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for tag in playlist.tags {
            for name in tag.attributes?.duplicateNames ?? [] {
                findings.append(finding(playlist, line: tag.line, .error,
                                        "\(tag.name.dropFirst()) has attribute \(name) more than once"))
            }
        }
        return findings
    }
}
