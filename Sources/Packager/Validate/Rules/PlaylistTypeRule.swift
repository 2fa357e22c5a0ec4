/// EXT-X-PLAYLIST-TYPE is EVENT or VOD and nothing else (HLS §4.4.3.5); a player that does
/// not know the value cannot tell whether to reload the playlist.
struct PlaylistTypeRule: PlaylistRule {
    let id = RuleID.playlistType

    func check(_ playlist: Playlist) -> [Finding] {
        guard let tag = playlist.firstTag("#EXT-X-PLAYLIST-TYPE") else { return [] }
        let value = tag.value.map(String.init) ?? ""
        guard value != "EVENT", value != "VOD" else { return [] }
        let trimmed = value.trimmingCharacters(in: [" ", "\t"])
        let message = trimmed != value && (trimmed == "EVENT" || trimmed == "VOD")
            ? "EXT-X-PLAYLIST-TYPE:\(value) has whitespace around \(trimmed); HLS §4.1 allows none there"
            : "EXT-X-PLAYLIST-TYPE:\(value) is neither EVENT nor VOD (values are case-sensitive)"
        return [finding(playlist, line: tag.line, .error, message)]
    }
}

private extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
