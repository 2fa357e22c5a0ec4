import Foundation

/// A stitched HLS presentation as given: its media playlists, one per video rendition (the
/// variants of a multivariant playlist, in their order, or the one media playlist).
struct StitchedInput {
    /// The input as the user named it (messages start with it).
    let name: String
    let renditions: [HLSMediaPlaylist]
    let multivariant: HLSMultivariantPlaylist?

    static func url(for location: String) -> URL {
        if let url = URL(string: location), let scheme = url.scheme, ["http", "https", "file"].contains(scheme.lowercased()) {
            return url
        }
        return URL(fileURLWithPath: location)
    }

    /// Whether `location` holds an HLS playlist, judged by its first bytes (never by its name).
    static func isPlaylist(_ location: String, fetcher: HLSFetcher = HLSFetcher()) -> Bool {
        let url = url(for: location)
        if url.isFileURL {
            guard let handle = FileHandle(forReadingAtPath: url.path) else { return false }
            defer { try? handle.close() }
            return HLSPlaylistParser.isPlaylist((try? handle.read(upToCount: 64)) ?? Data())
        }
        guard url.scheme?.hasPrefix("http") == true, let bytes = try? fetcher.head(url, count: 64) else { return false }
        return HLSPlaylistParser.isPlaylist(bytes)
    }

    static func load(_ location: String, fetcher: HLSFetcher) throws -> StitchedInput {
        let url = url(for: location)
        let top = try HLSPlaylistParser.parse(try fetcher.data(url), url: url, name: location)
        switch top {
        case .media(let media):
            return StitchedInput(name: location, renditions: [media], multivariant: nil)
        case .multivariant(let master):
            for rendition in master.renditions where rendition.url != nil && ["AUDIO", "SUBTITLES"].contains(rendition.type) {
                throw StitchedError.unsupported(playlist: location, line: rendition.line, reason:
                    "the \(rendition.type.lowercased()) rendition '\(rendition.name)' (GROUP-ID \(rendition.groupID)) has its own "
                    + "playlist; pkgctl converts video renditions with muxed audio only, so it is refused rather than dropped")
            }
            var renditions: [HLSMediaPlaylist] = []
            for variant in master.variants {
                let name = HLSFetcher.location(variant.url)
                let bytes: Data
                do {
                    bytes = try fetcher.data(variant.url)
                } catch let StitchedError.unreadable(_, reason) {
                    throw StitchedError.malformed(playlist: location, line: variant.line,
                                                  reason: "variant playlist '\(name)' cannot be read: \(reason)")
                }
                let parsed = try HLSPlaylistParser.parse(bytes, url: variant.url, name: name)
                guard case .media(let media) = parsed else {
                    throw StitchedError.malformed(playlist: location, line: variant.line,
                                                  reason: "variant '\(name)' is itself a multivariant playlist")
                }
                renditions.append(media)
            }
            return StitchedInput(name: location, renditions: renditions, multivariant: master)
        }
    }
}

/// Tells a stitched HLS input from media by its first bytes (the command line asks before it
/// chooses a mode's reader).
public enum StitchedDetection {
    public static func isPlaylist(_ location: String) -> Bool { StitchedInput.isPlaylist(location) }
}
