/// Media clock: where one rendition's numbering stands, kept in the restart state. Segment
/// numbers are grid cells, so a restart (or a partner) continues from the media, not from a
/// counter; what the cursor keeps is only what the playlist already said.
struct LiveGridCursor: Codable, Equatable {
    /// Number of the first segment the window ever listed: MEDIA-SEQUENCE is it plus the
    /// segments that left the window.
    var firstIndex: Int?
    /// Number of the last segment handed over (or listed as a gap), and where it ends (UTC ticks).
    var lastIndex: Int?
    var lastEndTicks: Int64?
    /// The codecs of the epoch that segment belongs to: a later epoch with other codecs starts
    /// with a discontinuity.
    var codecs: String?
}
