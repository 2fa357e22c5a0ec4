/// Builds the schedule a player follows: primary stretches and interstitials in playback
/// order, each placed on the primary, integrated and playout timelines. The rules are HLS
/// Appendix D's, in the arithmetic of hls.js 1.6 (`InterstitialsSchedule.parseSchedule`),
/// which its unit tests pin and `IntegratedTimelineHlsjsTests` re-checks case by case:
///
/// - an interstitial plays at its (snapped) start; primary resumes at start plus the
///   cumulative resume offset of its same-time group (no primary between group members);
/// - a date-scheduled interstitial after the end of a VOD primary is not scheduled; a
///   post-roll plays after the end; an interstitial at or before the first segment
///   (in progress when playback starts) plays first;
/// - a primary stretch shorter than 33 ms between two interstitials is dropped (hls.js
///   `ABUTTING_THRESHOLD_SECONDS`) and the earlier interstitial is taken to end there;
/// - live: the primary has no end, so everything announced is scheduled; the last primary
///   stretch is cut at the live edge; a pre-roll resumes at the join point (`LiveJoin`).
public enum IntegratedTimeline {
    static let abuttingNanos: Int64 = 33_000_000

    public static func snapshot(of input: TimelineInput) -> TimelineSnapshot {
        let primaryEnd: Int64? = input.isLive ? nil : max(0, input.primaryDurationNanos)
        let events = ScheduleEvent.ordered(input.interstitials, grid: input.grid, primaryEnd: primaryEnd)
        let join = input.isLive ? max(0, input.joinNanos ?? input.liveEdgeNanos) : nil
        var builder = Builder()
        var unscheduled: [String] = []
        var previous: ScheduleEvent?
        for event in events {
            defer { previous = event }
            let interstitial = event.interstitial
            // A live pre-roll resumes where the viewer joined, plus its own resume offset.
            let livePreRoll = event.isPre ? join.map { $0.saturatingAdding(interstitial.explicitResumeOffsetNanos ?? 0) } : nil
            let eventStart = event.isPost ? (primaryEnd ?? max(builder.primary, input.liveEdgeNanos)) : event.startOffset
            let start = eventStart.saturatingAdding(event.cumulativeNanos)
            var end = livePreRoll ?? eventStart.saturatingAdding(event.resumptionNanos)
            if event.isPre || (!event.isPost && eventStart <= 0) {
                builder.play(interstitial, primary: start, to: end)
            } else if primaryEnd.map({ eventStart <= $0 }) ?? true {
                if previous?.startTime != eventStart {
                    builder.playPrimary(to: eventStart, absorbedBy: previous != nil)
                }
                if event.isPost { end = start }
                builder.play(interstitial, primary: start, to: end)
            } else {
                unscheduled.append(interstitial.id)
                continue
            }
            let resumeTime = livePreRoll ?? event.resumeTime
            if event.isPost {
                builder.primary = eventStart
            } else if let primaryEnd, resumeTime > primaryEnd {
                builder.primary = primaryEnd
            } else {
                builder.primary = resumeTime
            }
        }
        let lastEnd = primaryEnd ?? input.liveEdgeNanos
        if builder.primary < lastEnd { builder.playFinalPrimary(to: lastEnd) }

        let preRoll = events.first { $0.isPre }?.interstitial.id
        let liveJoin = join.map { position in
            LiveJoin.landing(at: preRoll == nil ? position : (builder.preRollResume ?? position),
                             preRoll: preRoll, in: builder.segments)
        }
        return TimelineSnapshot(
            durationNanos: builder.integrated, playoutDurationNanos: builder.playout,
            primaryDurationNanos: max(0, input.primaryDurationNanos), segments: builder.segments,
            interstitials: input.interstitials, unscheduled: unscheduled,
            liveEdgeNanos: input.liveEdgeNanos, isLive: input.isLive, join: liveJoin)
    }

    /// Walks the schedule with three clocks: integrated, playout and primary position.
    private struct Builder {
        var integrated: Int64 = 0
        var playout: Int64 = 0
        var primary: Int64 = 0
        var segments: [TimelineSegment] = []
        var preRollResume: Int64?

        /// Primary from the current position up to an interstitial at `position`. A stretch
        /// of 33 ms or less is not played; after an earlier interstitial it is taken to be
        /// that one ending there.
        mutating func playPrimary(to position: Int64, absorbedBy hasPrevious: Bool) {
            let length = position.saturatingSubtracting(primary)
            if length > IntegratedTimeline.abuttingNanos {
                appendPrimary(to: position)
            } else if length > 0, hasPrevious, let last = segments.indices.last {
                segments[last] = segments[last].withPrimaryEnd(position)
            }
        }

        /// The primary after the last interstitial, however short.
        mutating func playFinalPrimary(to position: Int64) {
            appendPrimary(to: position)
        }

        private mutating func appendPrimary(to position: Int64) {
            // Nothing plays before the first segment, whatever a resume offset says.
            let from = max(0, primary)
            let played = position.saturatingSubtracting(from)
            guard played > 0 else { return }
            segments.append(TimelineSegment(
                startNanos: integrated, endNanos: integrated.saturatingAdding(played),
                playoutStartNanos: playout, playoutEndNanos: playout.saturatingAdding(played),
                primaryStartNanos: from, primaryEndNanos: position, interstitial: nil))
            integrated = integrated.saturatingAdding(played)
            playout = playout.saturatingAdding(played)
        }

        mutating func play(_ interstitial: ScheduledInterstitial, primary start: Int64, to end: Int64) {
            let played = interstitial.playedNanos
            let occupied = interstitial.integratedNanos
            segments.append(TimelineSegment(
                startNanos: integrated, endNanos: integrated.saturatingAdding(occupied),
                playoutStartNanos: playout, playoutEndNanos: playout.saturatingAdding(played),
                primaryStartNanos: start, primaryEndNanos: end, interstitial: interstitial))
            integrated = integrated.saturatingAdding(occupied)
            playout = playout.saturatingAdding(played)
            if interstitial.cue == .pre { preRollResume = end }
        }
    }
}
