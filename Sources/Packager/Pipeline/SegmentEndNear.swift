/// Live: the last half second before a segment's expected end, its target duration after the
/// cut that opened it or the next span edge the cut planner knows of (a segment cut short at a
/// splice). From there the writers get ready for the end, so that little is left to write and
/// sync once the packet that closes the segment arrives: TS writers write small
/// (`TSSegmentWriter.writeSmall`), fMP4 muxers close their fragment early and sync it.
enum SegmentEndNear {
    /// 0.5 s in 90 kHz ticks.
    static let lead: Int64 = 45_000

    /// `endsSoonAfter`: ticks into a segment from which its target end is near (nil: never, as
    /// outside live); `lastCutAt`, `nextEdge` and `pts` are input PTS.
    static func isNear(pts: Int64, lastCutAt: Int64?, endsSoonAfter: Int64?, nextEdge: Int64?) -> Bool {
        guard let soon = endsSoonAfter, let at = lastCutAt else { return false }
        return pts - at >= soon || nextEdge.map { $0 - pts <= lead } == true
    }

    /// `endsSoonAfter` for segments of `targetSeconds`.
    static func endsSoonAfter(targetSeconds: Double) -> Int64 {
        max(Int64(targetSeconds * 90_000) - lead, 0)
    }
}
