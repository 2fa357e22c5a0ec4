/// Where a span's media goes.
public enum Placement: String, Codable, Sendable, CaseIterable {
    /// The span becomes its own asset and is removed from the primary, which is re-timed to stay
    /// continuous; the interstitial sits at the splice point.
    case strip
    /// The primary keeps the span (players without interstitials still show it); the
    /// interstitial covers it and resumes after it.
    case overlay
}
