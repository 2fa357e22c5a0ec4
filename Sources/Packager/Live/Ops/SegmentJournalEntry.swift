/// One line of the segment journal: a segment as a rendition's window listed it, at its
/// media sequence number (the window's own count, before any media-clock offset), and when
/// retention first saw it listed.
struct SegmentJournalEntry: Codable, Equatable, Sendable {
    var rendition: Int
    var sequence: Int
    var segment: SegmentRecord
    /// Retention's record of when the segment was first listed (nil: none was kept).
    var listed: RetentionPlanner.Listing?
}
