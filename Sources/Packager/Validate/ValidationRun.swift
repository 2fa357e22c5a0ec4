/// One validation session: every file is read and checked once, however many playlists,
/// variants or interstitials refer to it, so the work stays linear in the total input.
struct ValidationRun {
    private let resolver: URIResolver
    private var findings: [Finding] = []
    private var playlists: [String: Playlist] = [:]
    private var checkedAssets = Set<String>()
    private var assetLists: [String: AssetListDocument] = [:]

    init(maps: [URLMapping]) {
        resolver = URIResolver(maps: maps)
    }

    /// Validates a playlist and everything it references. Throws only if `path` itself
    /// cannot be read; unreadable referenced files become findings.
    @discardableResult
    mutating func validate(_ path: String) throws -> Playlist {
        if let known = playlists[path] { return known }
        let playlist = PlaylistReader.read(try FileLoader.bytes(path), file: path)
        playlists[path] = playlist
        for rule in PlaylistRules.all {
            findings += rule.check(playlist)
        }
        if playlist.isMultivariant { followReferences(of: playlist) }
        checkInterstitialAssets(of: playlist)
        return playlist
    }

    /// The findings, grouped by file in the order files were first reported, then by line.
    func finish() -> [Finding] {
        var order: [String: Int] = [:]
        for finding in findings where order[finding.file] == nil { order[finding.file] = order.count }
        return findings.enumerated().sorted { a, b in
            let fileA = order[a.element.file] ?? 0, fileB = order[b.element.file] ?? 0
            if fileA != fileB { return fileA < fileB }
            if a.element.line != b.element.line { return a.element.line < b.element.line }
            return a.offset < b.offset
        }.map(\.element)
    }

    mutating func add(_ more: [Finding]) {
        findings += more
    }

    private mutating func followReferences(of master: Playlist) {
        var audioVideo: [Playlist] = []
        var seen = Set<String>()
        for reference in master.references {
            guard let path = existingLocalPath(reference.uri, from: master, line: reference.line),
                  seen.insert(path).inserted,
                  let media = validateReferenced(path, from: Location(file: master.file, line: reference.line))
            else { continue }
            if reference.carriesDateRanges { audioVideo.append(media) }
        }
        findings += VariantConsistencyRule().check(audioVideo)
        if audioVideo.contains(where: { !$0.dateRanges.isEmpty }) {
            findings += DateRangeSetRule().check(audioVideo)
        }
    }

    private mutating func checkInterstitialAssets(of playlist: Playlist) {
        for range in playlist.dateRanges.ranges where range.isInterstitial {
            if let uri = range.merged["X-ASSET-URI"]?.value {
                let line = range.line(of: "X-ASSET-URI") ?? range.firstLine
                if let path = existingLocalPath(uri, from: playlist, line: line),
                   let asset = checkAsset(path, from: Location(file: playlist.file, line: line)) {
                    let media = asset.isMultivariant ? asset.references.first.flatMap { mediaPlaylist($0, of: asset) } : asset
                    if let media {
                        findings += AssetDurationRule().check(range, in: playlist, line: line,
                                                               assetSeconds: Double(media.totalDurationNanos) / 1e9)
                    }
                }
            }
            if let uri = range.merged["X-ASSET-LIST"]?.value {
                let line = range.line(of: "X-ASSET-LIST") ?? range.firstLine
                if let path = existingLocalPath(uri, from: playlist, line: line),
                   let total = checkAssetList(path, from: Location(file: playlist.file, line: line))?.totalSeconds {
                    findings += AssetDurationRule().check(range, in: playlist, line: line, assetSeconds: total)
                }
            }
        }
    }

    private mutating func checkAssetList(_ path: String, from origin: Location) -> AssetListDocument? {
        if let known = assetLists[path] { return known }
        let bytes: [UInt8]
        do {
            bytes = try FileLoader.bytes(path)
        } catch {
            findings.append(unreadable(error, at: origin))
            return nil
        }
        let document = AssetListDocument(bytes: bytes)
        assetLists[path] = document
        for problem in document.problems {
            findings.append(Finding(file: path, line: 0, rule: .assetListJSON, severity: .error,
                                    message: problem, breaks: AssetListDocument.breaks(problem)))
        }
        for uri in document.assetURIs {
            guard let assetPath = resolver.localPath(for: uri, relativeTo: path) else { continue }
            guard FileLoader.exists(assetPath) else {
                findings.append(missing(file: path, line: 0, uri: uri, path: assetPath))
                continue
            }
            checkAsset(assetPath, from: Location(file: path, line: 0))
        }
        return document
    }

    /// An asset is itself validated, then its media playlists must be VOD without interstitials.
    @discardableResult
    private mutating func checkAsset(_ path: String, from origin: Location) -> Playlist? {
        if checkedAssets.contains(path) { return playlists[path] }
        checkedAssets.insert(path)
        guard let asset = validateReferenced(path, from: origin) else { return nil }
        let rule = AssetPlaylistRule()
        guard asset.isMultivariant else {
            findings += rule.check(asset, referencedBy: origin.description)
            return asset
        }
        for reference in asset.references {
            if let media = mediaPlaylist(reference, of: asset) {
                findings += rule.check(media, referencedBy: origin.description)
            }
        }
        return asset
    }

    /// A media playlist of `master` that this run has already read.
    private func mediaPlaylist(_ reference: PlaylistReference, of master: Playlist) -> Playlist? {
        resolver.localPath(for: reference.uri, relativeTo: master.file).flatMap { playlists[$0] }
    }

    /// The local file a URI names, or nil when it is remote or missing (missing ones are
    /// reported at the referring line).
    private mutating func existingLocalPath(_ uri: String, from playlist: Playlist, line: Int) -> String? {
        guard let path = resolver.localPath(for: uri, relativeTo: playlist.file) else { return nil }
        guard FileLoader.exists(path), !FileLoader.isDirectory(path) else {
            findings.append(missing(file: playlist.file, line: line, uri: uri, path: path))
            return nil
        }
        return path
    }

    private mutating func validateReferenced(_ path: String, from origin: Location) -> Playlist? {
        do {
            return try validate(path)
        } catch {
            findings.append(unreadable(error, at: origin))
            return nil
        }
    }

    private func unreadable(_ error: Error, at origin: Location) -> Finding {
        Finding(file: origin.file, line: origin.line, rule: .referenceMissing, severity: .error,
                message: "\(error)", breaks: Player.all)
    }

    private func missing(file: String, line: Int, uri: String, path: String) -> Finding {
        Finding(file: file, line: line, rule: .referenceMissing, severity: .error,
                message: "\(uri) resolves to \(path), which does not exist", breaks: Player.all)
    }
}
