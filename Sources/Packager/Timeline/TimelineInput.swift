/// What one read of a media playlist tells the timeline: the primary's extent, the live
/// edge, the reload pace and the interstitials in tag order. Times are nanoseconds,
/// positions relative to the PDT of the first segment.
public struct TimelineInput: Equatable, Sendable {
    public let mediaPlaylist: TimelineLocation
    /// Sum of the segments' EXTINF durations.
    public let primaryDurationNanos: Int64
    /// End of the last segment by PDT (equals the primary duration when PDT is continuous).
    public let liveEdgeNanos: Int64
    /// No EXT-X-ENDLIST: the playlist will still change.
    public let isLive: Bool
    public let targetDurationNanos: Int64?
    public let lastSegmentNanos: Int64?
    public let interstitials: [ScheduledInterstitial]

    public init(mediaPlaylist: TimelineLocation, primaryDurationNanos: Int64, liveEdgeNanos: Int64, isLive: Bool,
                targetDurationNanos: Int64?, lastSegmentNanos: Int64?, interstitials: [ScheduledInterstitial]) {
        self.mediaPlaylist = mediaPlaylist
        self.primaryDurationNanos = primaryDurationNanos
        self.liveEdgeNanos = liveEdgeNanos
        self.isLive = isLive
        self.targetDurationNanos = targetDurationNanos
        self.lastSegmentNanos = lastSegmentNanos
        self.interstitials = interstitials
    }
}
