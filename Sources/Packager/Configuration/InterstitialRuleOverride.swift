import DateRangeWriter

/// `interstitials.<kind>` of the configuration: the attributes of that kind's interstitials that
/// differ from the built-in rule (every field optional, applied over the default).
public struct InterstitialRuleOverride: Equatable, Sendable {
    public var assetListTemplate: String?
    public var timelineStyle: TimelineStyle?
    public var timelineOccupies: TimelineOccupies?
    public var contentMayVary: Bool?
    public var restrict: Set<Restriction>?
    public var snap: Set<SnapPoint>?
    public var cueOnce: Bool?
    public var scte35: Bool?
    public var skipControlOffset: UInt64?
    public var skipControlDuration: UInt64?
    public var skipControlLabelID: String?

    public init() {}

    func merging(_ o: Self) -> Self {
        var m = self
        m.assetListTemplate = o.assetListTemplate ?? assetListTemplate
        m.timelineStyle = o.timelineStyle ?? timelineStyle
        m.timelineOccupies = o.timelineOccupies ?? timelineOccupies
        m.contentMayVary = o.contentMayVary ?? contentMayVary
        m.restrict = o.restrict ?? restrict
        m.snap = o.snap ?? snap
        m.cueOnce = o.cueOnce ?? cueOnce
        m.scte35 = o.scte35 ?? scte35
        m.skipControlOffset = o.skipControlOffset ?? skipControlOffset
        m.skipControlDuration = o.skipControlDuration ?? skipControlDuration
        m.skipControlLabelID = o.skipControlLabelID ?? skipControlLabelID
        return m
    }

    func apply(to base: InterstitialKindRule) -> InterstitialKindRule {
        var rule = base
        if let t = assetListTemplate { rule.assetSource = .assetListTemplate(t) }
        if let v = timelineStyle { rule.timelineStyle = v }
        if let v = timelineOccupies { rule.timelineOccupies = v }
        if let v = contentMayVary { rule.contentMayVary = v }
        if let v = restrict { rule.restrict = v }
        if let v = snap { rule.snap = v }
        if let v = cueOnce { rule.cueOnce = v }
        if let v = scte35 { rule.includeSCTE35 = v }
        if let v = skipControlOffset { rule.skipControlOffset = v }
        if let v = skipControlDuration { rule.skipControlDuration = v }
        if let v = skipControlLabelID { rule.skipControlLabelID = v }
        return rule
    }
}
