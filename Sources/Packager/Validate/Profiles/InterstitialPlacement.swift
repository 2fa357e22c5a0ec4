/// Where each date-scheduled interstitial of a media playlist falls on its segments: its
/// START-DATE and resume point as positions on the playlist's timeline (through the PDT of
/// the segment holding the date, as players map them), and the distance of each from the
/// nearest segment boundary. Pre- and post-rolls are not tied to a date and are left out.
struct InterstitialPlacement {
    let range: PlaylistDateRange
    let startNanos: Int64
    /// Start + X-RESUME-OFFSET, else start + DURATION; nil when neither is known.
    let resumeNanos: Int64?
    let startOffBoundary: Int64
    let resumeOffBoundary: Int64?

    static func all(in playlist: Playlist) -> [InterstitialPlacement] {
        let ranges = playlist.dateRanges.ranges.filter { range in
            guard range.isInterstitial else { return false }
            let cue = range.merged["CUE"]?.value.split(separator: ",") ?? []
            return !cue.contains("PRE") && !cue.contains("POST")
        }
        guard !ranges.isEmpty, let dates = PrimaryDateMap(playlist) else { return [] }
        var boundaries: [Int64] = [0]
        for segment in playlist.segments { boundaries.append((boundaries.last ?? 0).saturatingAdding(max(0, segment.durationNanos ?? 0))) }
        return ranges.compactMap { range in
            guard let start = range.startDate.map(dates.position) else { return nil }
            let offset = range.merged["X-RESUME-OFFSET"].flatMap { DecimalSeconds.nanoseconds(Substring($0.value)) }
                ?? range.durationNanos
            let resume = offset.map { start.saturatingAdding($0) }
            return InterstitialPlacement(range: range, startNanos: start, resumeNanos: resume,
                                         startOffBoundary: distance(start, boundaries),
                                         resumeOffBoundary: resume.map { distance($0, boundaries) })
        }
    }

    /// Distance to the nearest boundary (binary search over the ascending boundaries).
    private static func distance(_ time: Int64, _ boundaries: [Int64]) -> Int64 {
        var low = 0, high = boundaries.count
        while low < high {
            let mid = (low + high) / 2
            if boundaries[mid] < time { low = mid + 1 } else { high = mid }
        }
        var best = Int64.max
        for index in [low - 1, low] where index >= 0 && index < boundaries.count {
            best = min(best, abs(time.saturatingSubtracting(boundaries[index])))
        }
        return best
    }
}
