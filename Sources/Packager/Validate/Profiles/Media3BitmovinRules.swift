/// Media3 before PR #2427 failed the whole playlist on a DATERANGE without START-DATE
/// (androidx/media#2428): every same-ID tag repeats START-DATE.
struct Media3StartDateRepeatRule: PlaylistRule {
    let id = RuleID.media3StartDateRepeat

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.dateRanges.ranges.flatMap { range in
            range.tags.dropFirst().filter { $0.attributes["START-DATE"] == nil }.map { tag in
                finding(playlist, line: tag.line, .error,
                        "update of \"\(range.id)\" has no START-DATE; Media3 fails to parse such a playlist", breaks: [.media3])
            }
        }
    }
}

/// Media3 misses `onAdStarted` between interstitials at one START-DATE
/// (androidx/media#3013): a break is one tag whose X-ASSET-LIST holds each ad.
struct Media3BackToBackRule: PlaylistRule {
    let id = RuleID.media3BackToBack

    func check(_ playlist: Playlist) -> [Finding] {
        var first: [Int64: String] = [:]
        var findings: [Finding] = []
        for range in playlist.dateRanges.ranges where range.isInterstitial {
            guard let start = range.startDate?.nanoseconds else { continue }
            if let earlier = first[start] {
                findings.append(finding(playlist, line: range.firstLine, .warning,
                    "interstitial \"\(range.id)\" starts with \"\(earlier)\"; Media3 plays back-to-back tags badly, use one tag with an asset list",
                    breaks: [.media3]))
            } else {
                first[start] = range.id
            }
        }
        return findings
    }
}

/// Bitmovin ignores X-SNAP, X-TIMELINE-OCCUPIES and X-TIMELINE-STYLE and treats every
/// interstitial as an ad (developer.bitmovin.com, hls-interstitials): a transition that
/// depends on X-SNAP, or a recap styled PRIMARY, does not play as written there.
struct BitmovinIgnoredAttributeRule: PlaylistRule {
    let id = RuleID.bitmovinIgnoredAttribute

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        let placements = Dictionary(InterstitialPlacement.all(in: playlist).map { ($0.range.id, $0) }, uniquingKeysWith: { a, _ in a })
        for range in playlist.dateRanges.ranges where range.isInterstitial {
            let line = range.firstLine
            if range.merged["X-SNAP"] != nil, let placement = placements[range.id],
               placement.startOffBoundary > 1_000_000 || (placement.resumeOffBoundary ?? 0) > 1_000_000 {
                findings.append(finding(playlist, line: line, .warning,
                    "interstitial \"\(range.id)\" relies on X-SNAP (its start or resume is off a segment boundary); Bitmovin ignores X-SNAP",
                    breaks: [.bitmovin]))
            }
            if range.merged["X-TIMELINE-STYLE"]?.value == "PRIMARY" {
                findings.append(finding(playlist, line: line, .warning,
                    "interstitial \"\(range.id)\" is X-TIMELINE-STYLE=\"PRIMARY\"; Bitmovin ignores it and presents it as an ad",
                    breaks: [.bitmovin]))
            }
            if range.merged["X-TIMELINE-OCCUPIES"]?.value == "RANGE" {
                findings.append(finding(playlist, line: line, .warning,
                    "interstitial \"\(range.id)\" is X-TIMELINE-OCCUPIES=\"RANGE\"; Bitmovin ignores it", breaks: [.bitmovin]))
            }
        }
        return findings
    }
}
