/// The content's own timeline across a stitched presentation. SSAI keeps the content's
/// timestamps running through it — continuing right after a break (an insertion), or advanced
/// by the break's length (a replacement) — while each inserted span restarts its own. Runs that
/// continue one another form a line; the line holding the most media is the content.
public struct ContentLine: Equatable, Sendable {
    /// Run indices on the content line, in order; empty when no two runs continue each other
    /// (the timestamps then say nothing about what is content).
    public var runs: [Int]

    public static func find(_ runs: [StitchedRun], toleranceTicks: Int64) -> ContentLine {
        var chains: [[Int]] = []
        for run in runs {
            let continued = chains.indices.reversed().first { c in
                guard let last = chains[c].last, last < run.index else { return false }
                return continues(runs[last], with: run, between: runs[(last + 1)..<run.index], tolerance: toleranceTicks)
            }
            if let continued { chains[continued].append(run.index) } else { chains.append([run.index]) }
        }
        // Only runs that continue one another make a line; a lone run says nothing.
        let weighed = chains.filter { $0.count >= 2 }.map { chain in (chain, chain.reduce(Int64(0)) { $0 + runs[$1].durationTicks }) }
        guard let best = weighed.max(by: { $0.1 < $1.1 }) else { return ContentLine(runs: []) }
        return ContentLine(runs: best.0)
    }

    /// `next` picks up the timestamps of `previous`: right after it, or after it plus the media
    /// spliced in between.
    static func continues(_ previous: StitchedRun, with next: StitchedRun, between: ArraySlice<StitchedRun>,
                          tolerance: Int64) -> Bool {
        let gap = next.firstTicks - previous.endTicks
        if abs(gap) <= tolerance { return true }
        let inserted = between.reduce(Int64(0)) { $0 + $1.durationTicks }
        return !between.isEmpty && abs(gap - inserted) <= tolerance
    }
}
