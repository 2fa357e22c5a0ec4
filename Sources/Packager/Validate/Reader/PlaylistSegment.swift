/// One media segment and the tags that applied to it.
public struct PlaylistSegment: Sendable {
    public let uri: String
    public let uriLine: Int
    /// Line of the segment's EXTINF; nil when it had none.
    public let extinfLine: Int?
    /// nil when the segment had no (parsable) EXTINF.
    public let durationNanos: Int64?
    public let programDateTime: Timestamp?
    public let programDateTimeLine: Int?
    public let discontinuity: Bool
    public let gap: Bool
    public let byteRange: String?
    public let mapURI: String?

    /// Where the segment starts: its EXTINF, or its URI when EXTINF is missing.
    public var startLine: Int { extinfLine ?? uriLine }
}
