/// Following a multivariant playlist to its media playlists: each is validated (once),
/// cycles and variants that are not media playlists are findings, then the media playlists
/// are compared with each other and, when their segments were probed, with the variant's
/// CODECS, RESOLUTION, FRAME-RATE and bandwidths.
extension ValidationRun {
    mutating func followReferences(of master: Playlist, at location: ResourceLocation) {
        var audioVideo: [Playlist] = []
        var seen = Set<ResourceLocation>()
        var targets: [Int: ResourceLocation] = [:]
        let context = MediaContext(independentSegments: master.firstTag("#EXT-X-INDEPENDENT-SEGMENTS") != nil)
        for reference in master.references {
            guard let target = readableTarget(reference.uri, from: location, file: master.file, line: reference.line) else {
                continue
            }
            if inProgress.contains(target) {
                findings.append(Finding(file: master.file, line: reference.line, rule: .referenceCycle, severity: .error,
                    message: "\(reference.uri) is \(target == location ? "this playlist itself" : "\(target), which references this playlist"); a variant or rendition must be a media playlist",
                    breaks: Player.all))
                continue
            }
            targets[reference.line] = target
            guard seen.insert(target).inserted,
                  let media = validateReferenced(target, from: Location(file: master.file, line: reference.line), context: context)
            else { continue }
            if media.isMultivariant {
                findings.append(Finding(file: master.file, line: reference.line, rule: .referenceKind, severity: .error,
                    message: "\(reference.uri) is a multivariant playlist; variants and renditions must be media playlists",
                    breaks: Player.all))
                continue
            }
            if reference.carriesDateRanges { audioVideo.append(media) }
        }
        findings += VariantConsistencyRule().check(audioVideo)
        if audioVideo.contains(where: { !$0.dateRanges.isEmpty }) {
            findings += DateRangeSetRule().check(audioVideo)
        }
        for rule in ProfileRules.multivariantRules(for: options.profiles) {
            findings += rule.check(master, media: audioVideo)
        }
        checkVariantMedia(of: master, targets: targets)
    }

    /// Each EXT-X-STREAM-INF against what its media (and the renditions of its AUDIO group)
    /// measured: only for playlists whose segments were probed.
    private mutating func checkVariantMedia(of master: Playlist, targets: [Int: ResourceLocation]) {
        let variants = master.references.filter { $0.kind == .variant }
        for variant in variants {
            guard let streamInf = master.allTags("#EXT-X-STREAM-INF").last(where: { $0.line < variant.line }),
                  let target = targets[variant.line], let summary = mediaSummaries[target] else { continue }
            var renditions: [MediaSummary] = []
            if let group = streamInf.attributes?["AUDIO"]?.value {
                for reference in master.references where reference.kind == .rendition(type: "AUDIO") {
                    guard master.allTags("#EXT-X-MEDIA").first(where: { $0.line == reference.line })?
                        .attributes?["GROUP-ID"]?.value == group,
                          let location = targets[reference.line], let audio = mediaSummaries[location] else { continue }
                    renditions.append(audio)
                }
            }
            findings += VariantMediaRule().check(streamInf: streamInf, in: master, media: summary, audio: renditions,
                                                 complete: summary.isComplete)
        }
    }
}
