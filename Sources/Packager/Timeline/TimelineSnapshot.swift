/// The schedule at one moment, as AVPlayerItemIntegratedTimelineSnapshot and hls.js's
/// InterstitialsManager present it. Times are nanoseconds.
public struct TimelineSnapshot: Equatable, Sendable {
    /// Integrated duration: primary played plus RANGE interstitials (POINT ones add nothing).
    public let durationNanos: Int64
    /// Playout duration: primary played plus every interstitial played.
    public let playoutDurationNanos: Int64
    public let primaryDurationNanos: Int64
    /// Playback order.
    public let segments: [TimelineSegment]
    /// What a transport bar draws, derived from the segments.
    public var markers: [TimelineMarker] { segments.compactMap(TimelineMarker.init(segment:)) }
    /// Every interstitial in tag order, including ones placed outside the primary window.
    public let interstitials: [ScheduledInterstitial]
    /// IDs that are not scheduled: date-scheduled interstitials after a VOD primary's end
    /// (only CUE="POST" plays after the end).
    public let unscheduled: [String]
    /// End of the last segment on the primary timeline.
    public let liveEdgeNanos: Int64
    public let isLive: Bool
    /// Live only: where a player joining now starts.
    public let join: LiveJoin?

    public init(durationNanos: Int64, playoutDurationNanos: Int64, primaryDurationNanos: Int64,
                segments: [TimelineSegment], interstitials: [ScheduledInterstitial], unscheduled: [String] = [],
                liveEdgeNanos: Int64, isLive: Bool, join: LiveJoin? = nil) {
        self.durationNanos = durationNanos
        self.playoutDurationNanos = playoutDurationNanos
        self.primaryDurationNanos = primaryDurationNanos
        self.segments = segments
        self.interstitials = interstitials
        self.unscheduled = unscheduled
        self.liveEdgeNanos = liveEdgeNanos
        self.isLive = isLive
        self.join = join
    }

    /// The interstitial whose date range holds the live edge (the last such in tag order),
    /// nil when the live edge is in primary content. Pre- and post-rolls are not tied to a
    /// date, so the live edge is never "in" them.
    public var interstitialAtLiveEdge: String? {
        interstitials.last { interstitial in
            guard interstitial.cue == .atStartDate else { return false }
            let span = interstitial.liveSpan
            return span.start <= liveEdgeNanos && span.end.map { liveEdgeNanos < $0 } ?? true
        }?.id
    }
}
