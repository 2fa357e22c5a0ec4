/// The playlists of a presentation, built the same way for VOD and live: media playlists are
/// `MediaPlaylist` values (a VOD list, or a live window's current version); the multivariant
/// playlist lists one variant per video rendition from its measured bit rates.
enum PlaylistRenderer {
    /// One EXT-X-STREAM-INF per rendition, highest BANDWIDTH first (the order players try them in).
    /// - Parameter headroomPercent: added to the measured peak: 0 for VOD (every segment is
    ///   measured), a margin for live, whose later segments may peak higher.
    static func multivariant(_ variants: [VariantDescription], meters: [BandwidthMeter],
                             headroomPercent: Int) -> MultivariantPlaylist {
        let streams = zip(variants, meters).enumerated().map { k, pair -> VariantStream in
            let (variant, meter) = pair
            return VariantStream(uri: OutputLayout.renditionPlaylist(k), bandwidth: meter.peak + meter.peak * headroomPercent / 100,
                                 averageBandwidth: meter.average, codecs: variant.codecs,
                                 resolution: variant.resolution, frameRate: variant.frameRate)
        }
        return MultivariantPlaylist(variants: streams.sorted { $0.bandwidth > $1.bandwidth }, independentSegments: true)
    }

    /// A finished VOD media playlist (primary renditions and assets alike).
    static func vod(_ segments: [SegmentRecord], targetDuration: Int, dateRanges: [DateRangeBlock] = []) -> MediaPlaylist {
        MediaPlaylist(kind: .vod, targetDuration: targetDuration, segments: segments, dateRanges: dateRanges,
                      independentSegments: true, endList: true)
    }
}
