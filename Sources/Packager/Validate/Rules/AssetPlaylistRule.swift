/// Interstitial asset media playlists MUST be VOD (end with EXT-X-ENDLIST) and carry no
/// interstitials of their own, which clients MUST ignore (HLS D.1).
struct AssetPlaylistRule {
    func check(_ asset: Playlist, referencedBy origin: String) -> [Finding] {
        guard asset.isMediaPlaylist else { return [] }
        var findings: [Finding] = []
        if !asset.hasEndList {
            findings.append(Finding(file: asset.file, line: asset.lineCount, rule: .assetVOD, severity: .error,
                message: "interstitial asset (from \(origin)) has no EXT-X-ENDLIST; assets must be VOD",
                breaks: [.avFoundation, .hlsJS]))
        }
        for range in asset.dateRanges.ranges where range.isInterstitial {
            findings.append(Finding(file: asset.file, line: range.firstLine, rule: .assetNoInterstitials, severity: .error,
                message: "interstitial asset (from \(origin)) schedules interstitial \"\(range.id)\"; players ignore interstitials inside interstitials"))
        }
        return findings
    }
}
