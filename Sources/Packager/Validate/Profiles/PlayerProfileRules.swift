/// hls.js appends an interstitial in place only when it starts within 0.1 s of a segment
/// start (`startIsAligned`) and resumes within 25 ms of a boundary
/// (`ALIGNED_END_THRESHOLD_SECONDS`); otherwise it switches media sources, and with TS a
/// POINT interstitial can play twice (HLS-RULES §13). X-SNAP="OUT" counts as aligned.
struct HlsjsBoundaryRule: PlaylistRule {
    let id = RuleID.hlsjsBoundary

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for placement in InterstitialPlacement.all(in: playlist) {
            let range = placement.range
            let snap = range.merged["X-SNAP"]?.value.split(separator: ",") ?? []
            if !snap.contains("OUT"), placement.startOffBoundary >= 100_000_000 {
                findings.append(finding(playlist, line: range.firstLine, .warning,
                    "interstitial \"\(range.id)\" starts \(DecimalSeconds.format(placement.startOffBoundary)) s from a segment boundary (hls.js needs 0.1 s to append in place)",
                    breaks: [.hlsJS]))
            }
            if !snap.contains("IN"), let off = placement.resumeOffBoundary, off >= 25_000_000 {
                findings.append(finding(playlist, line: range.firstLine, .warning,
                    "interstitial \"\(range.id)\" resumes \(DecimalSeconds.format(off)) s from a segment boundary (hls.js needs 25 ms)",
                    breaks: [.hlsJS]))
            }
        }
        return findings
    }
}

/// hls.js maintainers advise against X-RESUME-OFFSET in live playlists unless precise DVR
/// joins need it (video-dev/hls.js#7269): a live player resumes at the live edge anyway.
struct HlsjsLiveResumeOffsetRule: PlaylistRule {
    let id = RuleID.hlsjsLiveResumeOffset

    func check(_ playlist: Playlist) -> [Finding] {
        guard playlist.isMediaPlaylist, !playlist.hasEndList else { return [] }
        return playlist.dateRanges.ranges.compactMap { range in
            guard range.isInterstitial, range.merged["X-RESUME-OFFSET"] != nil else { return nil }
            return finding(playlist, line: range.line(of: "X-RESUME-OFFSET") ?? range.firstLine, .warning,
                           "live interstitial \"\(range.id)\" has X-RESUME-OFFSET; hls.js advises leaving it out in live", breaks: [.hlsJS])
        }
    }
}

/// Apple's mediastreamvalidator: every live (no EXT-X-ENDLIST) media playlist MUST carry
/// EXT-X-PROGRAM-DATE-TIME.
struct AVFoundationLivePDTRule: PlaylistRule {
    let id = RuleID.avfoundationLivePDT

    func check(_ playlist: Playlist) -> [Finding] {
        guard playlist.isMediaPlaylist, !playlist.hasEndList, playlist.programDateTimes.isEmpty else { return [] }
        return [finding(playlist, line: 1, .error, "live media playlist has no EXT-X-PROGRAM-DATE-TIME", breaks: [.avFoundation])]
    }
}

/// Apple's mediastreamvalidator: without EXT-X-INDEPENDENT-SEGMENTS in the multivariant
/// playlist, every media playlist MUST carry it.
struct AVFoundationIndependentSegmentsRule: MultivariantProfileRule {
    let id = RuleID.avfoundationIndependentSegments

    func check(_ master: Playlist, media: [Playlist]) -> [Finding] {
        guard master.firstTag("#EXT-X-INDEPENDENT-SEGMENTS") == nil else { return [] }
        return media.filter { $0.firstTag("#EXT-X-INDEPENDENT-SEGMENTS") == nil }.map {
            Finding(file: $0.file, line: 1, rule: id, severity: .error,
                    message: "neither this media playlist nor its multivariant playlist has EXT-X-INDEPENDENT-SEGMENTS",
                    breaks: [.avFoundation])
        }
    }
}

/// Shaka Player and Media3 are confused by interstitials wholly behind a live window
/// (HLS-RULES §13): drop a tag once its range ends before the first segment.
struct PastInterstitialRule: PlaylistRule {
    let id = RuleID.shakaPastInterstitial

    func check(_ playlist: Playlist) -> [Finding] {
        guard playlist.isMediaPlaylist, !playlist.hasEndList, let windowStart = playlist.segmentDates().first ?? nil else { return [] }
        let ends = playlist.dateRanges.resolvedEnds()
        return playlist.dateRanges.ranges.compactMap { range in
            guard range.isInterstitial, let end = ends[range.id], end <= windowStart else { return nil }
            return finding(playlist, line: range.firstLine, .warning,
                           "interstitial \"\(range.id)\" ended before the first segment of the live window; remove its tags",
                           breaks: [.shaka, .media3])
        }
    }
}
