/// Picks the variant whose media playlist the timeline is read from: the first
/// EXT-X-STREAM-INF that carries video, else the first variant at all.
enum VideoVariantChooser {
    /// Codec prefixes (RFC 6381 sample entries) that are video.
    static let videoCodecs = ["avc1", "avc3", "hvc1", "hev1", "dvh1", "dvhe", "av01", "vp09", "vp08", "mp4v"]

    static func choose(in playlist: Playlist) -> PlaylistReference? {
        let variants = playlist.references.filter { $0.kind == .variant }
        return variants.first { isVideo(streamInf(before: $0.line, in: playlist)) } ?? variants.first
    }

    /// The EXT-X-STREAM-INF tag that a variant URI line belongs to (the last one above it).
    private static func streamInf(before line: Int, in playlist: Playlist) -> AttributeList? {
        playlist.allTags("#EXT-X-STREAM-INF").last { $0.line < line }?.attributes
    }

    private static func isVideo(_ attributes: AttributeList?) -> Bool {
        guard let attributes else { return false }
        if attributes["RESOLUTION"] != nil { return true }
        guard let codecs = attributes["CODECS"]?.value else { return false }
        return codecs.split(separator: ",").contains { codec in
            videoCodecs.contains { codec.trimmingPrefixSpaces.hasPrefix($0) }
        }
    }
}

private extension Substring {
    var trimmingPrefixSpaces: Substring { drop { $0 == " " } }
}
