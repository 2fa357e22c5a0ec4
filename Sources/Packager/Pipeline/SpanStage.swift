import CueDetect
import DateRangeWriter

/// Cues → SpanTracker → SpanRouter, the same in every mode. In-band cues arrive in the event
/// stream; cues known before the media (a cue sheet, container chapters) wait in arrival order
/// and join when media time — or an in-band cue's arrival — reaches them, so every cue source
/// is merged into one arrival order. Auto-returns fire as the leading video passes them.
final class SpanStage: PipelineStage {
    private(set) var tracker: SpanTracker
    private(set) var router: SpanRouter
    /// Cues from a sheet or chapters not yet due, earliest first.
    private var external: [DetectedCue]

    init(classifier: SpanClassifier, lostCues: LostCueRules = .standard, placement: PlacementRules,
         ids: InterstitialIDMaker = InterstitialIDMaker(), external: [DetectedCue] = []) {
        tracker = SpanTracker(classifier: classifier, lostCues: lostCues)
        router = SpanRouter(placement: placement, ids: ids)
        self.external = external.sorted { Self.time(of: $0) < Self.time(of: $1) }
    }

    /// The IDs handed out so far (a live channel keeps them across epochs and restarts).
    var ids: InterstitialIDMaker { router.ids }

    /// Media clock: date-range IDs from each span's start on the UTC timeline (see SpanRouter).
    func useDatedIDs(origin: Int64) { router.datedOrigin = origin }

    func handle(_ event: PipelineEvent, next: (PipelineEvent) throws -> Void) throws {
        switch event {
        case .cue(let cue):
            try release(through: Self.time(of: cue), next: next)
            try next(event)
            try ingest(cue, next: next)
        case .packet(let packet) where packet.role == .video(rendition: 0):
            try release(through: packet.pts, next: next)
            try route(tracker.advance(to: packet.pts), next: next)
            try next(event)
        case .end(let lastVideoEnd):
            try release(through: Int64.max, next: next)
            if let end = lastVideoEnd ?? tracker.latestTicks { try route(tracker.finish(at: end), next: next) }
            try next(event)
        default:
            try next(event)
        }
    }

    private func ingest(_ cue: DetectedCue, next: (PipelineEvent) throws -> Void) throws {
        guard let timed = cue.timedCue else { return }
        try route(tracker.ingest(timed), next: next)
    }

    private func route(_ events: [SpanEvent], next: (PipelineEvent) throws -> Void) throws {
        for event in events {
            try next(.spanEvent(event))
            for decision in router.apply(event) { try next(.span(decision)) }
        }
    }

    private func release(through ticks: Int64, next: (PipelineEvent) throws -> Void) throws {
        while let first = external.first, Self.time(of: first) <= ticks {
            external.removeFirst()
            try next(.cue(first))
            try ingest(first, next: next)
        }
    }

    /// A cue's place in arrival order: its arrival, or when it takes effect if that is unknown.
    private static func time(of cue: DetectedCue) -> Int64 { cue.arrivalTicks ?? cue.effectiveTicks ?? 0 }
}
