/// The analysis of a live stitched playlist, one segment at a time: with only the past known, a
/// run is content when it continues the content's timestamps (or the first run, unless a tag
/// says otherwise), inserted when a cue tag opens a break, when its timestamps leave the
/// content line, or when its media differs from the content's. A span is announced at the
/// segment it starts with and ended at the one where content resumes; ads are always played as
/// a break (a pod) so that a second ad spliced right after the first joins the same interstitial.
public struct StitchedLiveTracker: Sendable {
    public struct Step: Equatable, Sendable {
        /// Ticks to add to the segment's own timestamps.
        public var offsetTicks: Int64
        /// Span edges at the segment's start, in the order the span tracker must see them.
        public var points: [StitchedCuePoint]
        /// What was decided and why (for the log).
        public var notes: [String]
    }

    private struct Playing: Sendable {
        var index: UInt32
        var kind: StitchedKind
        var pod: UInt32?
    }

    private struct TagBreak: Sendable {
        var kind: StitchedKind
        var plannedEnd: Int64?
        var mark: CueMark
    }

    public let rules: StitchedRules
    private var builder: RunBuilder
    /// Own timestamps where the content line stands, and the inserted media since it stopped.
    private var contentEnd: Int64?
    private var insertedSince: Int64 = 0
    private var contentSignature: MediaSignature?
    private var playing: Playing?
    private var tag: TagBreak?
    private var nextIndex: UInt32 = 0
    private var lastEnd: Int64?

    public init(rules: StitchedRules = StitchedRules()) {
        self.rules = rules
        builder = RunBuilder(toleranceTicks: rules.toleranceTicks)
    }

    /// - Parameter known: what an analysis of the whole playlist as first loaded found for this
    ///   segment's run (the past a live join can see), used instead of the online verdict.
    public mutating func add(_ segment: StitchedSegment, marks: [CueMark], known: StitchedKind? = nil) -> Step {
        let boundaries = builder.add(segment)
        guard let run = builder.runs.last else { return Step(offsetTicks: 0, points: [], notes: []) }
        let start = segment.firstVideoTicks + run.offsetTicks
        var notes: [String] = []
        var opened = false, closed = false
        for mark in marks {
            switch mark.edge {
            case .out:
                tag = TagBreak(kind: mark.kind.map(StitchedKind.init(spanKind:)) ?? rules.taggedKind,
                               plannedEnd: mark.durationTicks.map { start + $0 }, mark: mark)
                opened = true
            case .cont, .asset:
                // Joined inside a break (a live window starting mid-break), or an ad named alone.
                if tag == nil {
                    tag = TagBreak(kind: rules.taggedKind, plannedEnd: nil, mark: mark)
                    opened = true
                }
            case .in:
                if tag != nil { closed = true }
                tag = nil
            case .cancel:
                if let open = tag, open.mark.id != nil, open.mark.id == mark.id {
                    tag = nil
                    closed = true
                }
            }
        }
        if let end = tag?.plannedEnd, start >= end - rules.toleranceTicks {
            tag = nil
            closed = true
        }
        let isNewRun = !boundaries.isEmpty || (lastEnd == nil && known != nil)
        let wanted: StitchedKind
        if let tag {
            wanted = tag.kind
            if opened { notes.append("marked by \(tag.mark.label)") }
        } else if closed {
            wanted = .content
        } else if isNewRun, let known {
            wanted = known
            notes.append("\(known.rawValue), as the analysis of the playlist when the channel started found")
        } else if isNewRun {
            let (kind, why) = verdict(run)
            wanted = kind
            notes += why
        } else {
            wanted = playing?.kind ?? .content
        }
        let points = transition(to: wanted, at: start, newPiece: isNewRun || opened)
        if wanted == .content {
            contentEnd = segment.endVideoTicks
            contentSignature = run.signature
            insertedSince = 0
        } else {
            insertedSince += segment.endVideoTicks - segment.firstVideoTicks
        }
        lastEnd = segment.endVideoTicks + run.offsetTicks
        return Step(offsetTicks: run.offsetTicks, points: points, notes: notes)
    }

    /// End of the presentation (ENDLIST): what is playing ends where the media does.
    public mutating func finish() -> [StitchedCuePoint] {
        guard let end = lastEnd else { return [] }
        return transition(to: .content, at: end, newPiece: true)
    }

    private func verdict(_ run: StitchedRun) -> (StitchedKind, [String]) {
        guard rules.mediaDetection, let contentEnd else { return (.content, ["the first run is content until something sets a run apart"]) }
        let gap = run.firstTicks - contentEnd
        if abs(gap) <= rules.toleranceTicks || abs(gap - insertedSince) <= rules.toleranceTicks {
            return (.content, ["its timestamps continue the content line"])
        }
        let reason: String
        if let content = contentSignature, run.signature != content {
            reason = "its media differs from the content's: \(run.signature.difference(from: content))"
        } else {
            reason = "its timestamps (from \(StitchedTimeline.seconds(run.firstTicks)) s) do not continue the content line"
        }
        let (kind, rule) = rules.classifyWithoutDuration(position: .mid)
        return (kind, [reason, rule.map { "kind \(kind.rawValue): rule \($0 + 1) of the stitched rules" } ?? "kind ad: no rule matched"])
    }

    /// The span edges that move from what is playing to `kind` at `ticks`.
    private mutating func transition(to kind: StitchedKind, at ticks: Int64, newPiece: Bool) -> [StitchedCuePoint] {
        var points: [StitchedCuePoint] = []
        func point(_ phase: StitchedSpanSignal.Phase, _ k: StitchedKind, _ index: UInt32, container: Bool = false) {
            points.append(StitchedCuePoint(ticks: ticks, signal: StitchedSpanSignal(phase: phase, kind: k.spanKind ?? .ad, index: index,
                                                                                    isContainer: container), line: 0, section: []))
        }
        if let now = playing {
            let sameBreak = kind == .ad && now.kind == .ad && now.pod != nil
            if kind == now.kind && !newPiece { return [] }
            point(.end, now.kind, now.index)
            if let pod = now.pod, !sameBreak { point(.end, .ad, pod, container: true) }
            playing = nil
            if sameBreak, let pod = now.pod {
                let index = take()
                point(.start, .ad, index)
                playing = Playing(index: index, kind: .ad, pod: pod)
                return points
            }
        }
        guard kind != .content else { return points }
        var pod: UInt32?
        if kind == .ad {
            let container = take()
            point(.start, .ad, container, container: true)
            pod = container
        }
        let index = take()
        point(.start, kind, index)
        playing = Playing(index: index, kind: kind, pod: pod)
        return points
    }

    private mutating func take() -> UInt32 {
        defer { nextIndex += 1 }
        return nextIndex
    }
}

extension StitchedRules {
    /// Live: a span's length is not known when it starts, so only rules without a duration
    /// range can decide its kind.
    func classifyWithoutDuration(position: Rule.Position) -> (StitchedKind, Int?) {
        for (i, rule) in rules.enumerated() where rule.minSeconds == nil && rule.maxSeconds == nil
            && (rule.position == .any || rule.position == position) { return (rule.kind, i) }
        return (.ad, nil)
    }
}
