/// Positions on the continuous timeline of a stitched presentation: each run follows the
/// previous one, so a segment starts at its own first PTS plus its run's offset.
struct StitchedTimeline {
    let segments: [StitchedSegment]
    let runs: [StitchedRun]
    private let runOfSegment: [Int]

    init(segments: [StitchedSegment], runs: [StitchedRun]) {
        self.segments = segments
        self.runs = runs
        var owner = Array(repeating: 0, count: segments.count)
        for run in runs { for s in run.segments where s < owner.count { owner[s] = run.index } }
        runOfSegment = owner
    }

    var startTicks: Int64 { runs.first?.startTicks ?? 0 }
    var endTicks: Int64 { runs.last?.continuousEndTicks ?? 0 }

    func run(ofSegment index: Int) -> StitchedRun { runs[runOfSegment[min(max(index, 0), runOfSegment.count - 1)]] }

    func segmentStart(_ index: Int) -> Int64 {
        guard index < segments.count else { return endTicks }
        return segments[index].firstVideoTicks + run(ofSegment: index).offsetTicks
    }

    func segmentEnd(_ index: Int) -> Int64 { segments[index].endVideoTicks + run(ofSegment: index).offsetTicks }

    /// The segments a stretch covers.
    func segments(from start: Int64, to end: Int64) -> Range<Int> {
        let first = segments.indices.last { segmentStart($0) <= start } ?? 0
        let last = segments.indices.last { segmentStart($0) < end } ?? first
        return first..<(max(first, last) + 1)
    }

    func ticks(of mark: CueMark) throws -> Int64 {
        switch mark.position {
        case .segment(let index): return segmentStart(index)
        case .media(let ticks, let segment): return ticks + run(ofSegment: segment).offsetTicks
        case .date(let millis):
            guard let first = segments.first?.programDateTimeMillis else {
                throw StitchedAnalysisError.malformedTag(line: mark.line, tag: mark.dialect.rawValue,
                                                         reason: "its date cannot be placed: the playlist has no EXT-X-PROGRAM-DATE-TIME")
            }
            guard millis >= first - 1 else {
                throw StitchedAnalysisError.malformedTag(line: mark.line, tag: mark.dialect.rawValue,
                                                         reason: "its date lies before the first segment")
            }
            let index = segments.indices.last { (segments[$0].programDateTimeMillis ?? Int64.max) <= millis } ?? 0
            let segment = segments[index]
            let into = (millis - (segment.programDateTimeMillis ?? millis)) * 90
            return segmentStart(index) + min(into, segment.extinfTicks + segment.mediaTicks)
        }
    }

    /// `ticks` moved onto the nearest run start (or the presentation's end), else the nearest
    /// segment start, when one lies within `tolerance`: media edges are exact, tag edges are not.
    func snapped(_ ticks: Int64, tolerance: Int64) -> Int64 {
        let runEdges = runs.map(\.startTicks) + [endTicks]
        if let edge = runEdges.min(by: { abs($0 - ticks) < abs($1 - ticks) }), abs(edge - ticks) <= tolerance { return edge }
        let segmentEdges = segments.indices.map(segmentStart)
        if let edge = segmentEdges.min(by: { abs($0 - ticks) < abs($1 - ticks) }), abs(edge - ticks) <= tolerance { return edge }
        return ticks
    }

    static func seconds(_ ticks: Int64) -> String { String(format: "%.3f", Double(ticks) / 90_000) }
}
