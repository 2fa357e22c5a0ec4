/// What the media alone says about a run: content or inserted, and why.
enum RunVerdict: Equatable {
    case content(String)
    case inserted(String)

    var isContent: Bool {
        if case .content = self { return true }
        return false
    }

    var reason: String {
        switch self {
        case .content(let r), .inserted(let r): return r
        }
    }

    /// Timestamps first (runs off the content line are inserted), then codec parameters (runs
    /// unlike the content's are inserted); a run neither tells apart is content.
    static func verdicts(_ runs: [StitchedRun], line: ContentLine, timeline: StitchedTimeline) -> [RunVerdict] {
        let content = dominantSignature(runs, line: line)
        return runs.map { run in
            let segmentLine = timeline.segments[run.segments.lowerBound].line
            let lineNote = segmentLine > 0 ? " at segment line \(segmentLine)" : ""
            if !line.runs.isEmpty {
                if line.runs.contains(run.index) {
                    return .content(line.runs.first == run.index
                        ? "its timestamps start the content line, which the later content continues"
                        : "its timestamps continue the content line")
                }
                let previous = line.runs.last { $0 < run.index }.map { runs[$0] }
                let expected = previous.map { " (content timestamps were at \(StitchedTimeline.seconds($0.endTicks)) s)" } ?? ""
                return .inserted("its timestamps (from \(StitchedTimeline.seconds(run.firstTicks)) s\(lineNote)) "
                                 + "do not continue the content line\(expected)")
            }
            if let content, run.signature != content {
                return .inserted("its media differs from the content's: \(run.signature.difference(from: content))")
            }
            return .content("no tag marks it and neither its timestamps nor its media set it apart")
        }
    }

    /// The content's media: the signature of the content line, else the one holding most media.
    static func dominantSignature(_ runs: [StitchedRun], line: ContentLine) -> MediaSignature? {
        if let first = line.runs.first { return runs[first].signature }
        var weight: [MediaSignature: Int64] = [:]
        for run in runs { weight[run.signature, default: 0] += run.durationTicks }
        return weight.max { ($0.value, $1.key.description) < ($1.value, $0.key.description) }?.key
    }
}
