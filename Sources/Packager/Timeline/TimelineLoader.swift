/// Reads a playlist (local or http) into a `TimelineInput`: follows a multivariant playlist
/// to its first video variant, places every interstitial by START-DATE against the PDT of
/// the first segment, and resolves local asset durations.
public struct TimelineLoader: Sendable {
    public let fetcher: PlaylistFetcher

    public init(fetcher: PlaylistFetcher = PlaylistFetcher()) {
        self.fetcher = fetcher
    }

    public func load(_ location: TimelineLocation) throws -> TimelineInput {
        let (playlist, media) = try MediaPlaylistLoader(fetcher: fetcher).load(location)
        let dates = playlist.segmentDates()
        let interstitialRanges = playlist.dateRanges.ranges.filter(\.isInterstitial)
        let origin = dates.first.flatMap { $0 }
        let primary = playlist.totalDurationNanos

        var interstitials: [ScheduledInterstitial] = []
        if !interstitialRanges.isEmpty {
            guard let origin else { throw TimelineError.noProgramDateTime(location: media.description) }
            let reader = InterstitialReader(playlist: media, origin: origin,
                                            assets: AssetResolver(playlist: media, fetcher: fetcher))
            let ends = playlist.dateRanges.resolvedEnds()
            interstitials = try interstitialRanges.map { try reader.read($0, resolvedEnd: ends[$0.id]) }
        }

        var liveEdge = primary
        if let origin, let last = playlist.segments.last, let lastDate = dates.last.flatMap({ $0 }) {
            liveEdge = lastDate.nanoseconds.saturatingSubtracting(origin.nanoseconds)
                .saturatingAdding(last.durationNanos ?? 0)
        }
        return TimelineInput(
            mediaPlaylist: media, primaryDurationNanos: primary, liveEdgeNanos: liveEdge,
            isLive: !playlist.hasEndList,
            targetDurationNanos: playlist.targetDurationSeconds.map { $0.saturatingMultiplied(by: DecimalSeconds.nanosPerSecond) },
            lastSegmentNanos: playlist.segments.last?.durationNanos,
            interstitials: interstitials)
    }
}
