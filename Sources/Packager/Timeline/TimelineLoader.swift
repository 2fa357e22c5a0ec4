/// Reads a playlist (local or http) into a `TimelineInput`: follows a multivariant playlist
/// to its first video variant, places every interstitial by START-DATE through the PDT of
/// the segment that holds it, and resolves local asset durations.
public struct TimelineLoader: Sendable {
    public let fetcher: PlaylistFetcher

    public init(fetcher: PlaylistFetcher = PlaylistFetcher()) {
        self.fetcher = fetcher
    }

    public func load(_ location: TimelineLocation) throws -> TimelineInput {
        let (playlist, media) = try MediaPlaylistLoader(fetcher: fetcher).load(location)
        let interstitialRanges = playlist.dateRanges.ranges.filter(\.isInterstitial)
        let primary = playlist.totalDurationNanos

        var interstitials: [ScheduledInterstitial] = []
        if !interstitialRanges.isEmpty {
            guard let dates = PrimaryDateMap(playlist) else { throw TimelineError.noProgramDateTime(location: media.description) }
            let reader = InterstitialReader(playlist: media, dates: dates,
                                            assets: AssetResolver(playlist: media, fetcher: fetcher))
            let ends = playlist.dateRanges.resolvedEnds()
            interstitials = try interstitialRanges.map { try reader.read($0, resolvedEnd: ends[$0.id]) }
        }
        let isLive = !playlist.hasEndList
        return TimelineInput(
            mediaPlaylist: media, primaryDurationNanos: primary, liveEdgeNanos: primary,
            isLive: isLive,
            targetDurationNanos: playlist.targetDurationSeconds.map { $0.saturatingMultiplied(by: DecimalSeconds.nanosPerSecond) },
            lastSegmentNanos: playlist.segments.last?.durationNanos,
            interstitials: interstitials,
            grid: SegmentGrid(durations: playlist.segments.map { max(0, $0.durationNanos ?? 0) }),
            joinNanos: isLive ? LiveStartPoint.position(in: playlist) : nil)
    }
}
