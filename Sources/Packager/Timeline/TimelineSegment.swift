/// One stretch of the integrated timeline, like AVPlayerItemSegment: primary content or an
/// interstitial, with its place on the integrated timeline and on the primary timeline.
public struct TimelineSegment: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case primary
        case interstitial
    }

    /// Integrated-timeline extent (what the viewer sits through).
    public let startNanos: Int64
    public let endNanos: Int64
    /// Primary extent: for primary, the content played; for an interstitial, the point it is
    /// scheduled at and the point where primary resumes after it.
    public let primaryStartNanos: Int64
    public let primaryEndNanos: Int64
    /// The interstitial played here; nil for primary content.
    public let interstitial: ScheduledInterstitial?

    public init(startNanos: Int64, endNanos: Int64, primaryStartNanos: Int64, primaryEndNanos: Int64,
                interstitial: ScheduledInterstitial?) {
        self.startNanos = startNanos
        self.endNanos = endNanos
        self.primaryStartNanos = primaryStartNanos
        self.primaryEndNanos = primaryEndNanos
        self.interstitial = interstitial
    }

    public var kind: Kind { interstitial == nil ? .primary : .interstitial }
    public var id: String? { interstitial?.id }
}
