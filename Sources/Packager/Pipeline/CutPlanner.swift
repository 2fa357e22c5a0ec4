/// Decides every cut of one rendition, from its video frames and the span decisions (pure: no
/// FFmpeg, unit-tested on synthetic keyframe timelines):
/// - span edges: a routed span covers the keyframes K with start ≤ K < end, so its media starts
///   at the first keyframe at or after its splice and ends at the first one at or after its
///   end; nested spans split their parent into pieces the same way;
/// - regular cuts: at the first keyframe once a segment holds the target, or earlier when the
///   next keyframe (predicted from the GOP seen so far) would take it past the declared target;
/// - live (hard cap): the declared target is fixed when the first segment closes — raised to fit
///   the measured GOP unless the operator fixed it — and a GOP longer than it is cut at the frame
///   that would pass it, so no EXTINF ever rounds above the target;
/// - media clock (`useGrid`): regular cuts follow CutGrid instead, so segment numbers are grid cells.
public struct CutPlanner: Sendable {
    public internal(set) var rule: CutRule
    private(set) var spans: [Int: PlannedSpan] = [:]
    private(set) var route: Route = .none
    private(set) var segmentStart: [OutputTarget: Int64] = [:]
    var lastVideoEnd: [OutputTarget: Int64] = [:]
    private(set) var shift: Int64 = 0
    var gop = GOPEstimator()
    var targetLocked = false
    /// PTS of the first keyframe: where the primary (or a span covering it) begins.
    public private(set) var firstFrame: Int64?
    var records: [CutRecord] = []
    /// Signalled end of the span left last: a span starting before it overlaps that one.
    private var previousEnd: (key: Int, ticks: Int64)?
    /// The media clock's grid (nil: the target rule).
    var grid: CutGrid?
    /// Media clock: spans skipped for beginning before the first frame, whose end is still cut at.
    var unseenSpans: Set<Int> = []

    enum Route: Equatable, Sendable {
        case none
        case primary
        case span(key: Int, owner: Int?)
    }

    public init(rule: CutRule) {
        self.rule = rule
    }

    /// Records not yet attached to a cut (each returned cut carries those noted up to it).
    public mutating func takeRecords() -> [CutRecord] {
        defer { records.removeAll() }
        return records
    }

    /// Media clock: cut on `grid` from the first frame on. The primary timeline becomes UTC ticks
    /// (input + the grid's origin), and the muxers write those as the segments' timestamps, so
    /// every instance writes the same ones and a timestamp reset needs no discontinuity.
    public mutating func useGrid(_ grid: CutGrid) {
        guard firstFrame == nil else { return }
        self.grid = grid
        shift = -grid.originTicks
    }

    public mutating func apply(_ decision: SpanDecision) {
        switch decision {
        case .route(let r):
            spans[r.key] = PlannedSpan(key: r.key, start: r.startTicks, placement: r.placement)
        case .nest(let n):
            spans[n.parent]?.children.append(PlannedSpan.Child(key: n.key, start: n.span.startTicks))
        case .endAt(let e):
            if spans[e.key] != nil {
                spans[e.key]?.end = e.ticks
            } else {
                for key in spans.keys { spans[key]?.endChild(e.key, at: e.ticks) }
            }
        case .forget(let key, _):
            if spans[key]?.cutIn == nil { spans[key] = nil }
            for parent in spans.keys { spans[parent]?.children.removeAll { $0.key == key } }
        case .skip:
            break
        }
    }

    /// A video frame of this rendition, in decode order; returns the cut to make before it.
    /// Frames before the first keyframe are not cut into anything (the caller drops them).
    public mutating func frame(pts: Int64, isKeyframe: Bool, duration: Int64) throws -> Cut? {
        guard firstFrame != nil || isKeyframe else { return nil }
        if firstFrame == nil, let grid, grid.defersStart(atKeyframe: pts - shift, edges: upcomingEdges(after: pts)) { return nil }
        if isKeyframe { gop.keyframe(at: pts) }
        if firstFrame == nil {
            firstFrame = pts
            if grid != nil { startGrid(at: pts) }
            var cut = transition(to: desiredRoute(at: pts), at: pts)
            noteVideo(pts: pts, duration: duration)
            cut.records = takeRecords()
            return cut
        }
        var cut: Cut?
        var edge = false
        if isKeyframe {
            let desired = desiredRoute(at: pts)
            let closing = elapsed(at: pts)
            if desired != route {
                cut = transition(to: desired, at: pts)
                edge = true
            } else if grid != nil {
                let (cuts, atEdge) = gridCut(atKeyframe: pts)
                if cuts { cut = transition(to: route, at: pts) }
                edge = atEdge
            } else if let elapsed = elapsed(at: pts), elapsed > 0, shouldCutRegularly(elapsed: elapsed) {
                cut = transition(to: route, at: regularCut(before: pts))
            }
            if cut != nil { try lockTarget(firstSegment: closing) }
        } else if grid?.cutsWithoutKeyframe(at: pts - shift) == true, route != .none {
            records.append(.cutWithoutKeyframe(inputTicks: pts, gopTicks: gop.predicted ?? 0, targetDuration: rule.declaredTarget))
            cut = transition(to: route, at: pts)
        } else if rule.hardCap, targetLocked, let reach = reach(adding: pts + duration), reach > rule.capTicks {
            records.append(.cutWithoutKeyframe(inputTicks: pts, gopTicks: gop.predicted ?? reach,
                                               targetDuration: rule.declaredTarget))
            cut = transition(to: route, at: regularCut(before: pts))
        }
        noteVideo(pts: pts, duration: duration)
        if cut != nil { grid?.advance(at: pts - shift, edge: edge) }
        cut?.records = takeRecords()
        return cut
    }

