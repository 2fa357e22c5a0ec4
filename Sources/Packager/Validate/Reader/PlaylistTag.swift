/// A `#EXT…` line: its name, the text after `:`, and the attribute list when the tag has one.
public struct PlaylistTag: Sendable {
    public let name: String
    public let line: Int
    public let value: Substring?
    public let attributes: AttributeList?

    /// Tags whose value is an attribute list (HLS §4.4).
    static let attributeListTags: Set<String> = [
        "#EXT-X-DATERANGE", "#EXT-X-STREAM-INF", "#EXT-X-I-FRAME-STREAM-INF", "#EXT-X-MEDIA",
        "#EXT-X-MAP", "#EXT-X-KEY", "#EXT-X-SESSION-KEY", "#EXT-X-SESSION-DATA", "#EXT-X-START",
        "#EXT-X-SERVER-CONTROL", "#EXT-X-PART-INF", "#EXT-X-PART", "#EXT-X-PRELOAD-HINT",
        "#EXT-X-RENDITION-REPORT", "#EXT-X-SKIP", "#EXT-X-DEFINE", "#EXT-X-CONTENT-STEERING",
    ]
}
