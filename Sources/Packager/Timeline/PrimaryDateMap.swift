/// Maps a date (START-DATE, END-DATE) to a position on the playlist's timeline through the
/// segment whose PDT span holds it, as hls.js anchors a date range to a segment
/// (`mapDateRanges`): position = segment start + (date − segment PDT). A date outside every
/// segment is placed from the nearest one (the first when earlier, the last when later), so
/// a PDT jump at a discontinuity moves only the ranges after it.
struct PrimaryDateMap {
    private let dates: [Int64]
    private let starts: [Int64]
    private let durations: [Int64]
    /// Dates never go back (the usual case): binary search instead of a scan.
    private let ascending: Bool

    /// nil when no segment has a date (no EXT-X-PROGRAM-DATE-TIME at all).
    init?(_ playlist: Playlist) {
        var dates: [Int64] = [], starts: [Int64] = [], durations: [Int64] = []
        var position: Int64 = 0
        for (segment, date) in zip(playlist.segments, playlist.segmentDates()) {
            let duration = max(0, segment.durationNanos ?? 0)
            if let date {
                dates.append(date.nanoseconds)
                starts.append(position)
                durations.append(duration)
            }
            position = position.saturatingAdding(duration)
        }
        guard !dates.isEmpty else { return nil }
        self.dates = dates
        self.starts = starts
        self.durations = durations
        ascending = zip(dates, dates.dropFirst()).allSatisfy { $0 <= $1 }
    }

    func position(of date: Timestamp) -> Int64 {
        let time = date.nanoseconds
        let anchor = holding(time) ?? (time < dates[0] ? 0 : dates.count - 1)
        return starts[anchor].saturatingAdding(time.saturatingSubtracting(dates[anchor]))
    }

    /// The last segment whose PDT span holds `time` (hls.js searches from the end).
    private func holding(_ time: Int64) -> Int? {
        func holds(_ index: Int) -> Bool {
            dates[index] <= time && time < dates[index].saturatingAdding(durations[index])
        }
        guard ascending else {
            return stride(from: dates.count - 1, through: 0, by: -1).first(where: holds)
        }
        var low = 0, high = dates.count
        while low < high {
            let mid = (low + high) / 2
            if dates[mid] <= time { low = mid + 1 } else { high = mid }
        }
        return low > 0 && holds(low - 1) ? low - 1 : nil
    }
}
