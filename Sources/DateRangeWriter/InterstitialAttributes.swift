/// The attributes defined by CLASS="com.apple.hls.interstitial" (HLS Appendix D.2).
/// Asset URIs are stored as given; rendering appends `_HLS_interstitial_id`.
public struct InterstitialAttributes: Hashable, Codable, Sendable {
    /// Absolute URI of one asset playlist. Exactly one of `assetURI` / `assetList` is required.
    public var assetURI: String?
    /// URI of an asset-list JSON; may be relative to the playlist.
    public var assetList: String?
    /// signed-decimal-floating-point seconds from the scheduled point on the primary timeline.
    public var resumeOffset: HLSDecimal?
    public var playoutLimit: HLSDecimal?
    public var snap: Set<SnapPoint>
    public var restrict: Set<Restriction>
    /// Rendered `"YES"` / `"NO"`; nil leaves the client default (`"YES"`).
    public var contentMayVary: Bool?
    public var timelineOccupies: TimelineOccupies?
    public var timelineStyle: TimelineStyle?
    /// decimal-integer seconds
    public var skipControlOffset: UInt64?
    public var skipControlDuration: UInt64?
    public var skipControlLabelID: String?

    public init(assetURI: String? = nil, assetList: String? = nil, resumeOffset: HLSDecimal? = nil,
                playoutLimit: HLSDecimal? = nil, snap: Set<SnapPoint> = [], restrict: Set<Restriction> = [],
                contentMayVary: Bool? = nil, timelineOccupies: TimelineOccupies? = nil,
                timelineStyle: TimelineStyle? = nil, skipControlOffset: UInt64? = nil,
                skipControlDuration: UInt64? = nil, skipControlLabelID: String? = nil) {
        self.assetURI = assetURI
        self.assetList = assetList
        self.resumeOffset = resumeOffset
        self.playoutLimit = playoutLimit
        self.snap = snap
        self.restrict = restrict
        self.contentMayVary = contentMayVary
        self.timelineOccupies = timelineOccupies
        self.timelineStyle = timelineStyle
        self.skipControlOffset = skipControlOffset
        self.skipControlDuration = skipControlDuration
        self.skipControlLabelID = skipControlLabelID
    }

    func rendered(id: String, into out: inout [RenderedAttribute]) throws {
        let references = (assetURI == nil ? 0 : 1) + (assetList == nil ? 0 : 1)
        guard references == 1 else { throw DateRangeError.assetReferenceCount(id: id, found: references) }
        if let uri = assetURI {
            try AssetURI.check(uri, id: id)
            guard AssetURI.isAbsolute(uri) else { throw DateRangeError.relativeAssetURI(id: id, uri: uri) }
            out.append(RenderedAttribute(.assetURI,
                                         value: try AttributeGrammar.quoted(AssetURI.addingInterstitialID(uri, id: id), attribute: "X-ASSET-URI")))
        }
        if let list = assetList {
            try AssetURI.check(list, id: id)
            out.append(RenderedAttribute(.assetList,
                                         value: try AttributeGrammar.quoted(AssetURI.addingInterstitialID(list, id: id), attribute: "X-ASSET-LIST")))
        }
        if let offset = resumeOffset {
            out.append(RenderedAttribute(.resumeOffset, value: offset.text))
        }
        if let limit = playoutLimit {
            out.append(RenderedAttribute(.playoutLimit, value: try AttributeGrammar.unsigned(limit, attribute: "X-PLAYOUT-LIMIT", id: id)))
        }
        if let list = tokenList(snap) { out.append(RenderedAttribute(.snap, value: list)) }
        if let list = tokenList(restrict) { out.append(RenderedAttribute(.restrict, value: list)) }
        if let vary = contentMayVary {
            out.append(RenderedAttribute(.contentMayVary, value: vary ? "\"YES\"" : "\"NO\""))
        }
        if let occupies = timelineOccupies {
            out.append(RenderedAttribute(.timelineOccupies, value: AttributeGrammar.quote(occupies.rawValue)))
        }
        if let style = timelineStyle {
            out.append(RenderedAttribute(.timelineStyle, value: AttributeGrammar.quote(style.rawValue)))
        }
        if let offset = skipControlOffset {
            out.append(RenderedAttribute(.skipControlOffset, value: String(offset)))
        }
        if let duration = skipControlDuration {
            out.append(RenderedAttribute(.skipControlDuration, value: String(duration)))
        }
        if let label = skipControlLabelID {
            guard AttributeGrammar.isSkipLabel(label) else { throw DateRangeError.invalidSkipLabel(id: id, label: label) }
            out.append(RenderedAttribute(.skipControlLabelID, value: AttributeGrammar.quote(label)))
        }
    }
}
