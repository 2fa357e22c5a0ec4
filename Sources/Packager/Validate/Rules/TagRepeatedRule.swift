/// Tags that may appear only once: EXT-X-VERSION (§4.4.1.2), the §4.4.2 tags but
/// EXT-X-DEFINE, every Media Playlist tag (§4.4.3: "MUST NOT be more than one … of each
/// type") and EXT-X-SKIP (§4.4.5.2). For VERSION and the §4.4.2 tags clients MUST fail to
/// parse the playlist; for the others the spec leaves which copy wins undefined.
struct TagRepeatedRule: PlaylistRule {
    let id = RuleID.tagRepeated

    func check(_ playlist: Playlist) -> [Finding] {
        var first: [String: Int] = [:]
        var findings: [Finding] = []
        for tag in playlist.tags {
            guard let entry = TagCatalog.entry(tag.name), entry.once else { continue }
            guard let earlier = first[tag.name] else {
                first[tag.name] = tag.line
                continue
            }
            let consequence = entry.kind == .mediaOrMultivariant || tag.name == "#EXT-X-VERSION"
                ? "clients MUST fail to parse the playlist" : "it may appear only once"
            findings.append(finding(playlist, line: tag.line, .error,
                "\(tag.name.dropFirst()) appears again (first on line \(earlier)); \(consequence) (\(entry.section))"))
        }
        return findings
    }
}
