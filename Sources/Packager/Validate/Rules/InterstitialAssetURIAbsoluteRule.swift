/// X-ASSET-URI MUST be an absolute URI (HLS D.2); only X-ASSET-LIST may be relative.
struct InterstitialAssetURIAbsoluteRule: PlaylistRule {
    let id = RuleID.interstitialAssetURIAbsolute

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.dateRanges.ranges.compactMap { range in
            guard range.isInterstitial, let uri = range.merged["X-ASSET-URI"], !URIKind.isAbsolute(uri.value) else { return nil }
            return finding(playlist, line: range.line(of: "X-ASSET-URI") ?? range.firstLine, .error,
                           "interstitial \"\(range.id)\": X-ASSET-URI \(uri.raw) is not an absolute URI",
                           breaks: [.avFoundation, .hlsJS])
        }
    }
}
