/// What one read of a media playlist tells the timeline: the primary's extent and segment
/// boundaries, the live edge and join point, the reload pace and the interstitials in tag
/// order. Times are nanoseconds on the playlist's timeline (EXTINF sums from its first segment).
public struct TimelineInput: Equatable, Sendable {
    public let mediaPlaylist: TimelineLocation
    /// Sum of the segments' EXTINF durations.
    public let primaryDurationNanos: Int64
    /// End of the last segment (what a live player can reach now).
    public let liveEdgeNanos: Int64
    /// No EXT-X-ENDLIST: the playlist will still change.
    public let isLive: Bool
    public let targetDurationNanos: Int64?
    public let lastSegmentNanos: Int64?
    public let interstitials: [ScheduledInterstitial]
    /// Segment boundaries, for X-SNAP; empty when unknown (then nothing snaps).
    public let grid: SegmentGrid
    /// Live only: where a player joining now starts (see `LiveJoin`).
    public let joinNanos: Int64?

    public init(mediaPlaylist: TimelineLocation, primaryDurationNanos: Int64, liveEdgeNanos: Int64, isLive: Bool,
                targetDurationNanos: Int64?, lastSegmentNanos: Int64?, interstitials: [ScheduledInterstitial],
                grid: SegmentGrid = SegmentGrid(durations: []), joinNanos: Int64? = nil) {
        self.mediaPlaylist = mediaPlaylist
        self.primaryDurationNanos = primaryDurationNanos
        self.liveEdgeNanos = liveEdgeNanos
        self.isLive = isLive
        self.targetDurationNanos = targetDurationNanos
        self.lastSegmentNanos = lastSegmentNanos
        self.interstitials = interstitials
        self.grid = grid
        self.joinNanos = joinNanos
    }
}
