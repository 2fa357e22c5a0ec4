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
            throw TimelineError.unreadable(location: PrintableText.escaped(variant.uri),
                                           reason: "variant URI at \(location):\(variant.line) does not resolve")
        }
        // A local playlist is read without network access: a player would fetch the
        // variant, but nobody asked pkgctl to go to that server.
        if case .file = location, case .remote(let url) = media {
            throw TimelineError.remoteReference(location: location.description, line: variant.line, url: url.absoluteString)
        }
        guard media != location else {
            throw TimelineError.referenceCycle(location: location.description, line: variant.line)
        }
        let playlist = try read(media)
        guard !playlist.isMultivariant else {
            throw TimelineError.notAMediaPlaylist(location: media.description, referencedFrom: "\(location):\(variant.line)")
        }
        return (playlist, media)
    }

    private func read(_ location: TimelineLocation) throws -> Playlist {
        let bytes = try fetcher.bytes(at: location)
        // The reader is tolerant and parses anything; here a file must at least start like
        // a playlist (optionally after a BOM) and hold segments or variants.
        let body = bytes.starts(with: Self.byteOrderMark) ? Array(bytes.dropFirst(Self.byteOrderMark.count)) : bytes
        guard body.starts(with: Self.header) else {
            throw TimelineError.notAPlaylist(location: location.description)
        }
        let playlist = PlaylistReader.read(bytes, file: location.description, limits: fetcher.limits)
        if let long = playlist.overlongLines.first {
            throw TimelineError.lineTooLong(location: location.description, line: long, limit: fetcher.limits.maxLineBytes)
        }
        guard playlist.isMultivariant || playlist.isMediaPlaylist else {
            throw TimelineError.emptyPlaylist(location: location.description)
        }
        return playlist
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let header = Array("#EXTM3U".utf8)
}