    /// End of input (or of the epoch) at `end`: every open output closes; spans that never got
    /// a keyframe are reported.
    public mutating func finish(at end: Int64) -> Cut? {
        var closes: [SegmentEdge] = []
        switch route {
        case .none: break
        case .primary:
            closes.append(SegmentEdge(target: .primary, ticks: end - shift, isLast: true))
        case .span(let key, _):
            let overlay = spans[key]?.placement == .overlay
            closes += leave(key, at: end)
            if overlay { closes.append(SegmentEdge(target: .primary, ticks: end - shift, isLast: true)) }
        }
        for key in spans.keys.sorted() {
            guard let span = spans[key], span.cutIn == nil, !span.skipped else { continue }
            skip(key, reason: span.start >= end ? "span starts after the end of the media" : "span contains no keyframe")
        }
        let wasOpen = route != .none
        route = .none
        return wasOpen ? Cut(at: end, closes: closes, opens: [], shift: shift, records: takeRecords()) : nil
    }

    // MARK: routing

    private var activeKey: Int? {
        if case .span(let key, _) = route { return key }
        return nil
    }

    /// Where the frame at `pts` belongs. Marks spans that can no longer get media as skipped.
    private mutating func desiredRoute(at pts: Int64) -> Route {
        if let key = activeKey, let span = spans[key] {
            if let end = span.end, pts >= end {
                // Leaving: any span that starts before this one's end overlaps it.
                previousEnd = (key, end)
            } else {
                return .span(key: key, owner: span.owner(at: pts))
            }
        }
        for candidate in spans.values.sorted(by: { ($0.start, $0.key) < ($1.start, $1.key) })
        where candidate.cutIn == nil && !candidate.skipped && candidate.start <= pts {
            if let end = candidate.end, end <= pts {
                skip(candidate.key, reason: end <= (firstFrame ?? end) ? "span lies before the first video frame"
                     : "span contains no keyframe")
                continue
            }
            if let previous = previousEnd, candidate.start < previous.ticks, candidate.key != previous.key {
                skip(candidate.key, reason: "overlaps the span cut out before it (key \(previous.key))")
                continue
            }
            return .span(key: candidate.key, owner: candidate.owner(at: pts))
        }
        return .primary
    }

    mutating func skip(_ key: Int, reason: String) {
        spans[key]?.skipped = true
        records.append(.skipped(key: key, reason: reason))
    }

    /// The cut that moves from the current route to `next` at `pts` (a regular cut when they are
    /// the same: every open output ends and begins again).
    private mutating func transition(to next: Route, at pts: Int64) -> Cut {
        var closes: [SegmentEdge] = []
        let previous = route
        if case .span(let key, let owner) = previous {
            if case .span(key, let nextOwner) = next, nextOwner == owner {
                closes += piece(of: key).map { [SegmentEdge(target: .asset($0), ticks: pts)] } ?? []
            } else if case .span(key, _) = next {
                closes += closePiece(of: key, at: pts)
            } else {
                closes += leave(key, at: pts)
            }
            if spans[key]?.placement == .overlay { closes.append(SegmentEdge(target: .primary, ticks: pts - shift)) }
        } else if previous == .primary {
            closes.append(SegmentEdge(target: .primary, ticks: pts - shift))
        }
        var opens: [SegmentEdge] = []
        switch next {
        case .none: break
        case .primary:
            opens.append(SegmentEdge(target: .primary, ticks: pts - shift))
        case .span(let key, let owner):
            if spans[key]?.cutIn == nil {
                spans[key]?.cutIn = pts
                records.append(.spanIn(key: key, inputTicks: pts, primaryTicks: pts - shift))
            }
            if previous != next, let asset = openPiece(of: key, owner: owner, at: pts) {
                opens.append(SegmentEdge(target: .asset(asset), ticks: pts))
            } else if let asset = piece(of: key) {
                opens.append(SegmentEdge(target: .asset(asset), ticks: pts))
            }
            if spans[key]?.placement == .overlay { opens.append(SegmentEdge(target: .primary, ticks: pts - shift)) }
        }
        route = next
        for edge in closes { segmentStart[edge.target] = nil; lastVideoEnd[edge.target] = nil }
        for edge in opens { segmentStart[edge.target] = edge.ticks }
        return Cut(at: pts, closes: closes, opens: opens, shift: shift)
    }

    /// Leaves routed span `key` at `pts`: its last piece ends, strip placement shifts the primary.
    private mutating func leave(_ key: Int, at pts: Int64) -> [SegmentEdge] {
        let closes = closePiece(of: key, at: pts)
        guard let span = spans[key], let cutIn = span.cutIn else { return closes }
        if span.placement == .strip { shift += pts - cutIn }
        records.append(.spanOut(key: key, inputTicks: pts, primaryTicks: pts - shift))
        spans[key]?.done = true
        return closes
    }

    private mutating func closePiece(of key: Int, at pts: Int64) -> [SegmentEdge] {
        guard let asset = piece(of: key) else { return [] }
        records.append(.pieceOut(asset, inputTicks: pts))
        return [SegmentEdge(target: .asset(asset), ticks: pts, isLast: true)]
    }

    private mutating func openPiece(of key: Int, owner: Int?, at pts: Int64) -> AssetKey? {
        guard spans[key] != nil else { return nil }
        let asset = AssetKey(span: key, piece: spans[key]?.pieces ?? 0, owner: owner)
        spans[key]?.pieces += 1
        spans[key]?.openPiece = asset
        records.append(.pieceIn(asset, inputTicks: pts))
        return asset
    }

    func piece(of key: Int) -> AssetKey? { spans[key]?.openPiece }
}
