/// Reads a playlist and, when it is a multivariant playlist, follows its first video
/// variant to the media playlist that carries segments and date ranges.
struct MediaPlaylistLoader {
    let fetcher: PlaylistFetcher

    func load(_ location: TimelineLocation) throws -> (playlist: Playlist, location: TimelineLocation) {
        let root = try read(location)
        guard root.isMultivariant else { return (root, location) }
        guard let variant = VideoVariantChooser.choose(in: root) else {
            throw TimelineError.noVariants(location: location.description)
        }
        guard let media = location.resolving(variant.uri) else {
            throw TimelineError.unreadable(location: variant.uri,
                                           reason: "variant URI at \(location):\(variant.line) does not resolve")
        }
        let playlist = try read(media)
        guard !playlist.isMultivariant else {
            throw TimelineError.notAPlaylist(location: "\(media) (a variant that is itself a multivariant playlist)")
        }
        return (playlist, media)
    }

    private func read(_ location: TimelineLocation) throws -> Playlist {
        let playlist = PlaylistReader.read(try fetcher.bytes(at: location), file: location.description)
        // The reader is tolerant; a file that is neither kind is still unusable here.
        let startsRight = !playlist.textIssues.contains { $0.line <= 1 && $0.message.contains("EXTM3U") }
        guard startsRight, playlist.isMultivariant || playlist.isMediaPlaylist else {
            throw TimelineError.notAPlaylist(location: location.description)
        }
        return playlist
    }
}
