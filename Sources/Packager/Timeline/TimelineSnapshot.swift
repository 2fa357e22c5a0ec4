/// The integrated timeline at one moment, as AVPlayerItemIntegratedTimelineSnapshot and
/// hls.js's InterstitialsManager schedule present it. Times are nanoseconds.
public struct TimelineSnapshot: Equatable, Sendable {
    /// Primary time plus the interstitial time that does not replace primary time.
    public let durationNanos: Int64
    public let primaryDurationNanos: Int64
    /// Playback order.
    public let segments: [TimelineSegment]
    /// What a transport bar draws, derived from the segments.
    public var markers: [TimelineMarker] { segments.compactMap(TimelineMarker.init(segment:)) }
    /// Every interstitial in tag order, including ones placed outside the primary window.
    public let interstitials: [ScheduledInterstitial]
    /// End of the last segment on the primary timeline (by PDT).
    public let liveEdgeNanos: Int64
    public let isLive: Bool

    public init(durationNanos: Int64, primaryDurationNanos: Int64, segments: [TimelineSegment],
                interstitials: [ScheduledInterstitial], liveEdgeNanos: Int64, isLive: Bool) {
        self.durationNanos = durationNanos
        self.primaryDurationNanos = primaryDurationNanos
        self.segments = segments
        self.interstitials = interstitials
        self.liveEdgeNanos = liveEdgeNanos
        self.isLive = isLive
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
