/// One media segment of a stitched presentation, as its analysis sees it: what the playlist
/// says (line, EXTINF, discontinuity, map, date) and what the media says (timestamps, signature).
public struct StitchedSegment: Equatable, Sendable {
    public var index: Int
    /// Playlist line of the segment's URI.
    public var line: Int
    public var uri: String
    public var extinfTicks: Int64
    /// EXT-X-DISCONTINUITY before it.
    public var discontinuity: Bool
    /// Its EXT-X-MAP differs from the previous segment's.
    public var newMap: Bool
    /// PTS of its first video frame and the end of its last one (start + duration), 90 kHz, in
    /// the segment's own timestamps (unwrapped near the previous segment's).
    public var firstVideoTicks: Int64
    public var endVideoTicks: Int64
    public var signature: MediaSignature
    /// EXT-X-PROGRAM-DATE-TIME, ms since 1970.
    public var programDateTimeMillis: Int64?

    public init(index: Int, line: Int, uri: String, extinfTicks: Int64, discontinuity: Bool, newMap: Bool,
                firstVideoTicks: Int64, endVideoTicks: Int64, signature: MediaSignature, programDateTimeMillis: Int64?) {
        self.index = index
        self.line = line
        self.uri = uri
        self.extinfTicks = extinfTicks
        self.discontinuity = discontinuity
        self.newMap = newMap
        self.firstVideoTicks = firstVideoTicks
        self.endVideoTicks = endVideoTicks
        self.signature = signature
        self.programDateTimeMillis = programDateTimeMillis
    }

    public var mediaTicks: Int64 { endVideoTicks - firstVideoTicks }
}
