/// Opening, closing and remembering spans: the steps every signal family shares.
extension SpanTracker {
    /// How an out-cue for an event id that is already open is treated.
    enum RepeatedOut {
        /// Same splice time: the encoder resending its cue before the splice.
        case resend
        /// Different time, span not started when the cue arrived: replace the announcement.
        case update
        /// Different time for a span already running: contradictory, dropped.
        case conflict
    }

    func index(of source: SpanSource, eventID: UInt32) -> Int? {
        tracked.firstIndex { $0.matches(source, eventID: eventID) }
    }

    func lastRecord(of source: SpanSource, eventID: UInt32) -> CueRecord? {
        records.last { $0.source == source && $0.eventID == eventID }
    }

    func classifyRepeatedOut(at index: Int, cue: TimedCue, reference: Int64?) -> RepeatedOut {
        let start = tracked[index].span.startTicks
        if start == cue.spliceTicks { return .resend }
        guard let reference else { return .update }
        return start > reference ? .update : .conflict
    }

    /// Handles an out-cue whose (source, id) is already open; returns the events it causes.
    mutating func reannounce(at index: Int, cue: TimedCue, reference: Int64?,
                             reopen: (inout SpanTracker) -> [SpanEvent]) -> [SpanEvent] {
        switch classifyRepeatedOut(at: index, cue: cue, reference: reference) {
        case .resend:
            stats.repeats += 1
            return []
        case .conflict:
            stats.anomalies += 1
            return []
        case .update:
            // Published values of an announced span must not change (HLS same-ID rule), so an
            // update withdraws the old announcement and opens a fresh span with a new serial.
            let withdrawn = cancel(at: index)
            return [withdrawn] + reopen(&self)
        }
    }

    /// Opens a span; with `[SpanEvent]` first, the spans it ends by the next-out-cue rule.
    mutating func open(kind: SpanKind, eventID: UInt32, source: SpanSource, cue: TimedCue,
                       plannedDurationTicks: Int64?, autoReturns: Bool, isContainer: Bool) -> [SpanEvent] {
        let planned = plannedDurationTicks.flatMap { $0 > 0 ? $0 : nil }
        let parent = parentSerial(forStartAt: cue.spliceTicks)
        var events: [SpanEvent] = []
        if lostCues.nextOutCueEnds {
            // An open span of the same kind and level that has no planned end (so nothing but its
            // lost end cue would close it) ends where this one starts.
            while let index = tracked.firstIndex(where: { entry in
                entry.span.kind == kind && !entry.isContainer && entry.span.parent == parent
                    && entry.span.plannedDurationTicks == nil
                    && entry.span.startTicks < cue.spliceTicks && entry.span.serial != parent
            }) {
                events.append(close(at: index, endTicks: cue.spliceTicks, endedBy: .nextOutCue, inSection: nil))
            }
        }
        let span = Span(serial: takeSerial(), kind: kind, eventID: eventID, signalName: source.signalName,
                        startTicks: cue.spliceTicks, plannedDurationTicks: planned, parent: parent, outSection: cue.section)
        tracked.append(TrackedSpan(span: span, source: source, autoReturns: autoReturns && planned != nil,
                                   isContainer: isContainer))
        return events + [.opened(span)]
    }

    mutating func takeSerial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

    /// The innermost container that has started by `ticks` and has not ended (no End, cancel or
    /// auto-return yet; a planned end alone does not end it). The most recently opened wins.
    func parentSerial(forStartAt ticks: Int64) -> Int? {
        tracked.last { $0.isContainer && $0.span.startTicks <= ticks }?.span.serial
    }

    /// An in-cue or End at or before the span's start leaves nothing to play: it is counted as
    /// an anomaly and the span withdrawn rather than published with no or negative duration.
    mutating func closeByInCue(at index: Int, cue: TimedCue) -> SpanEvent {
        guard cue.spliceTicks > tracked[index].span.startTicks else {
            stats.anomalies += 1
            return cancel(at: index)
        }
        return close(at: index, endTicks: cue.spliceTicks, endedBy: .inCue, inSection: cue.section)
    }

    mutating func close(at index: Int, endTicks: Int64, endedBy: SpanEnd, inSection: [UInt8]?) -> SpanEvent {
        var entry = tracked.remove(at: index)
        entry.span.endTicks = endTicks
        entry.span.endedBy = endedBy
        entry.span.inSection = inSection
        remember(entry, outcome: .closed)
        return .closed(entry.span)
    }

    /// A span cancelled after it started (the splice already happened: an early termination)
    /// ends at the tracker's clock, the cancel's time; one cancelled before its start never
    /// played and keeps no end.
    mutating func cancel(at index: Int) -> SpanEvent {
        var entry = tracked.remove(at: index)
        entry.span.endedBy = .cancel
        if let now = latestTicks, now > entry.span.startTicks { entry.span.endTicks = now }
        remember(entry, outcome: .cancelled)
        return .cancelled(entry.span)
    }

    private mutating func remember(_ entry: TrackedSpan, outcome: CueRecord.Outcome) {
        remember(CueRecord(source: entry.source, eventID: entry.span.eventID,
                           startTicks: entry.span.startTicks, outcome: outcome))
    }

    mutating func remember(_ record: CueRecord) {
        records.append(record)
        if records.count > Self.recordLimit { records.removeFirst(records.count - Self.recordLimit) }
    }

    /// An in-cue / End (or, with `isCancel`, a cancel) with nothing open to act on: a resend if
    /// the event's last span already ended that way, ignored if its start was rejected by the
    /// classifier, otherwise unmatched.
    mutating func countOrphan(_ source: SpanSource, eventID: UInt32, isCancel: Bool) {
        let record = lastRecord(of: source, eventID: eventID)
        switch (record?.outcome, isCancel) {
        case (.ignored?, _): stats.ignoredSignals += 1
        case (.cancelled?, true), (.closed?, false): stats.repeats += 1
        case (_, true): stats.unknownCancels += 1
        case (_, false): stats.unmatchedIns += 1
        }
    }

    /// A resent out-cue for a span that already ended (same start) must not reopen it.
    func isResentOutOfEndedSpan(_ source: SpanSource, eventID: UInt32, startTicks: Int64) -> Bool {
        guard let record = lastRecord(of: source, eventID: eventID) else { return false }
        return record.outcome == .closed && record.startTicks == startTicks
    }
}
