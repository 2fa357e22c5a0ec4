/// What a stretch of a stitched presentation is. Content is the primary; the others are
/// inserted spans, each of which becomes an interstitial.
public enum StitchedKind: String, Codable, Sendable, CaseIterable {
    case content, ad, recap, notice

    /// The span kind the pipeline routes it as (a rating notice is a programme span like a recap,
    /// kept apart in reports); nil for content.
    public var spanKind: SpanKind? {
        switch self {
        case .content: return nil
        case .ad: return .ad
        case .recap: return .recap
        case .notice: return .other
        }
    }

    public init(spanKind: SpanKind) {
        switch spanKind {
        case .ad: self = .ad
        case .recap: self = .recap
        case .other: self = .notice
        }
    }
}
