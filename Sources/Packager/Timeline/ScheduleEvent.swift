/// An interstitial with the positions the schedule derives for it, in schedule order.
///
/// Order (HLS D.2, hls.js `parseInterstitialDateRanges`): CUE="PRE" first and CUE="POST"
/// last, each in tag order; the rest by start time, tag order among equal times.
/// Interstitials at one time play back to back and their resume offsets add up, negative
/// ones included (D.2: "the resume offsets of each are cumulative"): each one's offset
/// counts from the group's start plus the offsets of the ones before it.
struct ScheduleEvent {
    let interstitial: ScheduledInterstitial
    /// START-DATE on the primary, moved to a segment boundary under X-SNAP="OUT".
    let startTime: Int64
    /// Sum of the resume offsets of the earlier interstitials of its same-time group.
    let cumulativeNanos: Int64
    /// Where primary resumes, counted from the group's start (cumulative + own offset).
    let resumptionNanos: Int64
    /// Where primary resumes on the primary timeline, moved to a segment boundary under
    /// X-SNAP="IN" (never for a post-roll).
    let resumeTime: Int64

    var isPre: Bool { interstitial.cue == .pre }
    var isPost: Bool { interstitial.cue == .post }
    /// Pre-rolls are scheduled at the primary's start, whatever their START-DATE.
    var startOffset: Int64 { isPre ? 0 : startTime }

    static func ordered(_ interstitials: [ScheduledInterstitial], grid: SegmentGrid,
                        primaryEnd: Int64?) -> [ScheduleEvent] {
        let sorted = interstitials.enumerated().map { offset, interstitial in
            (offset: offset, interstitial: interstitial,
             start: interstitial.snapOut ? grid.snap(interstitial.startNanos) : interstitial.startNanos)
        }.sorted { a, b in
            let rankA = rank(a.interstitial.cue), rankB = rank(b.interstitial.cue)
            if rankA != rankB { return rankA < rankB }
            if rankA == 1, a.start != b.start { return a.start < b.start }
            return a.offset < b.offset
        }
        var events: [ScheduleEvent] = []
        var cumulative: Int64 = 0
        var groupStart: Int64?
        for entry in sorted {
            let interstitial = entry.interstitial
            let groupKey: Int64
            switch interstitial.cue {
            case .pre: groupKey = 0
            case .post: groupKey = primaryEnd ?? .max
            case .atStartDate: groupKey = entry.start
            }
            if groupStart != groupKey {
                cumulative = 0
                groupStart = groupKey
            }
            let resumption = cumulative.saturatingAdding(interstitial.resumeOffsetNanos)
            let startOffset = interstitial.cue == .pre ? 0 : entry.start
            var resumeTime = startOffset.saturatingAdding(resumption)
            if interstitial.snapIn, interstitial.cue != .post { resumeTime = grid.snap(resumeTime) }
            events.append(ScheduleEvent(interstitial: interstitial, startTime: entry.start, cumulativeNanos: cumulative,
                                        resumptionNanos: resumption, resumeTime: resumeTime))
            cumulative = resumption
        }
        return events
    }

    private static func rank(_ cue: InterstitialCue) -> Int {
        switch cue {
        case .pre: return 0
        case .atStartDate: return 1
        case .post: return 2
        }
    }
}
