/// A file is either a multivariant playlist or a media playlist, never both: a playlist
/// with a multivariant tag and a media playlist or media segment tag MUST fail to parse
/// (HLS §4.4.4, §4.4.6). Reported once, where the second kind first appears.
struct PlaylistKindRule: PlaylistRule {
    let id = RuleID.playlistKind

    func check(_ playlist: Playlist) -> [Finding] {
        var multivariant: PlaylistTag?
        var media: PlaylistTag?
        for tag in playlist.tags {
            guard let kind = TagCatalog.entry(tag.name)?.kind else { continue }
            if kind == .multivariant, multivariant == nil { multivariant = tag }
            if kind.isMediaOnly, media == nil { media = tag }
            if let multivariant, let media {
                let (earlier, later) = multivariant.line < media.line ? (multivariant, media) : (media, multivariant)
                return [finding(playlist, line: later.line, .error,
                    "\(later.name.dropFirst()) is a \(describe(later)) tag but \(earlier.name.dropFirst()) (line \(earlier.line)) is a \(describe(earlier)) tag; a playlist with both MUST fail to parse",
                    breaks: Player.all)]
            }
        }
        return []
    }

    private func describe(_ tag: PlaylistTag) -> String {
        TagCatalog.entry(tag.name)?.kind == .multivariant ? "multivariant playlist" : "media playlist"
    }
}
