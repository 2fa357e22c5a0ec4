/// Pairs cues into spans. Feed it `TimedCue`s in arrival order with `ingest`, tell it when
/// media time moves on with `advance`, and call `finish` at end of input. The same calls work
/// live (one cue at a time, interleaved with `advance`) and in batch (all cues, then `finish`),
/// and the tracker is Codable so a live process can save it and resume after a restart.
///
/// Rules, in short (details on each handler):
/// - splice_insert: out (OON=1) opens by splice_event_id, in (OON=0) closes it; break_duration
///   with auto_return closes it at start + duration once time passes that point.
/// - time_signal segmentation: a start type opens by (segmentation_event_id, type); the End
///   (type + 1, same id) closes it. segmentation_duration is only a plan: the span is closed at
///   its planned end by `finish` if no End came (or as time passes, if the classifier's
///   `segmentationAutoReturn` is set).
/// - Cancels withdraw open or announced spans; resent identical cues are counted, not repeated.
/// - A cue's own time is its arrival (or, if unknown, its splice time): auto-returns planned
///   strictly before it fire first, so an in-cue arriving exactly at the planned end still
///   closes its span as `.inCue`.
public struct SpanTracker: Codable, Equatable, Sendable {
    public private(set) var classifier: SpanClassifier
    public private(set) var lostCues: LostCueRules
    public var stats = SpanTrackerStats()
    /// The serial the next opened span gets; serials start at 1 and never repeat.
    public internal(set) var nextSerial = 1
    /// The latest media time seen (cue arrival/splice times, `advance`, `finish`).
    public private(set) var latestTicks: Int64?
    /// Open spans in the order they were opened.
    var tracked: [TrackedSpan] = []
    /// Newest last, at most `recordLimit`.
    var records: [CueRecord] = []

    /// Event ids are reused, so only the recent past is needed to recognise resent cues.
    static let recordLimit = 64

    public init(classifier: SpanClassifier = .standard, lostCues: LostCueRules = .standard) {
        self.classifier = classifier
        self.lostCues = lostCues
    }

    /// Spans opened and neither closed nor cancelled yet (announced or running).
    public var openSpans: [Span] { tracked.map(\.span) }

    public mutating func ingest(_ cue: TimedCue) -> [SpanEvent] {
        let cueTime = cue.arrivalTicks ?? cue.spliceTicks
        let before = latestTicks
        var events = fireAutoReturns(through: cueTime, inclusive: false) + fireLostEnds(through: cueTime, inclusive: false)
        moveClock(to: cueTime)
        // An update of a not-yet-started span is judged against when the cue arrived; without
        // an arrival time, against the clock as it stood before this cue.
        let reference = cue.arrivalTicks ?? before
        switch cue.signal {
        case .heartbeat:
            stats.heartbeats += 1
        case .other:
            stats.otherCommands += 1
        case let .spliceInsert(signal):
            events += ingestSpliceInsert(signal, cue: cue, reference: reference)
        case let .segmentation(descriptors):
            for descriptor in orderedForPairing(descriptors) {
                events += ingestSegmentation(descriptor, cue: cue, reference: reference)
            }
        case let .chapter(chapter):
            events += ingestChapter(chapter, cue: cue)
        case let .stitched(signal): events += ingestStitched(signal, cue: cue)
        }
        // A cue announced after its own planned end (late, or in a batch) closes at once.
        events += fireAutoReturns(through: cueTime, inclusive: false)
        return events
    }

    /// Media time reached `ticks`: closes auto-returning spans whose planned end is ≤ `ticks`.
    public mutating func advance(to ticks: Int64) -> [SpanEvent] {
        let events = fireAutoReturns(through: ticks, inclusive: true) + fireLostEnds(through: ticks, inclusive: true)
        moveClock(to: ticks)
        return events
    }

    /// End of input at `ticks`. Every open span is settled:
    /// - not started by `ticks` → `.cancelled` (no media covers it);
    /// - planned end before `ticks` and auto-return applies (splice_insert auto_return, or any
    ///   segmentation span with a segmentation_duration) → `.closed` at the planned end, `.autoReturn`;
    /// - otherwise → `.closed` at `ticks`, `.endOfInput`.
    public mutating func finish(at ticks: Int64) -> [SpanEvent] {
        var events = fireAutoReturns(through: ticks, inclusive: true) + fireLostEnds(through: ticks, inclusive: true)
        moveClock(to: ticks)
        while let first = tracked.first {
            if first.span.startTicks >= ticks {
                events.append(cancel(at: 0))
            } else if let plannedEnd = first.plannedEndTicks, plannedEnd < ticks,
                      first.autoReturns || first.source != .spliceInsert {
                events.append(close(at: 0, endTicks: plannedEnd, endedBy: .autoReturn, inSection: nil))
            } else {
                events.append(close(at: 0, endTicks: ticks, endedBy: .endOfInput, inSection: nil))
            }
        }
        return events
    }

    private mutating func moveClock(to ticks: Int64) {
        latestTicks = max(latestTicks ?? ticks, ticks)
    }

    /// Closes auto-returning spans whose planned end is before (or at, if `inclusive`) `ticks`,
    /// earliest planned end first.
    mutating func fireAutoReturns(through ticks: Int64, inclusive: Bool) -> [SpanEvent] {
        var events: [SpanEvent] = []
        while let index = nextAutoReturn(through: ticks, inclusive: inclusive),
              let plannedEnd = tracked[index].plannedEndTicks {
            events.append(close(at: index, endTicks: plannedEnd, endedBy: .autoReturn, inSection: nil))
        }
        return events
    }

    /// Closes spans whose end cue is overdue by the lost-cue rules, earliest deadline first.
    mutating func fireLostEnds(through ticks: Int64, inclusive: Bool) -> [SpanEvent] {
        var events: [SpanEvent] = []
        while let (index, deadline) = tracked.enumerated().compactMap({ i, entry -> (Int, (decide: Int64, end: Int64, endedBy: SpanEnd))? in
            guard let d = lostCues.deadline(for: entry), inclusive ? d.decide <= ticks : d.decide < ticks else { return nil }
            return (i, d)
        }).min(by: { $0.1.decide < $1.1.decide }) {
            events.append(close(at: index, endTicks: max(deadline.end, tracked[index].span.startTicks + 1),
                                endedBy: deadline.endedBy, inSection: nil))
        }
        return events
    }

    private func nextAutoReturn(through ticks: Int64, inclusive: Bool) -> Int? {
        var best: (index: Int, end: Int64)?
        for (index, entry) in tracked.enumerated() where entry.autoReturns {
            guard let end = entry.plannedEndTicks, inclusive ? end <= ticks : end < ticks else { continue }
            if let current = best, current.end <= end { continue }
            best = (index, end)
        }
        return best?.index
    }
}
