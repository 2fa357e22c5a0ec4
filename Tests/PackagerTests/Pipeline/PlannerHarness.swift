import CueDetect
@testable import Packager

/// Drives a CutPlanner over a synthetic video timeline (a frame every 1/fps s, keyframes where
/// told), feeding span decisions when media time reaches them, and collects the segments its
/// cuts make — the embedded harness for the cut rule, no FFmpeg involved.
struct PlannerHarness {
    struct Segment: Equatable, CustomStringConvertible {
        var start: Double
        var end: Double
        var isLast: Bool
        var duration: Double { end - start }
        var description: String { "\(start)–\(end)" }
    }

    var planner: CutPlanner
    private(set) var cuts: [Cut] = []
    private(set) var records: [CutRecord] = []
    private var opened: [OutputTarget: Double] = [:]
    private(set) var segments: [OutputTarget: [Segment]] = [:]

    init(_ rule: CutRule) { planner = CutPlanner(rule: rule) }

    static func ticks(_ seconds: Double) -> Int64 { Int64((seconds * 90_000).rounded()) }
    static func seconds(_ ticks: Int64) -> Double { (Double(ticks) / 90).rounded() / 1000 }

    /// Frames from 0 to `end` (exclusive); `keyframe` decides which frames are keyframes.
    mutating func run(until end: Double, fps: Double = 25, decisions: [(at: Double, decision: SpanDecision)] = [],
                      keyframe: (Double) -> Bool) throws {
        var pendingDecisions = decisions.sorted { $0.at < $1.at }
        let frame = 1 / fps
        var n = 0
        while Double(n) * frame < end - 1e-9 {
            let t = (Double(n) * frame * 1_000_000).rounded() / 1_000_000
            while let first = pendingDecisions.first, first.at <= t + 1e-9 {
                pendingDecisions.removeFirst()
                planner.apply(first.decision)
            }
            if let cut = try planner.frame(pts: Self.ticks(t), isKeyframe: keyframe(t), duration: Self.ticks(frame)) { take(cut) }
            n += 1
        }
        for d in pendingDecisions { planner.apply(d.decision) }
        if let cut = planner.finish(at: Self.ticks(end)) { take(cut) }
    }

    /// Keyframes every `gop` seconds from 0.
    mutating func run(until end: Double, gop: Double, fps: Double = 25,
                      decisions: [(at: Double, decision: SpanDecision)] = []) throws {
        try run(until: end, fps: fps, decisions: decisions) { t in
            let k = (t / gop).rounded()
            return abs(k * gop - t) < 1e-6
        }
    }

    private mutating func take(_ cut: Cut) {
        cuts.append(cut)
        records += cut.records
        for edge in cut.closes {
            if let start = opened.removeValue(forKey: edge.target) {
                segments[edge.target, default: []].append(Segment(start: start, end: Self.seconds(edge.ticks), isLast: edge.isLast))
            }
        }
        for edge in cut.opens { opened[edge.target] = Self.seconds(edge.ticks) }
    }

    var primary: [Segment] { segments[.primary] ?? [] }
    func asset(_ span: Int, piece: Int, owner: Int? = nil) -> [Segment] {
        segments[.asset(AssetKey(span: span, piece: piece, owner: owner))] ?? []
    }
}

/// Span decisions as the router makes them, for planner and presentation tests.
enum Decisions {
    static func span(_ key: Int, kind: SpanKind = .ad, start: Double, planned: Double? = nil, parent: Int? = nil) -> Span {
        Span(serial: key, kind: kind, eventID: UInt32(1000 + key), signalName: "splice_insert",
             startTicks: PlannerHarness.ticks(start), plannedDurationTicks: planned.map(PlannerHarness.ticks), parent: parent)
    }

    static func route(_ key: Int, start: Double, placement: Placement = .strip, kind: SpanKind = .ad,
                      planned: Double? = nil) -> SpanDecision {
        .route(SpanRoute(key: key, id: "\(kind.rawValue)-\(1000 + key)-1", span: span(key, kind: kind, start: start, planned: planned),
                         placement: placement))
    }

    static func nest(_ key: Int, in parent: Int, start: Double) -> SpanDecision {
        .nest(NestedSpan(parent: parent, key: key, id: "ad-\(1000 + key)-1", span: span(key, start: start, parent: parent)))
    }

    static func end(_ key: Int, at t: Double, by endedBy: SpanEnd = .inCue) -> SpanDecision {
        var s = span(key, start: 0)
        s.endTicks = PlannerHarness.ticks(t)
        s.endedBy = endedBy
        return .endAt(SpanEnding(key: key, ticks: PlannerHarness.ticks(t), endedBy: endedBy, inSection: nil, span: s))
    }
}
