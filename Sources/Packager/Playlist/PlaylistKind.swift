/// Which kind of media playlist is written (HLS §4.4.3.5).
public enum PlaylistKind: String, Codable, Equatable, Sendable {
    /// Complete and never changes: EXT-X-PLAYLIST-TYPE:VOD.
    case vod
    /// Grows by appending only: EXT-X-PLAYLIST-TYPE:EVENT.
    case event
    /// Sliding window: no EXT-X-PLAYLIST-TYPE, sequence numbers always written.
    case live
}
