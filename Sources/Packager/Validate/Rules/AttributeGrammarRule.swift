/// Attribute lists follow HLS §4.2: names `[A-Z0-9-]`, no whitespace, uppercase hex,
/// quoted strings closed and free of `"`. Clients SHOULD ignore date ranges with illegal syntax.
struct AttributeGrammarRule: PlaylistRule {
    let id = RuleID.attrGrammar

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for tag in playlist.tags {
            guard let attributes = tag.attributes else { continue }
            for issue in attributes.grammarIssues {
                findings.append(finding(playlist, line: tag.line, .error, "\(tag.name.dropFirst()): \(issue)"))
            }
        }
        return findings
    }
}
