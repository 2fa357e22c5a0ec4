/// A sub-range of a media resource (HLS §4.4.4.2 EXT-X-BYTERANGE, §4.4.4.5 EXT-X-MAP BYTERANGE):
/// `length` bytes from `offset`. The offset is always written: the spec lets it be left out
/// when the range follows the previous one of the same resource, but an explicit offset cannot
/// be misread by a player that loses count (a segment dropped from a window, a seek).
public struct SegmentByteRange: Codable, Equatable, Hashable, Sendable {
    public var offset: Int64
    public var length: Int64

    public init(offset: Int64, length: Int64) {
        self.offset = offset
        self.length = length
    }

    /// `<n>@<o>`, the form both tags use.
    public var text: String { "\(length)@\(offset)" }
    public var end: Int64 { offset + length }
}
