/// Container chapters: start and end are known at once, so a classified chapter is opened
/// and closed in the same call (end signalled by the container, hence `.inCue`).
extension SpanTracker {
    mutating func ingestChapter(_ chapter: ChapterSignal, cue: TimedCue) -> [SpanEvent] {
        guard let eventID = UInt32(exactly: chapter.index), chapter.endTicks > cue.spliceTicks else {
            stats.anomalies += 1
            return []
        }
        guard let kind = classifier.kind(for: chapter) else {
            stats.ignoredSignals += 1
            return []
        }
        var span = Span(serial: takeSerial(), kind: kind, eventID: eventID, signalName: "chapter",
                        startTicks: cue.spliceTicks, plannedDurationTicks: chapter.endTicks - cue.spliceTicks,
                        parent: parentSerial(forStartAt: cue.spliceTicks), outSection: cue.section)
        let opened = SpanEvent.opened(span)
        span.endTicks = chapter.endTicks
        span.endedBy = .inCue
        span.inSection = cue.section
        return [opened, .closed(span)]
    }
}
