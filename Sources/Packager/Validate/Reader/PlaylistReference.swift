/// A playlist URI named by a multivariant playlist.
public struct PlaylistReference: Sendable {
    public enum Kind: Equatable, Sendable {
        case variant
        case iFrameVariant
        /// EXT-X-MEDIA with its TYPE (AUDIO, VIDEO, SUBTITLES, CLOSED-CAPTIONS).
        case rendition(type: String)
    }

    public let uri: String
    public let line: Int
    public let kind: Kind

    /// Audio and video playlists must all carry the same date ranges (HLS §6.2.4).
    public var carriesDateRanges: Bool {
        switch kind {
        case .variant: return true
        case .iFrameVariant: return false
        case .rendition(let type): return type == "AUDIO" || type == "VIDEO"
        }
    }
}
