import CueDetect
import DateRangeWriter

/// Cues → SpanTracker → segmenter, for one VOD run; keeps every cue and span for the report.
struct VodSpanState {
    var tracker: SpanTracker
    var options: VodOptions
    var cues: [DetectedCue] = []
    /// Cues from a sidecar or chapters, waiting for media time to reach their arrival.
    var external: [DetectedCue] = []
    var spans: [Int: Span] = [:]
    var withdrawn: [Span] = []
    var ids: [Int: String] = [:]
    private var idMaker = InterstitialIDMaker()

    init(options: VodOptions) {
        self.options = options
        tracker = SpanTracker(classifier: options.classifier)
    }

    mutating func ingest(_ cue: DetectedCue, segmenter: RenditionGroup) {
        cues.append(cue)
        guard let timed = cue.timedCue else { return }
        apply(tracker.ingest(timed), segmenter: segmenter)
    }

    /// Media time reached `ticks`: due external cues, then auto-returns.
    mutating func advance(to ticks: Int64, segmenter: RenditionGroup) {
        while let next = external.first, (next.arrivalTicks ?? next.effectiveTicks ?? 0) <= ticks {
            external.removeFirst()
            ingest(next, segmenter: segmenter)
        }
        apply(tracker.advance(to: ticks), segmenter: segmenter)
    }

    mutating func finish(at ticks: Int64, segmenter: RenditionGroup) {
        for cue in external { ingest(cue, segmenter: segmenter) }
        external.removeAll()
        apply(tracker.finish(at: ticks), segmenter: segmenter)
    }

    private mutating func apply(_ events: [SpanEvent], segmenter: RenditionGroup) {
        for event in events {
            switch event {
            case .opened(let span), .closed(let span):
                spans[span.serial] = span
                if ids[span.serial] == nil {
                    ids[span.serial] = idMaker.next(kind: SpanKindName(rawValue: span.kind.rawValue),
                                                    eventID: span.eventID)
                }
                segmenter.update(span, placement: options.placement(for: span.kind))
            case .cancelled(let span):
                if span.endTicks != nil {
                    // Cancelled after the splice: the span played until the cancel.
                    spans[span.serial] = span
                    segmenter.update(span, placement: options.placement(for: span.kind))
                } else {
                    spans[span.serial] = nil
                    withdrawn.append(span)
                    segmenter.forget(serial: span.serial)
                }
            }
        }
    }
}
