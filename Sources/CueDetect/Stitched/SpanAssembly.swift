/// Cuts the presentation into stretches at every run edge, tag edge and override edge, says
/// what each stretch is and why (override, tags, media verdict, rules), and joins stretches
/// that belong together.
struct SpanAssembly {
    let timeline: StitchedTimeline
    let verdicts: [RunVerdict]
    let tagged: [TaggedSpan]
    let rules: StitchedRules
    let origin: Int64
    private var ranges: [SpanOverride] = []

    private enum Source: Equatable {
        case override(Int)
        case tagged(Int, member: Int)
        case run(Int)
        case content
    }

    private struct Piece {
        var start: Int64
        var end: Int64
        var source: Source
        var reasons: [String]
    }

    init(timeline: StitchedTimeline, verdicts: [RunVerdict], tagged: [TaggedSpan], rules: StitchedRules, origin: Int64) {
        self.timeline = timeline
        self.verdicts = verdicts
        self.tagged = tagged
        self.rules = rules
        self.origin = origin
    }

    /// Range overrides, placed on the continuous timeline (their times count from its start).
    mutating func apply(overrides: [SpanOverride]) throws {
        for o in overrides {
            guard case .range(let start, let end) = o.target else { continue }
            let length = timeline.endTicks - origin
            guard start < length else {
                throw StitchedAnalysisError.override(entry: o.entry, reason: "starts at \(StitchedTimeline.seconds(start)) s, "
                                                     + "after the presentation's end (\(StitchedTimeline.seconds(length)) s)")
            }
            var placed = o
            placed.target = .range(startTicks: timeline.snapped(origin + start, tolerance: rules.toleranceTicks),
                                   endTicks: min(timeline.snapped(origin + end, tolerance: rules.toleranceTicks), timeline.endTicks))
            ranges.append(placed)
        }
    }

    func leaves() -> [StitchedSpan] {
        var cuts = Set(timeline.runs.map(\.startTicks) + [timeline.endTicks])
        for t in tagged { cuts.formUnion([t.startTicks, t.endTicks] + t.splits) }
        for o in ranges { if case .range(let s, let e) = o.target { cuts.formUnion([s, e]) } }
        let points = cuts.filter { $0 >= timeline.startTicks && $0 <= timeline.endTicks }.sorted()
        var pieces: [Piece] = []
        for (a, b) in zip(points, points.dropFirst()) where b > a {
            let piece = attribute(a, b)
            if let last = pieces.last, last.source == piece.source, last.end == a {
                pieces[pieces.count - 1].end = b
            } else {
                pieces.append(piece)
            }
        }
        let contentPieces = pieces.filter { $0.source == .content }
        let firstContent = contentPieces.first?.start, lastContent = contentPieces.last?.end
        return pieces.enumerated().map { i, p in
            var kind = StitchedKind.content
            var reasons = p.reasons
            var out: [UInt8] = [], inSection: [UInt8]?
            switch p.source {
            case .content: break
            case .override(let entry):
                kind = ranges.first { $0.entry == entry }?.kind ?? .ad
                reasons.append("kind \(kind.rawValue): override entry \(entry) (time range)")
            case .tagged(let t, let member):
                let span = tagged[t]
                kind = span.kind.map(StitchedKind.init(spanKind:)) ?? rules.taggedKind
                reasons.append(span.kind != nil ? "kind \(kind.rawValue): its SCTE-35 says so"
                               : "kind \(kind.rawValue): a span marked by cue tags that do not say otherwise")
                if member == 0 { out = span.sources.first { !$0.outSection.isEmpty }?.outSection ?? [] }
                if member == span.splits.count { inSection = span.sources.compactMap(\.inSection).first { !$0.isEmpty } }
            case .run:
                let position: StitchedRules.Rule.Position = firstContent.map { p.end <= $0 } == true ? .pre
                    : lastContent.map { p.start >= $0 } == true ? .post : .mid
                let seconds = Double(p.end - p.start) / 90_000
                let (k, rule) = rules.classify(position: position, seconds: seconds)
                kind = k
                reasons.append(rule.map { "kind \(k.rawValue): rule \($0 + 1) of the stitched rules, \(rules.rules[$0].description)" }
                               ?? "kind ad: no rule matched")
            }
            return StitchedSpan(index: i, kind: kind, startTicks: p.start, endTicks: p.end,
                                segments: timeline.segments(from: p.start, to: p.end), reasons: reasons, pod: nil,
                                outSection: out, inSection: inSection)
        }
    }

    private func attribute(_ a: Int64, _ b: Int64) -> Piece {
        if let o = ranges.last(where: { if case .range(let s, let e) = $0.target { return s <= a && b <= e } else { return false } }) {
            return Piece(start: a, end: b, source: .override(o.entry), reasons: [])
        }
        if let t = tagged.firstIndex(where: { $0.startTicks <= a && b <= $0.endTicks }) {
            let member = tagged[t].splits.filter { $0 <= a }.count
            return Piece(start: a, end: b, source: .tagged(t, member: member), reasons: [tagged[t].reason])
        }
        let run = timeline.runs.last { $0.startTicks <= a } ?? timeline.runs[0]
        if tagged.contains(where: { $0.startTicks < run.continuousEndTicks && run.startTicks < $0.endTicks }) {
            return Piece(start: a, end: b, source: .content, reasons: ["outside the tagged span within its run"])
        }
        switch verdicts[run.index] {
        case .content(let reason):
            return Piece(start: a, end: b, source: .content, reasons: [reason])
        case .inserted(let reason):
            let boundary = run.boundaries.isEmpty ? "" : "it starts at \(run.boundaries.map(\.description).joined(separator: " and ")); "
            return Piece(start: a, end: b, source: .run(run.index), reasons: [boundary + reason])
        }
    }

    static func apply(indexOverrides overrides: [SpanOverride], to spans: inout [StitchedSpan]) throws {
        for o in overrides {
            guard case .index(let n) = o.target else { continue }
            guard n < spans.count else {
                throw StitchedAnalysisError.override(entry: o.entry, reason: "span \(n) does not exist (the presentation has spans 0–\(spans.count - 1))")
            }
            spans[n].kind = o.kind
            spans[n].reasons.append("kind \(o.kind.rawValue): override entry \(o.entry) (span \(n))")
        }
    }

    /// Ads back to back are one break: a pod, whose tracker index follows every span's.
    static func pods(_ spans: inout [StitchedSpan], tagged: [TaggedSpan], tolerance: Int64) -> [StitchedPod] {
        var pods: [StitchedPod] = []
        var i = 0
        while i < spans.count {
            var j = i
            while spans[j].kind == .ad, j + 1 < spans.count, spans[j + 1].kind == .ad,
                  abs(spans[j + 1].startTicks - spans[j].endTicks) <= tolerance { j += 1 }
            if j > i {
                let members = Array(i...j)
                let holder = tagged.first { $0.startTicks <= spans[i].startTicks && spans[j].endTicks <= $0.endTicks && !$0.splits.isEmpty }
                let reason = holder.map { "\($0.reason), which holds \(members.count) ads" }
                    ?? "\(members.count) ads back to back (spans \(i)–\(j))"
                for m in members { spans[m].pod = pods.count }
                pods.append(StitchedPod(index: spans.count + pods.count, members: members, startTicks: spans[i].startTicks,
                                        endTicks: spans[j].endTicks, reason: reason))
            }
            i = j + 1
        }
        return pods
    }
}
