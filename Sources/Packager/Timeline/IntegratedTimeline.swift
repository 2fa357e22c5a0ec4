/// Computes the integrated timeline: primary content cut at each interstitial's scheduled
/// point, the interstitial played there for its played duration, and primary resuming
/// X-RESUME-OFFSET later (HLS Appendix D).
///
/// Schedule order is: CUE=PRE in tag order, then date-scheduled interstitials by START-DATE
/// (tag order among equal dates), then the rest of the primary, then CUE=POST in tag order.
/// Interstitials scheduled at one time play one after another and their resume offsets add
/// up, so each one's scheduled point is where the previous one resumed.
public enum IntegratedTimeline {
    public static func snapshot(of input: TimelineInput) -> TimelineSnapshot {
        var builder = Builder(primaryEnd: max(0, input.primaryDurationNanos))
        let pre = input.interstitials.filter { $0.cue == .pre }
        let post = input.interstitials.filter { $0.cue == .post }
        let dated = input.interstitials.enumerated()
            .filter { $0.element.cue == .atStartDate }
            .sorted { ($0.element.startNanos, $0.offset) < ($1.element.startNanos, $1.offset) }
            .map(\.element)

        // A pre-roll is scheduled at the primary's start, and its resume offset counts from there.
        for interstitial in pre { builder.play(interstitial, at: 0) }
        for interstitial in dated { builder.play(interstitial, at: interstitial.startNanos) }
        builder.playPrimary(to: builder.primaryEnd)
        for interstitial in post { builder.play(interstitial, at: builder.primaryEnd) }

        return TimelineSnapshot(
            durationNanos: builder.integrated, primaryDurationNanos: builder.primaryEnd,
            segments: builder.segments,
            interstitials: input.interstitials, liveEdgeNanos: input.liveEdgeNanos, isLive: input.isLive)
    }

    /// Walks the schedule with two clocks: the integrated position and the primary position.
    private struct Builder {
        let primaryEnd: Int64
        var integrated: Int64 = 0
        var primary: Int64 = 0
        var segments: [TimelineSegment] = []

        init(primaryEnd: Int64) {
            self.primaryEnd = primaryEnd
        }

        private func clamped(_ position: Int64) -> Int64 {
            min(max(position, 0), primaryEnd)
        }

        mutating func playPrimary(to position: Int64) {
            let target = clamped(position)
            guard target > primary else { return }
            let length = target - primary
            segments.append(TimelineSegment(startNanos: integrated, endNanos: integrated + length,
                                            primaryStartNanos: primary, primaryEndNanos: target, interstitial: nil))
            integrated += length
            primary = target
        }

        /// Plays primary up to the scheduled point (a point inside primary already consumed
        /// by an earlier interstitial means "right after it"), then the interstitial.
        mutating func play(_ interstitial: ScheduledInterstitial, at point: Int64) {
            playPrimary(to: point)
            let scheduled = max(clamped(point), primary)
            let played = max(0, interstitial.playedNanos)
            let resume = clamped(scheduled.saturatingAdding(interstitial.resumeOffsetNanos))
            segments.append(TimelineSegment(startNanos: integrated, endNanos: integrated.saturatingAdding(played),
                                            primaryStartNanos: scheduled, primaryEndNanos: resume,
                                            interstitial: interstitial))
            integrated = integrated.saturatingAdding(played)
            primary = resume
        }
    }
}
