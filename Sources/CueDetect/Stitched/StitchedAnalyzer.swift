/// The analysis of a whole stitched presentation (VOD): where its runs are, which stretches are
/// inserted and of what kind, and why — cue tags first, then the media (timestamps, codec
/// parameters) and the configured rules, then the override file. Pure: segments and marks in,
/// a layout out; errors name the line.
public struct StitchedAnalyzer: Sendable {
    public var rules: StitchedRules
    public var overrides: [SpanOverride]

    public init(rules: StitchedRules = StitchedRules(), overrides: [SpanOverride] = []) {
        self.rules = rules
        self.overrides = overrides
    }

    public func analyze(segments: [StitchedSegment], marks: [CueMark]) throws -> StitchedLayout {
        guard !segments.isEmpty else { return StitchedLayout(runs: [], contentLine: ContentLine(runs: []), spans: [], pods: [], notes: []) }
        let tolerance = rules.toleranceTicks
        let runs = RunBuilder.runs(of: segments, toleranceTicks: tolerance)
        let timeline = StitchedTimeline(segments: segments, runs: runs)
        let origin = timeline.startTicks
        let line = rules.mediaDetection ? ContentLine.find(runs, toleranceTicks: tolerance) : ContentLine(runs: [])
        let verdicts = rules.mediaDetection ? RunVerdict.verdicts(runs, line: line, timeline: timeline)
            : runs.map { _ in RunVerdict.content("media detection is off; no tag marks it") }
        var marked = try MarkPairing.spans(marks, tolerance: tolerance, position: timeline.ticks(of:))
        var splits: [(ticks: Int64, mark: CueMark)] = []
        for mark in marks where mark.edge == .asset {
            let at = try timeline.ticks(of: mark)
            if marked.contains(where: { $0.startTicks - tolerance <= at && at < $0.endTicks }) {
                splits.append((at, mark))
            } else if let run = runs.last(where: { $0.startTicks <= at }) {
                // An ad named on its own: it runs to the end of its run.
                marked.append(MarkedSpan(dialect: .asset, startTicks: at, endTicks: run.continuousEndTicks, kind: .ad,
                                         isContainer: false, marks: [mark]))
            }
        }
        for i in marked.indices {
            marked[i].startTicks = timeline.snapped(marked[i].startTicks, tolerance: tolerance)
            marked[i].endTicks = min(timeline.snapped(marked[i].endTicks, tolerance: tolerance), timeline.endTicks)
        }
        var tagged = try TaggedSpan.merge(marked.filter { $0.endTicks > $0.startTicks }, assetSplits: splits,
                                          tolerance: tolerance, origin: origin)
        // A break the tags mark as one stretch over several runs (CUE-OUT over two ads) holds
        // one ad per run: the stitcher spliced each on its own.
        for i in tagged.indices where tagged[i].kind == nil || tagged[i].kind == .ad {
            let inside = runs.map(\.startTicks).filter { $0 > tagged[i].startTicks + tolerance && $0 < tagged[i].endTicks - tolerance }
            tagged[i].splits = Array(Set(tagged[i].splits + inside)).sorted()
        }
        var assembly = SpanAssembly(timeline: timeline, verdicts: verdicts, tagged: tagged, rules: rules, origin: origin)
        try assembly.apply(overrides: overrides.filter { if case .range = $0.target { return true } else { return false } })
        var spans = assembly.leaves()
        try SpanAssembly.apply(indexOverrides: overrides, to: &spans)
        let pods = SpanAssembly.pods(&spans, tagged: tagged, tolerance: tolerance)
        var notes: [String] = []
        if !rules.mediaDetection {
            notes.append("media detection is off: only cue tags and the override file mark spans")
        } else if line.runs.isEmpty, runs.count > 1 {
            notes.append("no two runs continue each other's timestamps, so the timestamps do not tell content from "
                         + "inserted spans; codec parameters, cue tags and the override file do")
        }
        return StitchedLayout(runs: runs, contentLine: line, spans: spans, pods: pods, notes: notes)
    }
}
