/// Apple Podcasts' interstitial profile ("Delivering ad interstitials", validation
/// settings v1.05; HLS-RULES §13): VOD only; X-RESUME-OFFSET=0, X-TIMELINE-OCCUPIES="RANGE",
/// X-TIMELINE-STYLE="PRIMARY"; the only CUE is POST; no X-RESTRICT; a segment boundary at
/// each interstitial; real PDT, never 1970; TARGETDURATION 4–10 s.
struct PodcastsVODRule: PlaylistRule {
    let id = RuleID.podcastsVOD

    func check(_ playlist: Playlist) -> [Finding] {
        guard playlist.isMediaPlaylist else { return [] }
        var findings: [Finding] = []
        if playlist.playlistType != "VOD" {
            findings.append(finding(playlist, line: playlist.firstTag("#EXT-X-PLAYLIST-TYPE")?.line ?? 1, .error,
                                    "Apple Podcasts takes VOD only: EXT-X-PLAYLIST-TYPE must be VOD"))
        }
        if !playlist.hasEndList {
            findings.append(finding(playlist, line: playlist.lineCount, .error, "Apple Podcasts takes VOD only: EXT-X-ENDLIST is missing"))
        }
        return findings
    }
}

struct PodcastsAttributesRule: PlaylistRule {
    let id = RuleID.podcastsAttributes
    private let required = [("X-RESUME-OFFSET", "0"), ("X-TIMELINE-OCCUPIES", "RANGE"), ("X-TIMELINE-STYLE", "PRIMARY")]

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for range in playlist.dateRanges.ranges where range.isInterstitial {
            for (name, value) in required {
                let actual = range.merged[name]
                let matches = name == "X-RESUME-OFFSET"
                    ? actual.flatMap { DecimalSeconds.nanoseconds(Substring($0.value)) } == 0 : actual?.value == value
                if !matches {
                    findings.append(finding(playlist, line: range.line(of: name) ?? range.firstLine, .error,
                        "interstitial \"\(range.id)\": Apple Podcasts requires \(name)=\(name == "X-RESUME-OFFSET" ? value : "\"\(value)\""), found \(actual?.raw ?? "none")"))
                }
            }
            if let restrict = range.merged["X-RESTRICT"] {
                findings.append(finding(playlist, line: range.line(of: "X-RESTRICT") ?? range.firstLine, .error,
                                        "interstitial \"\(range.id)\": Apple Podcasts forbids X-RESTRICT (found \(restrict.raw))"))
            }
        }
        return findings
    }
}

struct PodcastsCueRule: PlaylistRule {
    let id = RuleID.podcastsCue

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.dateRanges.ranges.compactMap { range in
            guard range.isInterstitial, let cue = range.merged["CUE"], cue.value != "POST" else { return nil }
            return finding(playlist, line: range.line(of: "CUE") ?? range.firstLine, .error,
                           "interstitial \"\(range.id)\": CUE=\(cue.raw); the only CUE Apple Podcasts allows is \"POST\"")
        }
    }
}

struct PodcastsBoundaryRule: PlaylistRule {
    let id = RuleID.podcastsBoundary

    func check(_ playlist: Playlist) -> [Finding] {
        InterstitialPlacement.all(in: playlist).compactMap { placement in
            guard placement.startOffBoundary > 1_000_000 else { return nil }
            return finding(playlist, line: placement.range.firstLine, .error,
                "interstitial \"\(placement.range.id)\" starts \(DecimalSeconds.format(placement.startOffBoundary)) s from a segment boundary; Apple Podcasts needs a boundary at each one")
        }
    }
}

struct PodcastsDateRule: PlaylistRule {
    let id = RuleID.podcastsDate
    private static let endOf1970: Int64 = 31_536_000 * DecimalSeconds.nanosPerSecond

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.programDateTimes.compactMap { pdt in
            guard let date = pdt.timestamp, date.nanoseconds < Self.endOf1970 else { return nil }
            return finding(playlist, line: pdt.line, .error,
                           "EXT-X-PROGRAM-DATE-TIME:\(pdt.raw) is in 1970; Apple Podcasts needs the real date")
        }
    }
}

struct PodcastsTargetDurationRule: PlaylistRule {
    let id = RuleID.podcastsTargetDuration

    func check(_ playlist: Playlist) -> [Finding] {
        guard let tag = playlist.firstTag("#EXT-X-TARGETDURATION"), let target = playlist.targetDurationSeconds,
              !(4...10).contains(target) else { return [] }
        return [finding(playlist, line: tag.line, .error, "EXT-X-TARGETDURATION is \(target); Apple Podcasts needs 4 to 10 s")]
    }
}
