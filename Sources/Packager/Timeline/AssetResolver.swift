import Foundation

/// Finds what an interstitial plays. Local asset lists and asset playlists are read so the
/// timeline uses real durations; remote ones are left unread (see `TimelineLocation`).
struct AssetResolver {
    let playlist: TimelineLocation
    let fetcher: PlaylistFetcher

    struct Resolved {
        let assets: [InterstitialAsset]
        /// Sum of the asset durations; nil when any is unknown.
        let totalNanos: Int64?
    }

    func resolve(range: PlaylistDateRange, values: RangeValues) throws -> Resolved {
        let uri = values.value("X-ASSET-URI")
        let list = values.value("X-ASSET-LIST")
        switch (uri, list) {
        case (let uri?, nil):
            return try asset(uri)
        case (nil, let list?):
            return try assetList(list)
        case (.some, .some):
            throw TimelineError.conflictingAttributes(location: values.location, line: range.firstLine, id: range.id,
                                                      detail: "has both X-ASSET-URI and X-ASSET-LIST")
        case (nil, nil):
            throw values.missing("X-ASSET-URI or X-ASSET-LIST")
        }
    }

    private func asset(_ uri: String) throws -> Resolved {
        guard let path = playlist.localResolving(uri) else {
            return Resolved(assets: [InterstitialAsset(uri: uri, durationNanos: nil)], totalNanos: nil)
        }
        let media = try MediaPlaylistLoader(fetcher: fetcher).load(.file(path)).playlist
        let total = media.totalDurationNanos
        return Resolved(assets: [InterstitialAsset(uri: uri, durationNanos: total)], totalNanos: total)
    }

    private func assetList(_ uri: String) throws -> Resolved {
        guard let path = playlist.localResolving(uri) else { return Resolved(assets: [], totalNanos: nil) }
        let assets = try AssetListReader.read(try fetcher.bytes(at: .file(path)), location: path)
        let total = assets.reduce(Int64(0)) { $0.saturatingAdding($1.durationNanos ?? 0) }
        return Resolved(assets: assets, totalNanos: total)
    }
}
