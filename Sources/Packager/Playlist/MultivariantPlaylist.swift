/// The multivariant (master) playlist: audio renditions, then one EXT-X-STREAM-INF per variant.
///
/// EXT-X-INDEPENDENT-SEGMENTS placement (chosen): the tag goes here, once, and media
/// playlists listed by this playlist leave it out, as the spec prefers (it SHOULD NOT be
/// repeated). That also satisfies Apple's validator, which only requires the media
/// playlists to carry it when the multivariant does not. A media playlist published on its
/// own (an interstitial asset without a multivariant) sets `MediaPlaylist.independentSegments`.
///
/// No EXT-X-VERSION is written: no tag or attribute used here needs more than version 1,
/// and the version SHOULD NOT be higher than needed.
public struct MultivariantPlaylist: Equatable, Sendable {
    public var variants: [VariantStream]
    public var audio: [AudioRendition]
    public var independentSegments: Bool

    public init(variants: [VariantStream], audio: [AudioRendition] = [], independentSegments: Bool) {
        self.variants = variants
        self.audio = audio
        self.independentSegments = independentSegments
    }

    public func render() -> String {
        var lines = ["#EXTM3U"]
        if independentSegments { lines.append("#EXT-X-INDEPENDENT-SEGMENTS") }
        for rendition in audio {
            lines.append("#EXT-X-MEDIA:" + rendition.attributes.joined(separator: ","))
        }
        for variant in variants {
            lines.append("#EXT-X-STREAM-INF:" + variant.attributes.joined(separator: ","))
            lines.append(variant.uri)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Throws on the first value that `render()` could not write legally.
    public func checkText() throws {
        for rendition in audio {
            for (attribute, value) in rendition.quotedValues {
                try PlaylistText.checkQuoted(value, tag: "EXT-X-MEDIA", attribute: attribute)
            }
        }
        for variant in variants {
            try PlaylistText.checkQuoted(variant.codecs, tag: "EXT-X-STREAM-INF", attribute: "CODECS")
            if let group = variant.audioGroup {
                try PlaylistText.checkQuoted(group, tag: "EXT-X-STREAM-INF", attribute: "AUDIO")
            }
            try PlaylistText.checkURILine(variant.uri)
        }
    }
}
