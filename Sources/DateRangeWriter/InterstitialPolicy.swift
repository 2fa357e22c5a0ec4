import Foundation

/// Maps a span to its interstitial date range, per kind. The live flow has two halves:
/// `announcement(for:)` at cue-out and `completion(for:)` at cue-in (the full range, of
/// which the ledger publishes only what is new); VOD uses `completeRange(for:)` once.
///
/// Placement: `strip` → X-RESUME-OFFSET=0 from the start (the primary no longer contains
/// the span); `overlay` → X-RESUME-OFFSET = span length once known. DURATION is always the
/// actual span length (it is also the extracted asset's length); X-PLAYOUT-LIMIT is added
/// on early return (actual < planned). PLANNED-DURATION comes only from the span's planned
/// duration, so announcement and completion always agree on it.
public struct InterstitialPolicy: Hashable, Codable, Sendable {
    /// Rules by kind name ("ad", "recap", "other", or any other name the caller uses).
    public var rules: [String: InterstitialKindRule]
    /// Used for kinds without an entry in `rules`.
    public var fallback: InterstitialKindRule

    public init(rules: [String: InterstitialKindRule], fallback: InterstitialKindRule) {
        self.rules = rules
        self.fallback = fallback
    }

    public static let standard = InterstitialPolicy(
        rules: ["ad": .adDefault, "recap": .programmeDefault, "other": .programmeDefault],
        fallback: .programmeDefault)

    public func rule(for kind: SpanKindName) -> InterstitialKindRule {
        rules[kind.rawValue] ?? fallback
    }

    /// The attributes known at cue-out.
    public func announcement(for span: SpanDescription) throws -> DateRange {
        try announcement(for: span, templateDuration: span.plannedDuration)
    }

    /// The full range at cue-in: the announcement plus DURATION, resume offset, SCTE35-IN and
    /// X-PLAYOUT-LIMIT on early return.
    public func completion(for span: SpanDescription) throws -> DateRange {
        try completion(for: span, templateDuration: span.plannedDuration)
    }

    /// VOD: the complete range in one tag.
    public func completeRange(for span: SpanDescription) throws -> DateRange {
        try completion(for: span, templateDuration: span.plannedDuration ?? span.actualDuration)
    }

    private func announcement(for span: SpanDescription, templateDuration: HLSDecimal?) throws -> DateRange {
        guard !span.cancelled else { throw DateRangeError.cancelledSplice(id: span.id) }
        let rule = rule(for: span.kind)
        var attributes = InterstitialAttributes(
            snap: rule.snap, restrict: rule.restrict, contentMayVary: rule.contentMayVary,
            timelineOccupies: rule.timelineOccupies, timelineStyle: rule.timelineStyle,
            skipControlOffset: rule.skipControlOffset, skipControlDuration: rule.skipControlDuration,
            skipControlLabelID: rule.skipControlLabelID)
        switch rule.assetSource {
        case .extractedAsset:
            if let list = span.extractedAssetList {
                attributes.assetList = list
            } else if let uri = span.extractedAssetURI {
                attributes.assetURI = uri
            } else {
                throw DateRangeError.missingExtractedAsset(id: span.id, kind: span.kind.rawValue)
            }
        case let .assetListTemplate(template):
            attributes.assetList = Self.expand(template, span: span, duration: templateDuration)
        }
        if span.placement == .strip { attributes.resumeOffset = .zero }
        var range = DateRange.interstitial(id: span.id, startDate: span.startDate, attributes)
        range.plannedDuration = span.plannedDuration
        if rule.cueOnce { range.cue = [.once] }
        if rule.includeSCTE35, let out = span.outSection, !out.isEmpty { range.scte35Out = HexSequence(bytes: out) }
        return range
    }

    private func completion(for span: SpanDescription, templateDuration: HLSDecimal?) throws -> DateRange {
        var range = try announcement(for: span, templateDuration: templateDuration)
        guard let actual = span.actualDuration else { throw DateRangeError.missingActualDuration(id: span.id) }
        range.duration = actual
        if span.placement == .overlay { range.interstitial?.resumeOffset = actual }
        if let planned = span.plannedDuration, actual < planned { range.interstitial?.playoutLimit = actual }
        if rule(for: span.kind).includeSCTE35, let inSection = span.inSection, !inSection.isEmpty {
            range.scte35In = HexSequence(bytes: inSection)
        }
        return range
    }

    static func expand(_ template: String, span: SpanDescription, duration: HLSDecimal?) -> String {
        template
            .replacingOccurrences(of: "{id}", with: AssetURI.percentEncoded(span.id))
            .replacingOccurrences(of: "{kind}", with: AssetURI.percentEncoded(span.kind.rawValue))
            .replacingOccurrences(of: "{duration}", with: duration.map(\.text) ?? "")
    }
}
