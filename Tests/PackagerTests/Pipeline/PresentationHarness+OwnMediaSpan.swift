import CueDetect
@testable import Packager

extension PresentationHarness {
    /// Span 1, an overlay ad offered with its own media, airs at 6–12 s as the pipeline reports
    /// it: the primary segment before it, the span's edges, its one asset segment, its end (by
    /// `endedBy`) and the primary segment that carried it.
    mutating func airOwnMediaSpanFromSixToTwelve(planned: Double, endedBy: SpanEnd = .inCue) {
        let t = PlannerHarness.ticks
        let piece = AssetKey(span: 1, piece: 0)
        decide(Decisions.route(1, start: 6, placement: .overlay, planned: planned))
        segment(.primary, from: 0, to: 6, index: 0)
        record(.spanIn(key: 1, inputTicks: t(6), primaryTicks: t(6)))
        record(.pieceIn(piece, inputTicks: t(6)))
        segment(.asset(piece), from: 6, to: 12, index: 0)
        decide(Decisions.end(1, at: 12, by: endedBy))
        record(.pieceOut(piece, inputTicks: t(12)))
        record(.spanOut(key: 1, inputTicks: t(12), primaryTicks: t(12)))
        segment(.primary, from: 6, to: 12, index: 1)
    }
}
