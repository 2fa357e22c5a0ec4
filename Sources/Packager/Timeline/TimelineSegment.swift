/// One stretch of the schedule, like AVPlayerItemSegment and hls.js's schedule items:
/// primary content or an interstitial, placed on three timelines.
public struct TimelineSegment: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case primary
        case interstitial
    }

    /// Integrated timeline (the transport bar): a POINT interstitial has zero width here.
    public let startNanos: Int64
    public let endNanos: Int64
    /// Playout timeline (what the viewer sits through): every interstitial counts.
    public let playoutStartNanos: Int64
    public let playoutEndNanos: Int64
    /// Primary timeline: for primary, the content played; for an interstitial, the point it
    /// is scheduled at (after the resume offsets of earlier ones at the same time) and the
    /// point primary resumes at (hls.js `start` / `end`).
    public let primaryStartNanos: Int64
    public let primaryEndNanos: Int64
    /// The interstitial played here; nil for primary content.
    public let interstitial: ScheduledInterstitial?

    public init(startNanos: Int64, endNanos: Int64, playoutStartNanos: Int64, playoutEndNanos: Int64,
                primaryStartNanos: Int64, primaryEndNanos: Int64, interstitial: ScheduledInterstitial?) {
        self.startNanos = startNanos
        self.endNanos = endNanos
        self.playoutStartNanos = playoutStartNanos
        self.playoutEndNanos = playoutEndNanos
        self.primaryStartNanos = primaryStartNanos
        self.primaryEndNanos = primaryEndNanos
        self.interstitial = interstitial
    }

    public var kind: Kind { interstitial == nil ? .primary : .interstitial }
    public var id: String? { interstitial?.id }

    func withPrimaryEnd(_ end: Int64) -> TimelineSegment {
        TimelineSegment(startNanos: startNanos, endNanos: endNanos, playoutStartNanos: playoutStartNanos,
                        playoutEndNanos: playoutEndNanos, primaryStartNanos: primaryStartNanos,
                        primaryEndNanos: end, interstitial: interstitial)
    }
}
