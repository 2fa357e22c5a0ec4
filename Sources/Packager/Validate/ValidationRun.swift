/// One validation session: every file is read and checked once, however many playlists,
/// variants or interstitials refer to it, so the work stays linear in the total input.
struct ValidationRun {
    private let resolver: URIResolver
    private var findings: [Finding] = []
    private var playlists: [String: Playlist] = [:]
    private var checkedAssets = Set<String>()
    private var checkedAssetLists = Set<String>()

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
        var withDateRanges: [Playlist] = []
        var seen = Set<String>()
        for reference in master.references {
            guard let path = existingLocalPath(reference.uri, from: master, line: reference.line),
                  seen.insert(path).inserted,
                  let media = validateReferenced(path, from: Location(file: master.file, line: reference.line))
            else { continue }
            if reference.carriesDateRanges { withDateRanges.append(media) }
        }
        if withDateRanges.contains(where: { !$0.dateRanges.isEmpty }) {
            findings += DateRangeSetRule().check(withDateRanges)
        }
    }

    private mutating func checkInterstitialAssets(of playlist: Playlist) {
        for range in playlist.dateRanges.ranges where range.isInterstitial {
            if let uri = range.merged["X-ASSET-URI"]?.value {
                let line = range.line(of: "X-ASSET-URI") ?? range.firstLine
                if let path = existingLocalPath(uri, from: playlist, line: line) {
                    checkAsset(path, from: Location(file: playlist.file, line: line))
                }
            }
            if let uri = range.merged["X-ASSET-LIST"]?.value {
                let line = range.line(of: "X-ASSET-LIST") ?? range.firstLine
                if let path = existingLocalPath(uri, from: playlist, line: line) {
                    checkAssetList(path, from: Location(file: playlist.file, line: line))
                }
            }
        }
    }

    private mutating func checkAssetList(_ path: String, from origin: Location) {
        guard checkedAssetLists.insert(path).inserted else { return }
        let bytes: [UInt8]
        do {
            bytes = try FileLoader.bytes(path)
        } catch {
            findings.append(unreadable(error, at: origin))
            return
        }
        let document = AssetListDocument(bytes: bytes)
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
    }

    /// An asset is itself validated, then its media playlists must be VOD without interstitials.
    private mutating func checkAsset(_ path: String, from origin: Location) {
        guard checkedAssets.insert(path).inserted,
              let asset = validateReferenced(path, from: origin) else { return }
        let rule = AssetPlaylistRule()
        guard asset.isMultivariant else {
            findings += rule.check(asset, referencedBy: origin.description)
            return
        }
        for reference in asset.references {
            guard let mediaPath = resolver.localPath(for: reference.uri, relativeTo: path),
                  let media = playlists[mediaPath] else { continue }
            findings += rule.check(media, referencedBy: origin.description)
        }
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
