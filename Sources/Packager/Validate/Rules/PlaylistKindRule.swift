/// A file is either a multivariant playlist or a media playlist, never both (HLS §4.1).
struct PlaylistKindRule: PlaylistRule {
    let id = RuleID.playlistKind

    func check(_ playlist: Playlist) -> [Finding] {
        guard playlist.isMultivariant, let first = playlist.segments.first else { return [] }
        return [finding(playlist, line: first.uriLine, .error,
                        "playlist has both variant/rendition references and media segments")]
    }
}
