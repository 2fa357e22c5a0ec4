/// Kind of span as DateRangeWriter sees it. Deliberately its own type (DateRangeWriter does
/// not depend on CueDetect); the Packager maps `SpanKind` to it by raw value.
public struct SpanKindName: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let ad = SpanKindName(rawValue: "ad")
    public static let recap = SpanKindName(rawValue: "recap")
    public static let other = SpanKindName(rawValue: "other")

    public var description: String { rawValue }
}

/// Where the span's media ends up. `strip`: cut out of the primary into its own asset, so
/// the primary resumes where it left off. `overlay`: left in the primary, the interstitial
/// plays over it and the primary resumes after the span.
public enum SpanPlacement: String, Codable, Sendable {
    case strip, overlay
}

/// What the policy needs to know about one span to turn it into date-range attributes.
public struct SpanDescription: Hashable, Codable, Sendable {
    public var kind: SpanKindName
    public var id: String
    public var startDate: HLSDate
    public var plannedDuration: HLSDecimal?
    public var actualDuration: HLSDecimal?
    /// Whole splice_info_section that opened / closed the span, if it came from SCTE-35.
    public var outSection: [UInt8]?
    public var inSection: [UInt8]?
    public var cancelled: Bool
    public var placement: SpanPlacement
    /// Absolute URI of the asset playlist made from the span's own media.
    public var extractedAssetURI: String?
    /// URI of an asset list naming several assets made from the span's media (a break with its
    /// ads, one asset each); used instead of `extractedAssetURI` when set.
    public var extractedAssetList: String?

    public init(kind: SpanKindName, id: String, startDate: HLSDate, plannedDuration: HLSDecimal? = nil,
                actualDuration: HLSDecimal? = nil, outSection: [UInt8]? = nil, inSection: [UInt8]? = nil,
                cancelled: Bool = false, placement: SpanPlacement, extractedAssetURI: String? = nil,
                extractedAssetList: String? = nil) {
        self.kind = kind
        self.id = id
        self.startDate = startDate
        self.plannedDuration = plannedDuration
        self.actualDuration = actualDuration
        self.outSection = outSection
        self.inSection = inSection
        self.cancelled = cancelled
        self.placement = placement
        self.extractedAssetURI = extractedAssetURI
        self.extractedAssetList = extractedAssetList
    }
}
