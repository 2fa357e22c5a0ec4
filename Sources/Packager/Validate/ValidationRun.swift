/// One validation session: every file is read and checked once, however many playlists,
/// variants or interstitials refer to it, so the work stays linear in the total input.
/// Findings in a file other than the one given say where it was referenced from.
struct ValidationRun {
    let options: ValidateOptions
    let resolver: URIResolver
    let loader: ResourceLoader
    var findings: [Finding] = []
    var playlists: [ResourceLocation: Playlist] = [:]
    /// How each referenced file was reached: `master.m3u8:3` (the first reference wins).
    var referrers: [String: String] = [:]
    /// Playlists being validated right now, outermost first: a reference back into this
    /// chain is a cycle.
    var inProgress: [ResourceLocation] = []
    var checkedAssets = Set<ResourceLocation>()
    var assetLists: [ResourceLocation: AssetListDocument] = [:]
    /// Measured bit rates and codecs of the media playlists whose segments were probed.
    var mediaSummaries: [ResourceLocation: MediaSummary] = [:]
    /// Shared by the runs of one `--watch`; nil = probe everything afresh.
    let probes: ProbeCache?

    init(options: ValidateOptions, networkAllowed: Bool, probes: ProbeCache? = nil) {
        self.options = options
        self.probes = probes
        resolver = URIResolver(maps: options.maps)
        loader = ResourceLoader(options: options, networkAllowed: networkAllowed)
    }

    /// Validates a playlist and everything it references. Throws only if `location` itself
    /// cannot be read; unreadable referenced files become findings.
    @discardableResult
    mutating func validate(_ location: ResourceLocation, context: MediaContext = MediaContext()) throws -> Playlist {
        if let known = playlists[location] { return known }
        let bytes: [UInt8]
        do {
            bytes = try loader.playlist(location)
        } catch ResourceLoader.Failure.unreadable(let error) {
            throw error
        } catch {
            throw ValidateError.unreadable(path: location.description, reason: "\(error)")
        }
        let playlist = PlaylistReader.read(bytes, file: location.description, limits: options.limits)
        playlists[location] = playlist
        for rule in PlaylistRules.all {
            findings += rule.check(playlist)
        }
        for rule in ProfileRules.playlistRules(for: options.profiles) {
            findings += rule.check(playlist)
        }
        inProgress.append(location)
        if playlist.isMultivariant {
            followReferences(of: playlist, at: location)
        } else if playlist.isMediaPlaylist, options.probesMedia(of: location) {
            checkMedia(of: playlist, at: location, context: context)
        }
        checkInterstitialAssets(of: playlist, at: location)
        inProgress.removeLast()
        return playlist
    }

    /// The findings, grouped by file in the order files were first reported, then by line;
    /// each rule's findings in one file capped, files other than the roots traced back.
    func finish(roots: [String]) -> [Finding] {
        var order: [String: Int] = [:]
        for finding in findings where order[finding.file] == nil { order[finding.file] = order.count }
        let rootSet = Set(roots)
        var sorted = findings.enumerated().sorted { a, b in
            let fileA = order[a.element.file] ?? 0, fileB = order[b.element.file] ?? 0
            if fileA != fileB { return fileA < fileB }
            if a.element.line != b.element.line { return a.element.line < b.element.line }
            return a.offset < b.offset
        }.map { rootSet.contains($0.element.file) ? $0.element : $0.element.referenced(from: chain(from: $0.element.file)) }
        if loader.skippedForBudget > 0, let root = roots.first {
            sorted.append(Finding(file: root, line: 0, rule: .fetchBudget, severity: .warning,
                message: "\(loader.skippedForBudget) http(s) resource(s) were not fetched: the --max-fetch budget of \(options.maxFetch) is spent"))
        }
        return FindingCap.apply(sorted, perRule: options.limits.maxFindingsPerRule)
    }

    mutating func add(_ more: [Finding]) {
        findings += more
    }

    /// `a.m3u8:5 ← master.m3u8:3`: the references that led to `file`, nearest first.
    private func chain(from file: String) -> String? {
        var links: [String] = []
        var current = file
        var seen = Set<String>()
        while let link = referrers[current], seen.insert(current).inserted {
            links.append(link)
            guard let colon = link.lastIndex(of: ":") else { break }
            current = String(link[..<colon])
        }
        return links.isEmpty ? nil : links.joined(separator: " ← ")
    }

    /// Validates a referenced playlist, recording where it was referenced from; a file that
    /// cannot be read becomes a finding at the reference.
    mutating func validateReferenced(_ location: ResourceLocation, from origin: Location,
                                     context: MediaContext = MediaContext()) -> Playlist? {
        if referrers[location.description] == nil, origin.file != location.description {
            referrers[location.description] = origin.description
        }
        do {
            return try validate(location, context: context)
        } catch {
            findings.append(unreadable(error, at: origin, location: location))
            return nil
        }
    }

    func unreadable(_ error: Error, at origin: Location, location: ResourceLocation) -> Finding {
        let rule: RuleID = location.isRemote ? .fetchFailed : .referenceMissing
        return Finding(file: origin.file, line: origin.line, rule: rule, severity: .error,
                       message: "\(error)", breaks: Player.all)
    }

    func missing(file: String, line: Int, uri: String, path: String) -> Finding {
        Finding(file: file, line: line, rule: .referenceMissing, severity: .error,
                message: "\(uri) resolves to \(path), which does not exist", breaks: Player.all)
    }

    /// Where a URI of `playlist` points, when it is something this run reads: local files
    /// (missing ones are reported at the referring line) and, for a remote input, URLs.
    mutating func readableTarget(_ uri: String, from location: ResourceLocation, file: String, line: Int,
                                 remote allowRemote: Bool = true) -> ResourceLocation? {
        guard let target = resolver.resolve(uri, from: location) else { return nil }
        switch target {
        case .file(let path):
            guard FileLoader.exists(path), !FileLoader.isDirectory(path) else {
                findings.append(missing(file: file, line: line, uri: uri, path: path))
                return nil
            }
            return target
        case .remote:
            return allowRemote && loader.networkAllowed ? target : nil
        }
    }
}
