import DateRangeWriter

/// A distribution target whose rules `pkgctl vod --profile` writes to, the same rules
/// `pkgctl validate --profile` checks (`Validate/Profiles/`), so its output passes them.
public enum DeliveryProfile: String, CaseIterable, Equatable, Sendable {
    /// Apple Podcasts' interstitial profile ("Delivering ad interstitials", validation settings
    /// v1.05): X-RESUME-OFFSET=0, X-TIMELINE-OCCUPIES="RANGE", X-TIMELINE-STYLE="PRIMARY", no
    /// X-RESTRICT, no CUE but POST, a segment boundary at each interstitial, a real PDT and a
    /// target duration of 4–10 s.
    case applePodcasts = "apple-podcasts"

    /// X-RESUME-OFFSET=0 says the primary does not hold the span, so every kind is stripped;
    /// an overlay asked for explicitly contradicts the profile and is refused, not overridden.
    func apply(to options: inout VodOptions, from configuration: PipelineConfiguration) throws {
        let key = "output.profile"
        if let overlay = ([("placement.default", configuration.placementDefault)]
                          + configuration.placementByKind.map { ("placement.\($0.key)", $0.value) })
            .first(where: { $0.1 == .overlay }) {
            throw configuration.fail(overlay.0, "overlay contradicts \(key) \(rawValue): its X-RESUME-OFFSET=0 needs the span stripped from the primary")
        }
        guard (4...10).contains(options.segmentDuration) else {
            throw configuration.fail("segments.duration", "\(options.segmentDuration) s is outside the 4…10 s target duration \(rawValue) accepts")
        }
        options.defaultPlacement = .strip
        options.placementByKind = options.placementByKind.mapValues { _ in .strip }
        options.policy.fallback = Self.podcastRule(options.policy.fallback)
        options.policy.rules = options.policy.rules.mapValues(Self.podcastRule)
    }

    private static func podcastRule(_ rule: InterstitialKindRule) -> InterstitialKindRule {
        var r = rule
        r.timelineStyle = .primary
        r.timelineOccupies = .range
        r.restrict = []
        r.cueOnce = false
        return r
    }
}
