/// One stretch of a stitched presentation after analysis: content, or an inserted span of a
/// kind, with every reason that decided it. Times are on the continuous timeline.
public struct StitchedSpan: Equatable, Sendable {
    public var index: Int
    public var kind: StitchedKind
    public var startTicks: Int64
    public var endTicks: Int64
    /// Segments it covers (a span that starts or ends mid-segment includes that segment).
    public var segments: Range<Int>
    /// Why it is where it is and what it is, in order: what marked it, then what gave its kind.
    public var reasons: [String]
    /// The pod (break) it belongs to, by its index in `StitchedLayout.pods`.
    public var pod: Int?
    public var outSection: [UInt8]
    public var inSection: [UInt8]?

    public var durationTicks: Int64 { endTicks - startTicks }
}

/// Consecutive ads played as one break: one interstitial whose asset list holds each ad.
public struct StitchedPod: Equatable, Sendable {
    /// Its event index for the span tracker (after every span's index).
    public var index: Int
    public var members: [Int]
    public var startTicks: Int64
    public var endTicks: Int64
    public var reason: String
}

/// A span edge for the pipeline: at `ticks`, the signal's phase.
public struct StitchedCuePoint: Equatable, Sendable {
    public var ticks: Int64
    public var signal: StitchedSpanSignal
    /// Playlist line of what marked it (0 when only the media did).
    public var line: Int
    public var section: [UInt8]
}

/// The whole analysis of a stitched presentation.
public struct StitchedLayout: Equatable, Sendable {
    public var runs: [StitchedRun]
    public var contentLine: ContentLine
    /// Every stretch, content included, in presentation order.
    public var spans: [StitchedSpan]
    public var pods: [StitchedPod]
    /// Observations that change nothing but are worth reporting.
    public var notes: [String]

    public var inserted: [StitchedSpan] { spans.filter { $0.kind != .content } }
    public var contentTicks: Int64 { spans.filter { $0.kind == .content }.reduce(0) { $0 + $1.durationTicks } }

    /// The run holding the media at `ticks` (continuous).
    public func run(at ticks: Int64) -> StitchedRun? {
        runs.last { $0.startTicks <= ticks } ?? runs.first
    }

    /// The span edges in the order the tracker must see them: at one instant ends first, then a
    /// pod's start before its first ad's.
    public var cuePoints: [StitchedCuePoint] {
        var points: [(StitchedCuePoint, Int)] = []
        for pod in pods {
            points.append((StitchedCuePoint(ticks: pod.startTicks, signal: .init(phase: .start, kind: .ad, index: UInt32(pod.index),
                                                                                 isContainer: true,
                                                                                 plannedDurationTicks: pod.endTicks - pod.startTicks),
                                            line: 0, section: []), 2))
            points.append((StitchedCuePoint(ticks: pod.endTicks, signal: .init(phase: .end, kind: .ad, index: UInt32(pod.index),
                                                                               isContainer: true), line: 0, section: []), 1))
        }
        for span in inserted {
            guard let kind = span.kind.spanKind else { continue }
            points.append((StitchedCuePoint(ticks: span.startTicks, signal: .init(phase: .start, kind: kind, index: UInt32(span.index),
                                                                                  plannedDurationTicks: span.durationTicks),
                                            line: 0, section: span.outSection), 3))
            points.append((StitchedCuePoint(ticks: span.endTicks, signal: .init(phase: .end, kind: kind, index: UInt32(span.index)),
                                            line: 0, section: span.inSection ?? []), 0))
        }
        return points.sorted { ($0.0.ticks, $0.1) < ($1.0.ticks, $1.1) }.map(\.0)
    }
}
