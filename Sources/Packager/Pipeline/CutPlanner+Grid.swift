/// What the media clock's grid needs from the planner's span bookkeeping.
extension CutPlanner {
    /// The first frame opens the grid. A span that began before it is not cut: this instance did
    /// not see its start, so whatever it published would contradict an instance that did. Its
    /// end still is, because that instance cut there.
    mutating func startGrid(at pts: Int64) {
        for key in spans.keys.sorted() {
            guard let span = spans[key], span.cutIn == nil, !span.skipped, span.start < pts else { continue }
            skip(key, reason: "it began before this instance's first segment (media clock): its start was not seen here")
            if span.end.map({ $0 > pts }) ?? true { unseenSpans.insert(key) }
        }
        grid?.start(at: pts - shift)
    }

    /// Whether a keyframe that does not change the route is cut at, and whether that cut is a
    /// span edge (the end of a span this instance did not see begin) or a regular grid cut.
    mutating func gridCut(atKeyframe pts: Int64) -> (cuts: Bool, edge: Bool) {
        guard let grid else { return (false, false) }
        if passesUnseenEnd(at: pts) { return (true, true) }
        return (grid.cutsRegularly(atKeyframe: pts - shift, edges: upcomingEdges(after: pts),
                                   segmentStart: segmentStart[.primary], capTicks: rule.capTicks), false)
    }

    /// Whether the keyframe at `pts` is the first at or after the end of a span this instance did
    /// not see begin (taken once).
    mutating func passesUnseenEnd(at pts: Int64) -> Bool {
        guard let first = firstFrame,
              let key = unseenSpans.first(where: { spans[$0]?.end.map { $0 > first && $0 <= pts } ?? false }) else { return false }
        unseenSpans.remove(key)
        return true
    }

    /// Primary-timeline ticks of the span edges still to come after `pts`: where the route will
    /// change (a span's start, its end, a nested span's start or end).
    func upcomingEdges(after pts: Int64) -> [Int64] {
        var edges: [Int64] = []
        forEachEdge(after: pts) { edges.append($0 - shift) }
        return edges
    }

    /// The input PTS of the next span edge after `pts` the planner knows of (a cut comes there),
    /// nil when none is known. Asked once a video frame: no array is built.
    func nextEdge(after pts: Int64) -> Int64? {
        var next: Int64?
        forEachEdge(after: pts) { next = min(next ?? $0, $0) }
        return next
    }

    /// Each span edge after `pts`, in input ticks (an edge may come twice).
    private func forEachEdge(after pts: Int64, _ body: (Int64) -> Void) {
        func visit(_ edge: Int64?) { if let edge, edge > pts { body(edge) } }
        for key in unseenSpans { visit(spans[key]?.end) }
        for span in spans.values where !span.skipped && !span.done {
            if span.cutIn == nil { visit(span.start) }
            visit(span.end)
            for child in span.children {
                visit(child.start)
                visit(child.end)
            }
        }
    }

    /// What the grid reported since the last call (two edges in one cell).
    public mutating func takeGridNotes() -> [String] { grid?.takeNotes() ?? [] }
}
