/// How spans of one kind become interstitial attributes.
public struct InterstitialKindRule: Hashable, Codable, Sendable {
    public enum AssetSource: Hashable, Codable, Sendable {
        /// X-ASSET-URI pointing at the asset made from the span's own media.
        case extractedAsset
        /// X-ASSET-LIST from a URL template (typically an ad-decision server). Placeholders:
        /// `{id}` (the range ID), `{kind}`, `{duration}` (planned duration in canonical
        /// decimal; for VOD the actual duration if none was planned; empty if unknown).
        /// Substituted values are percent-encoded.
        case assetListTemplate(String)
    }

    public var assetSource: AssetSource
    public var timelineStyle: TimelineStyle?
    public var timelineOccupies: TimelineOccupies?
    public var contentMayVary: Bool?
    public var restrict: Set<Restriction>
    public var snap: Set<SnapPoint>
    /// Adds CUE="ONCE" so a replayed stretch does not replay the interstitial.
    public var cueOnce: Bool
    /// Writes SCTE35-OUT / SCTE35-IN when the span came with sections.
    public var includeSCTE35: Bool
    public var skipControlOffset: UInt64?
    public var skipControlDuration: UInt64?
    public var skipControlLabelID: String?

    public init(assetSource: AssetSource, timelineStyle: TimelineStyle? = nil, timelineOccupies: TimelineOccupies? = nil,
                contentMayVary: Bool? = nil, restrict: Set<Restriction> = [], snap: Set<SnapPoint> = [],
                cueOnce: Bool = false, includeSCTE35: Bool = true, skipControlOffset: UInt64? = nil,
                skipControlDuration: UInt64? = nil, skipControlLabelID: String? = nil) {
        self.assetSource = assetSource
        self.timelineStyle = timelineStyle
        self.timelineOccupies = timelineOccupies
        self.contentMayVary = contentMayVary
        self.restrict = restrict
        self.snap = snap
        self.cueOnce = cueOnce
        self.includeSCTE35 = includeSCTE35
        self.skipControlOffset = skipControlOffset
        self.skipControlDuration = skipControlDuration
        self.skipControlLabelID = skipControlLabelID
    }

    /// Ads: highlighted on the timeline, not skippable or jumpable, may differ per viewer.
    public static let adDefault = InterstitialKindRule(
        assetSource: .extractedAsset, timelineStyle: .highlight, contentMayVary: true, restrict: [.skip, .jump])

    /// Recaps and rating notices: part of the programme's own timeline, same for everyone.
    public static let programmeDefault = InterstitialKindRule(
        assetSource: .extractedAsset, timelineStyle: .primary, timelineOccupies: .range, contentMayVary: false)
}
