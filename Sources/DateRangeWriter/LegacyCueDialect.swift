/// Cue-tag dialects for SSAI systems and tools that do not read HLS Interstitials.
public enum LegacyCueDialect: String, Codable, CaseIterable, Sendable {
    /// `#EXT-X-CUE-OUT:<d>`, `#EXT-X-CUE-OUT-CONT:<elapsed>/<d>`, `#EXT-X-CUE-IN` (Elemental / AWS).
    case elemental
    /// `#EXT-OATCLS-SCTE35:<base64>` + `#EXT-X-CUE-OUT:<d>`, then
    /// `#EXT-X-CUE-OUT-CONT:ElapsedTime=<e>,Duration=<d>,SCTE35=<base64>`, then `#EXT-X-CUE-IN`.
    case scte35Enhanced
    /// `#EXT-X-SCTE35:CUE="<base64>",…,CUE-OUT=YES|CONT` / `CUE-IN=YES` (SCTE 35 §12.2).
    case scte35Tag
    /// EXT-X-DATERANGE with only SCTE35-OUT / SCTE35-IN, no interstitial CLASS.
    case dateRangeSCTE35
}

/// Where a segment lies relative to a span; the renderer answers which lines go before it.
public enum LegacySegmentPosition: Hashable, Sendable {
    case firstInSpan
    /// A later segment of the span; `elapsed` is the span time before this segment.
    case continuing(elapsed: HLSDecimal)
    case firstAfterSpan
}

/// The span as the legacy dialects need it.
public struct LegacyCueSpan: Hashable, Codable, Sendable {
    public var id: String
    public var startDate: HLSDate
    /// Break duration announced at cue-out (break_duration / segmentation_duration).
    public var plannedDuration: HLSDecimal?
    /// Out→in duration, once known.
    public var actualDuration: HLSDecimal?
    public var outSection: [UInt8]
    public var inSection: [UInt8]?

    public init(id: String, startDate: HLSDate, plannedDuration: HLSDecimal? = nil, actualDuration: HLSDecimal? = nil,
                outSection: [UInt8], inSection: [UInt8]? = nil) {
        self.id = id
        self.startDate = startDate
        self.plannedDuration = plannedDuration
        self.actualDuration = actualDuration
        self.outSection = outSection
        self.inSection = inSection
    }
}
