/// EXT-X-PLAYLIST-TYPE (HLS §4.4.3.5): it never changes; a VOD playlist never changes at
/// all; an EVENT playlist only grows; and EXT-X-ENDLIST, once added, stays.
struct LivePlaylistTypeRule: LiveUpdateRule {
    let id = RuleID.livePlaylistType

    func check(_ update: LiveUpdate) -> [Finding] {
        let previous = update.previous, current = update.current
        let line = current.firstTag("#EXT-X-PLAYLIST-TYPE")?.line ?? 0
        var findings: [Finding] = []
        if previous.playlistType != current.playlistType {
            findings.append(finding(update, line: line,
                "EXT-X-PLAYLIST-TYPE changed from \(previous.playlistType ?? "none") to \(current.playlistType ?? "none")"))
        }
        if previous.playlistType == "VOD", !Self.sameContent(previous, current) {
            findings.append(finding(update, line: line, "a PLAYLIST-TYPE=VOD playlist changed"))
        } else if previous.playlistType == "EVENT", let removed = update.removedCount, removed > 0 {
            findings.append(finding(update, line: line, "a PLAYLIST-TYPE=EVENT playlist removed \(removed) segment(s)"))
        }
        if previous.hasEndList, !current.hasEndList {
            findings.append(finding(update, line: 0, "EXT-X-ENDLIST was removed"))
        }
        return findings
    }

    private static func sameContent(_ a: Playlist, _ b: Playlist) -> Bool {
        guard a.tags.count == b.tags.count, a.segments.count == b.segments.count else { return false }
        for (x, y) in zip(a.tags, b.tags) where x.name != y.name || x.value != y.value { return false }
        for (x, y) in zip(a.segments, b.segments) where x.uri != y.uri { return false }
        return true
    }
}
