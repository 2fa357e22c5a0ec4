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
        let bytes = try fetcher.bytes(at: location)
        // The reader is tolerant and parses anything; here a file must at least start like
        // a playlist (optionally after a BOM) and hold segments or variants.
        let body = bytes.starts(with: Self.byteOrderMark) ? Array(bytes.dropFirst(Self.byteOrderMark.count)) : bytes
        let playlist = PlaylistReader.read(bytes, file: location.description)
        guard body.starts(with: Self.header), playlist.isMultivariant || playlist.isMediaPlaylist else {
            throw TimelineError.notAPlaylist(location: location.description)
        }
        return playlist
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let header = Array("#EXTM3U".utf8)
}
