/// Live: the last half second before a segment's expected end, its target duration after the
/// cut that opened it or the next edge known: a span edge the cut planner knows of (a segment cut
/// short at a splice) or the input's forecast end (`InputEndForecast`). From there the writers
/// get ready for the end, so that little is left to write and sync once the packet that closes
/// the segment arrives: TS writers write small (`TSSegmentWriter.writeSmall`), fMP4 muxers close
/// their fragment early and sync it. Each assembler keeps one, told of its cuts and of the next
/// edge.
struct SegmentEndNear {
    /// 0.5 s in 90 kHz ticks.
    static let lead: Int64 = 45_000

    /// Ticks into a segment from which its target end is near; nil: never (outside live).
    let endsSoonAfter: Int64?
    /// The input PTS of the last cut, and of the next edge: a span edge the planner knows of, or
    /// the input's forecast end, whichever comes first.
    private(set) var lastCutAt: Int64?
    var nextEdge: Int64?

    init(endsSoonAfter: Int64? = nil) { self.endsSoonAfter = endsSoonAfter }

    /// For segments of `targetSeconds`.
    init(targetSeconds: Double) { self.init(endsSoonAfter: max(Int64(targetSeconds * 90_000) - Self.lead, 0)) }

    mutating func cut(at pts: Int64) { lastCutAt = pts }

    /// Whether fMP4 fragments of `fragmentSeconds` are closed early: only where a segment holds
    /// more than one fragment anyway (one fragment per segment, `fragmentSeconds` nil or at least
    /// the target, stays one).
    func closesFragmentsEarly(fragmentSeconds: Double?) -> Bool {
        guard let soon = endsSoonAfter, let seconds = fragmentSeconds else { return false }
        return Int64(seconds * 90_000) < soon + Self.lead
    }

    /// Whether the open segment's end is near at the video frame of input PTS `pts`.
    func isNear(_ pts: Int64) -> Bool {
        guard let soon = endsSoonAfter, let at = lastCutAt else { return false }
        return pts - at >= soon || nextEdge.map { $0 - pts <= Self.lead } == true
    }
}
