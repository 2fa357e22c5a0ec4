/// Interstitial assets and asset lists that resolve to local files (directly or through
/// `--map`) are read and checked; remote ones are never fetched, because requesting an ad
/// server's asset list or asset is an ad decision (it may count an impression).
extension ValidationRun {
    mutating func checkInterstitialAssets(of playlist: Playlist, at location: ResourceLocation) {
        for range in playlist.dateRanges.ranges where range.isInterstitial {
            if let uri = range.merged["X-ASSET-URI"]?.value {
                let line = range.line(of: "X-ASSET-URI") ?? range.firstLine
                if let target = readableTarget(uri, from: location, file: playlist.file, line: line, remote: false),
                   let asset = checkAsset(target, from: Location(file: playlist.file, line: line)) {
                    let media = asset.isMultivariant ? asset.references.first.flatMap { mediaPlaylist($0, of: asset, at: target) } : asset
                    if let media {
                        findings += AssetDurationRule().check(range, in: playlist, line: line,
                                                               assetSeconds: Double(media.totalDurationNanos) / 1e9)
                    }
                }
            }
            if let uri = range.merged["X-ASSET-LIST"]?.value {
                let line = range.line(of: "X-ASSET-LIST") ?? range.firstLine
                // An empty list plays nothing (D.5: the resume offset applies at once); live
                // packagers publish one until the asset exists, so it has no duration to match.
                if let target = readableTarget(uri, from: location, file: playlist.file, line: line, remote: false),
                   let list = checkAssetList(target, from: Location(file: playlist.file, line: line)),
                   !list.assetURIs.isEmpty, let total = list.totalSeconds {
                    findings += AssetDurationRule().check(range, in: playlist, line: line, assetSeconds: total)
                }
            }
        }
    }

    private mutating func checkAssetList(_ location: ResourceLocation, from origin: Location) -> AssetListDocument? {
        if let known = assetLists[location] { return known }
        if referrers[location.description] == nil { referrers[location.description] = origin.description }
        let bytes: [UInt8]
        do {
            bytes = try loader.playlist(location)
        } catch {
            findings.append(unreadable(error, at: origin, location: location))
            return nil
        }
        let document = AssetListDocument(bytes: bytes)
        assetLists[location] = document
        let file = location.description
        for problem in document.problems {
            findings.append(Finding(file: file, line: 0, rule: .assetListJSON, severity: .error,
                                    message: problem, breaks: AssetListDocument.breaks(problem)))
        }
        for uri in document.assetURIs {
            guard let target = readableTarget(uri, from: location, file: file, line: 0, remote: false) else { continue }
            checkAsset(target, from: Location(file: file, line: 0))
        }
        return document
    }

    /// An asset is itself validated, then its media playlists must be VOD without interstitials.
    @discardableResult
    private mutating func checkAsset(_ location: ResourceLocation, from origin: Location) -> Playlist? {
        if checkedAssets.contains(location) { return playlists[location] }
        checkedAssets.insert(location)
        guard !inProgress.contains(location) else {
            findings.append(Finding(file: origin.file, line: origin.line, rule: .referenceCycle, severity: .error,
                message: "the interstitial asset \(location) is a playlist that schedules it; assets must not reference their primary",
                breaks: Player.all))
            return nil
        }
        guard let asset = validateReferenced(location, from: origin) else { return nil }
        let rule = AssetPlaylistRule()
        guard asset.isMultivariant else {
            findings += rule.check(asset, referencedBy: origin.description)
            return asset
        }
        for reference in asset.references {
            if let media = mediaPlaylist(reference, of: asset, at: location) {
                findings += rule.check(media, referencedBy: origin.description)
            }
        }
        return asset
    }

    /// A media playlist of `master` that this run has already read.
    private func mediaPlaylist(_ reference: PlaylistReference, of master: Playlist, at location: ResourceLocation) -> Playlist? {
        resolver.resolve(reference.uri, from: location).flatMap { playlists[$0] }
    }
}
