/// time_signal segmentation pairing by (segmentation_event_id, start type) [SCTE35 §10.3.3].
extension SpanTracker {
    /// Within one section, cancels and Ends go first and container starts before the starts
    /// they may hold, so an ad signalled in the same time_signal as its break still nests.
    func orderedForPairing(_ descriptors: [SegmentationSignal]) -> [SegmentationSignal] {
        func rank(_ d: SegmentationSignal) -> Int {
            guard !d.cancel, classifier.kind(forStart: d) != nil else { return 0 }
            return classifier.isContainer(typeID: d.typeID) ? 1 : 2
        }
        return descriptors.enumerated()
            .sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element)
    }

    mutating func ingestSegmentation(_ signal: SegmentationSignal, cue: TimedCue, reference: Int64?) -> [SpanEvent] {
        if signal.cancel { return cancelSegmentation(signal) }
        if signal.typeID > 0 {
            let startSource = SpanSource.segmentation(typeID: signal.typeID - 1)
            if let existing = index(of: startSource, eventID: signal.eventID) {
                return [closeByInCue(at: existing, cue: cue)]
            }
        }
        let source = SpanSource.segmentation(typeID: signal.typeID)
        guard let kind = classifier.kind(forStart: signal) else {
            countUnpairedNonStart(signal, cue: cue)
            return []
        }
        let openSpan = { (tracker: inout SpanTracker) -> [SpanEvent] in
            tracker.open(kind: kind, eventID: signal.eventID, source: source, cue: cue,
                         plannedDurationTicks: signal.durationTicks,
                         autoReturns: tracker.classifier.segmentationAutoReturn,
                         isContainer: tracker.classifier.isContainer(typeID: signal.typeID))
        }
        if let existing = index(of: source, eventID: signal.eventID) {
            return reannounce(at: existing, cue: cue, reference: reference, reopen: openSpan)
        }
        if isResentOutOfEndedSpan(source, eventID: signal.eventID, startTicks: cue.spliceTicks) {
            stats.repeats += 1
            return []
        }
        return openSpan(&self)
    }

    /// A cancel need not repeat the type, so type 0 withdraws every open span with that id.
    private mutating func cancelSegmentation(_ signal: SegmentationSignal) -> [SpanEvent] {
        var events: [SpanEvent] = []
        while let index = tracked.firstIndex(where: { entry in
            guard case let .segmentation(typeID) = entry.source, entry.span.eventID == signal.eventID else { return false }
            return signal.typeID == 0 || typeID == signal.typeID
        }) {
            events.append(cancel(at: index))
        }
        if events.isEmpty {
            let lastForID = records.last { record in
                if case .segmentation = record.source { return record.eventID == signal.eventID }
                return false
            }
            countOrphan(lastForID?.source ?? .segmentation(typeID: signal.typeID), eventID: signal.eventID, isCancel: true)
        }
        return events
    }

    /// Not a start the classifier wants and no open start to end: an End whose start could
    /// have been a span is an unmatched in; anything else (Program Start, Content ID, a
    /// rejected start, or the End of one) is merely ignored. A start rejected for its content
    /// (a chapter that is not a recap) is remembered so its End is not counted as unmatched.
    private mutating func countUnpairedNonStart(_ signal: SegmentationSignal, cue: TimedCue) {
        if signal.typeID > 0, classifier.canStartSpan(typeID: signal.typeID - 1) {
            countOrphan(.segmentation(typeID: signal.typeID - 1), eventID: signal.eventID, isCancel: false)
            return
        }
        stats.ignoredSignals += 1
        if classifier.canStartSpan(typeID: signal.typeID) {
            remember(CueRecord(source: .segmentation(typeID: signal.typeID), eventID: signal.eventID,
                               startTicks: cue.spliceTicks, outcome: .ignored))
        }
    }
}
