/// A stretch the cue tags mark as inserted, after every dialect that marks it was checked
/// against the others: its edges, kind, the ads inside it (a pod), and the tags behind it.
struct TaggedSpan: Equatable {
    var startTicks: Int64
    var endTicks: Int64
    var kind: SpanKind?
    /// Edges inside it where one ad ends and the next begins.
    var splits: [Int64]
    var sources: [MarkedSpan]

    var reason: String {
        "marked by " + sources.map(\.description).joined(separator: "; ")
    }

    /// Clusters the dialects' spans by overlap. Within a cluster every dialect must cover the
    /// same stretch (within `tolerance`) and agree on the kind; a dialect that cuts it finer
    /// (one span per ad, or EXT-X-ASSET per ad) gives the pod's ads. Anything else contradicts.
    static func merge(_ spans: [MarkedSpan], assetSplits: [(ticks: Int64, mark: CueMark)], tolerance: Int64,
                      origin: Int64) throws -> [TaggedSpan] {
        var clusters: [[MarkedSpan]] = []
        for span in spans.sorted(by: { $0.startTicks < $1.startTicks }) {
            if let last = clusters.indices.last, clusters[last].contains(where: { $0.overlaps(span) }) {
                clusters[last].append(span)
            } else {
                clusters.append([span])
            }
        }
        return try clusters.map { try cluster($0, assetSplits: assetSplits, tolerance: tolerance, origin: origin) }
    }

    private static func cluster(_ spans: [MarkedSpan], assetSplits: [(ticks: Int64, mark: CueMark)],
                                tolerance: Int64, origin: Int64) throws -> TaggedSpan {
        let byDialect = Dictionary(grouping: spans, by: \.dialect)
        let dialects = CueDialect.allCases.filter { byDialect[$0] != nil }
        let reference = byDialect[dialects[0]] ?? []
        let start = reference.map(\.startTicks).min() ?? 0
        let end = reference.map(\.endTicks).max() ?? 0
        var splits: Set<Int64> = []
        var kind: (SpanKind, MarkedSpan)?
        for dialect in dialects {
            let own = (byDialect[dialect] ?? []).sorted { $0.startTicks < $1.startTicks }
            let plain = own.filter { !$0.isContainer }
            if let lo = own.map(\.startTicks).min(), let hi = own.map(\.endTicks).max(),
               abs(lo - start) > tolerance || abs(hi - end) > tolerance {
                throw contradiction(own[0], reference[0], "\(describe(own, origin)) against \(describe(reference, origin))")
            }
            for (a, b) in zip(plain, plain.dropFirst()) where b.startTicks < a.endTicks - tolerance {
                throw contradiction(b, a, "the two spans overlap")
            }
            for span in plain where span.startTicks > start + tolerance { splits.insert(span.startTicks) }
            for span in own {
                guard let k = span.kind else { continue }
                if let (known, from) = kind, known != k, !span.isContainer, !from.isContainer {
                    throw contradiction(span, from, "one says \(k.rawValue), the other \(known.rawValue)")
                }
                if kind == nil || kind?.1.isContainer == true { kind = (k, span) }
            }
        }
        for split in assetSplits where split.ticks > start + tolerance && split.ticks < end - tolerance {
            splits.insert(split.ticks)
        }
        // Edges that coincide within the tolerance are one edge.
        var distinct: [Int64] = []
        for s in splits.sorted() where distinct.last.map({ s - $0 > tolerance }) ?? true { distinct.append(s) }
        return TaggedSpan(startTicks: start, endTicks: end, kind: kind?.0, splits: distinct, sources: spans)
    }

    private static func describe(_ spans: [MarkedSpan], _ origin: Int64) -> String {
        let lo = (spans.map(\.startTicks).min() ?? 0) - origin, hi = (spans.map(\.endTicks).max() ?? 0) - origin
        return "\(spans[0].dialect.rawValue) marks \(StitchedTimeline.seconds(lo))–\(StitchedTimeline.seconds(hi)) s"
    }

    private static func contradiction(_ a: MarkedSpan, _ b: MarkedSpan, _ reason: String) -> StitchedAnalysisError {
        let first = a.marks[0], second = b.marks[0]
        return .contradiction(line: first.line, tag: first.text, otherLine: second.line, otherTag: second.text, reason: reason)
    }
}
