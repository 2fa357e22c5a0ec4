/// splice_insert pairing by splice_event_id [SCTE35 §9.7.3].
extension SpanTracker {
    mutating func ingestSpliceInsert(_ signal: SpliceInsertSignal, cue: TimedCue, reference: Int64?) -> [SpanEvent] {
        guard let kind = classifier.kind(for: signal) else {
            stats.ignoredSignals += 1
            return []
        }
        let source = SpanSource.spliceInsert
        let existing = index(of: source, eventID: signal.eventID)
        if signal.cancel {
            guard let existing else {
                countOrphan(source, eventID: signal.eventID, isCancel: true)
                return []
            }
            return [cancel(at: existing)]
        }
        guard signal.outOfNetwork else {
            // In-cue: always overrides a running break_duration (early return).
            guard let existing else {
                countOrphan(source, eventID: signal.eventID, isCancel: false)
                return []
            }
            return [closeByInCue(at: existing, cue: cue)]
        }
        let openSpan = { (tracker: inout SpanTracker) -> [SpanEvent] in
            tracker.open(kind: kind, eventID: signal.eventID, source: source, cue: cue,
                         plannedDurationTicks: signal.breakDurationTicks,
                         autoReturns: signal.autoReturn, isContainer: false)
        }
        if let existing {
            return reannounce(at: existing, cue: cue, reference: reference, reopen: openSpan)
        }
        if isResentOutOfEndedSpan(source, eventID: signal.eventID, startTicks: cue.spliceTicks) {
            stats.repeats += 1
            return []
        }
        return openSpan(&self)
    }
}
