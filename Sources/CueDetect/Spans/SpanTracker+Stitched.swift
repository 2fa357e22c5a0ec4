/// Stitched spans: the analysis of the playlist and media has already decided each span's kind
/// and edges, so the tracker only opens it (inside the pod that is open, if any) and closes it
/// at its end. A repeated start of a span already open, or an end with nothing open, is counted
/// like any resent or unmatched cue.
extension SpanTracker {
    mutating func ingestStitched(_ signal: StitchedSpanSignal, cue: TimedCue) -> [SpanEvent] {
        let existing = index(of: .stitched, eventID: signal.index)
        switch signal.phase {
        case .start:
            if existing != nil || isResentOutOfEndedSpan(.stitched, eventID: signal.index, startTicks: cue.spliceTicks) {
                stats.repeats += 1
                return []
            }
            return open(kind: signal.kind, eventID: signal.index, source: .stitched, cue: cue,
                        plannedDurationTicks: signal.plannedDurationTicks, autoReturns: false,
                        isContainer: signal.isContainer)
        case .end:
            guard let existing else {
                countOrphan(.stitched, eventID: signal.index, isCancel: false)
                return []
            }
            return [closeByInCue(at: existing, cue: cue)]
        }
    }
}
