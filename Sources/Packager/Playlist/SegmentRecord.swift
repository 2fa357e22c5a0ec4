/// One media segment as a playlist lists it. Durations stay in exact 90 kHz ticks so that
/// every playlist text (EXTINF, TARGETDURATION, window length) is derived from one integer.
public struct SegmentRecord: Codable, Equatable, Sendable {
    /// Relative to the playlist that lists it.
    public var uri: String
    /// Exact duration in 90 kHz ticks.
    public var durationTicks: Int64
    /// Presentation time of the first sample, 90 kHz, on the packager's unwrapped timeline.
    public var startTicks: Int64
    public var bytes: Int
    /// The segment starts a new timestamp sequence or encoding (written as EXT-X-DISCONTINUITY).
    public var discontinuity: Bool
    /// UTC wall-clock time of the first sample, milliseconds since 1970-01-01.
    public var programDateTimeMillis: Int64
    /// fMP4 init segment; a change from the previous segment is written as a new EXT-X-MAP.
    public var mapURI: String?
    /// The init segment's bytes within `mapURI` (single-file output: the start of the file).
    public var mapByteRange: SegmentByteRange?
    /// The segment's bytes within `uri` (single-file output); nil: the whole resource.
    public var byteRange: SegmentByteRange?
    /// Media is missing for this span of the timeline (EXT-X-GAP).
    public var gap: Bool

    public init(uri: String, durationTicks: Int64, startTicks: Int64, bytes: Int, discontinuity: Bool,
                programDateTimeMillis: Int64, mapURI: String? = nil, gap: Bool = false,
                byteRange: SegmentByteRange? = nil, mapByteRange: SegmentByteRange? = nil) {
        self.uri = uri
        self.durationTicks = durationTicks
        self.startTicks = startTicks
        self.bytes = bytes
        self.discontinuity = discontinuity
        self.programDateTimeMillis = programDateTimeMillis
        self.mapURI = mapURI
        self.gap = gap
        self.byteRange = byteRange
        self.mapByteRange = mapByteRange
    }

    /// Whether the wall-clock instant `millis` falls in [PDT, PDT + duration), compared
    /// exactly in 1/90000 s units (1 ms = 90 ticks) so no rounding can move a boundary.
    func contains(millis: Int64) -> Bool {
        let start = programDateTimeMillis.multipliedReportingOverflow(by: 90)
        let point = millis.multipliedReportingOverflow(by: 90)
        guard !start.overflow, !point.overflow else { return false }
        return point.partialValue >= start.partialValue
            && point.partialValue - start.partialValue < durationTicks
    }
}
