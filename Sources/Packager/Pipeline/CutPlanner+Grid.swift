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
        edges(after: pts).map { $0 - shift }
    }

    /// The input PTS of the next span edge after `pts` the planner knows of (a cut comes there),
    /// nil when none is known; cheap when no span is open or planned (asked once a video frame).
    func nextEdge(after pts: Int64) -> Int64? {
        spans.isEmpty && unseenSpans.isEmpty ? nil : edges(after: pts).min()
    }

    /// Span edges after `pts`, in input ticks.
    private func edges(after pts: Int64) -> [Int64] {
        var edges: [Int64] = []
        for key in unseenSpans { if let end = spans[key]?.end { edges.append(end) } }
        for span in spans.values where !span.skipped && !span.done {
            if span.cutIn == nil { edges.append(span.start) }
            if let end = span.end { edges.append(end) }
            for child in span.children {
                edges.append(child.start)
                if let end = child.end { edges.append(end) }
            }
        }
        return edges.filter { $0 > pts }
    }

    /// What the grid reported since the last call (two edges in one cell).
    public mutating func takeGridNotes() -> [String] { grid?.takeNotes() ?? [] }
}
