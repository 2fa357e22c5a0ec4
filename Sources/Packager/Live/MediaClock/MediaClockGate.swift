import Foundation

/// Media clock: where an epoch's events go first. While the pre-roll lasts (MediaEpochStart)
/// they are held or dropped; when it opens, the epoch's clock is handed to the stages that
/// need it — the cut planners' grid, the span IDs, the presentation's PDT and numbering — and
/// the held cues go down the chain ahead of the event that opened it.
final class MediaClockGate {
    private var start: MediaEpochStart
    private let cuts: CutStage
    private let spans: SpanStage
    private let publisher: LivePublisher

    /// nil under the wall clock.
    init?(options: LiveOptions, cuts: CutStage, spans: SpanStage, publisher: LivePublisher) {
        guard case .media(let origin) = options.clock else { return nil }
        start = MediaEpochStart(stepTicks: options.gridStepTicks, operatorOrigin: origin.map(MediaClockLog.ticks),
                                notBefore: publisher.read { $0.state.grid?.first?.lastEndTicks })
        self.cuts = cuts
        self.spans = spans
        self.publisher = publisher
    }

    func send(_ event: PipelineEvent, to chain: StageChain) throws {
        if let first = cuts.firstFrame { start.follow(firstFrame: first) }
        switch start.admit(event, wallTicks: MediaClockLog.ticks(Date())) {
        case .pass: try chain.send(event)
        case .hold: break
        case .open(let anchor, let held):
            cuts.useGrid(CutGrid(stepTicks: start.stepTicks, originTicks: anchor.originTicks))
            spans.useDatedIDs(origin: anchor.originTicks)
            let (gate, step) = (start, start.stepTicks)
            publisher.update { p, _ in
                p.useMediaClock(originTicks: anchor.originTicks, stepTicks: step)
                return [MediaClockLog.opened(anchor, gate: gate)]
            }
            for e in held { try chain.send(e) }
            try chain.send(event)
        }
    }
}
