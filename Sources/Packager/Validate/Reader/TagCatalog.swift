/// What HLS §4.4 says about each tag: which kind of playlist it belongs to and whether it
/// may appear more than once. The kind and repetition rules read this one table.
enum TagCatalog {
    enum Kind: Equatable {
        /// §4.4.1: either playlist.
        case basic
        /// §4.4.2: either playlist, at most once (except EXT-X-DEFINE).
        case mediaOrMultivariant
        /// §4.4.3: media playlists only, at most once each.
        case mediaPlaylist
        /// §4.4.4: media playlists only.
        case mediaSegment
        /// §4.4.5: media playlists.
        case mediaMetadata
        /// §4.4.6: multivariant playlists only.
        case multivariant

        /// Tags of this kind may not share a playlist with multivariant tags (§4.4.4, §4.4.6:
        /// clients MUST fail to parse such a playlist).
        var isMediaOnly: Bool { self == .mediaPlaylist || self == .mediaSegment }
    }

    struct Entry {
        let kind: Kind
        let once: Bool
        let section: String
    }

    static func entry(_ name: String) -> Entry? { table[name] }

    private static let table: [String: Entry] = [
        "#EXTM3U": Entry(kind: .basic, once: false, section: "§4.4.1.1"),
        "#EXT-X-VERSION": Entry(kind: .basic, once: true, section: "§4.4.1.2"),
        "#EXT-X-INDEPENDENT-SEGMENTS": Entry(kind: .mediaOrMultivariant, once: true, section: "§4.4.2.1"),
        "#EXT-X-START": Entry(kind: .mediaOrMultivariant, once: true, section: "§4.4.2.2"),
        "#EXT-X-DEFINE": Entry(kind: .mediaOrMultivariant, once: false, section: "§4.4.2.3"),
        "#EXT-X-TARGETDURATION": Entry(kind: .mediaPlaylist, once: true, section: "§4.4.3.1"),
        "#EXT-X-MEDIA-SEQUENCE": Entry(kind: .mediaPlaylist, once: true, section: "§4.4.3.2"),
        "#EXT-X-DISCONTINUITY-SEQUENCE": Entry(kind: .mediaPlaylist, once: true, section: "§4.4.3.3"),
        "#EXT-X-ENDLIST": Entry(kind: .mediaPlaylist, once: true, section: "§4.4.3.4"),
        "#EXT-X-PLAYLIST-TYPE": Entry(kind: .mediaPlaylist, once: true, section: "§4.4.3.5"),
        "#EXT-X-I-FRAMES-ONLY": Entry(kind: .mediaPlaylist, once: true, section: "§4.4.3.6"),
        "#EXT-X-PART-INF": Entry(kind: .mediaPlaylist, once: true, section: "§4.4.3.7"),
        "#EXT-X-SERVER-CONTROL": Entry(kind: .mediaPlaylist, once: true, section: "§4.4.3.8"),
        "#EXTINF": Entry(kind: .mediaSegment, once: false, section: "§4.4.4.1"),
        "#EXT-X-BYTERANGE": Entry(kind: .mediaSegment, once: false, section: "§4.4.4.2"),
        "#EXT-X-DISCONTINUITY": Entry(kind: .mediaSegment, once: false, section: "§4.4.4.3"),
        "#EXT-X-KEY": Entry(kind: .mediaSegment, once: false, section: "§4.4.4.4"),
        "#EXT-X-MAP": Entry(kind: .mediaSegment, once: false, section: "§4.4.4.5"),
        "#EXT-X-PROGRAM-DATE-TIME": Entry(kind: .mediaSegment, once: false, section: "§4.4.4.6"),
        "#EXT-X-GAP": Entry(kind: .mediaSegment, once: false, section: "§4.4.4.7"),
        "#EXT-X-BITRATE": Entry(kind: .mediaSegment, once: false, section: "§4.4.4.8"),
        "#EXT-X-PART": Entry(kind: .mediaSegment, once: false, section: "§4.4.4.9"),
        "#EXT-X-DATERANGE": Entry(kind: .mediaMetadata, once: false, section: "§4.4.5.1"),
        "#EXT-X-SKIP": Entry(kind: .mediaMetadata, once: true, section: "§4.4.5.2"),
        "#EXT-X-PRELOAD-HINT": Entry(kind: .mediaMetadata, once: false, section: "§4.4.5.3"),
        "#EXT-X-RENDITION-REPORT": Entry(kind: .mediaMetadata, once: false, section: "§4.4.5.4"),
        "#EXT-X-MEDIA": Entry(kind: .multivariant, once: false, section: "§4.4.6.1"),
        "#EXT-X-STREAM-INF": Entry(kind: .multivariant, once: false, section: "§4.4.6.2"),
        "#EXT-X-I-FRAME-STREAM-INF": Entry(kind: .multivariant, once: false, section: "§4.4.6.3"),
        "#EXT-X-SESSION-DATA": Entry(kind: .multivariant, once: false, section: "§4.4.6.4"),
        "#EXT-X-SESSION-KEY": Entry(kind: .multivariant, once: false, section: "§4.4.6.5"),
        "#EXT-X-CONTENT-STEERING": Entry(kind: .multivariant, once: false, section: "§4.4.6.6"),
    ]
}
