/// An interstitial has exactly one of X-ASSET-URI / X-ASSET-LIST (HLS D.2), counted after
/// merging same-ID tags as hls.js does. Every player needs it to know what to play.
struct InterstitialAssetReferenceRule: PlaylistRule {
    let id = RuleID.interstitialAssetRef

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.dateRanges.ranges.compactMap { range in
            guard range.isInterstitial else { return nil }
            switch (range.merged["X-ASSET-URI"] != nil, range.merged["X-ASSET-LIST"] != nil) {
            case (true, true):
                return finding(playlist, line: range.line(of: "X-ASSET-LIST") ?? range.firstLine, .error,
                               "interstitial \"\(range.id)\" has both X-ASSET-URI and X-ASSET-LIST", breaks: Player.all)
            case (false, false):
                return finding(playlist, line: range.firstLine, .error,
                               "interstitial \"\(range.id)\" has neither X-ASSET-URI nor X-ASSET-LIST", breaks: Player.all)
            default:
                return nil
            }
        }
    }
}
