import CueDetect
import DateRangeWriter
import Primitives

/// From the tracker's span events to routing decisions, the same in every mode (pure: values
/// in, values out). The rules, written once:
/// - a top-level span is routed with its kind's placement and gets a date-range ID;
/// - a span opened inside a routed one (an ad inside its break, per the tracker's container
///   rules) is nested: one entry of the parent's asset list, never an interstitial of its own,
///   because back-to-back tags at one START-DATE make players play both (Media3 #3013,
///   Bitmovin's SGAI guide);
/// - a span cancelled before its splice is forgotten (it never appears); one cancelled after
///   its splice ends at the cancel;
/// - a top-level span that starts while another routed one covers that time is skipped: a
///   moment of the primary can only be cut out once;
/// - when a parent ends, nested spans still open end with it.
public struct SpanRouter: Sendable {
    public private(set) var ids: InterstitialIDMaker
    /// Media clock: UTC ticks of input PTS 0. IDs are then the dated form (`ad-1001-<START ms>`),
    /// which every instance reading the same media derives alike; counters depend on what an
    /// instance happened to see since it started.
    public var datedOrigin: Int64?
    private let placement: PlacementRules
    private var entries: [Int: Entry] = [:]

    private struct Entry: Sendable {
        var id: String
        var span: Span
        var endTicks: Int64?
        /// nil for a routed (top-level) span; the parent's key for a nested one.
        var parent: Int?
    }

    public init(placement: PlacementRules, ids: InterstitialIDMaker = InterstitialIDMaker()) {
        self.placement = placement
        self.ids = ids
    }

    public mutating func apply(_ event: SpanEvent) -> [SpanDecision] {
        switch event {
        case .opened(let span): return open(span)
        case .closed(let span): return close(span, at: span.endTicks, endedBy: span.endedBy ?? .inCue)
        case .cancelled(let span):
            guard entries[span.serial] != nil else { return [] }
            if let end = span.endTicks { return close(span, at: end, endedBy: .cancel) }
            return forget(span.serial)
        }
    }

    private mutating func open(_ span: Span) -> [SpanDecision] {
        if let parentKey = span.parent, let parent = entries[parentKey] {
            guard parent.parent == nil else {
                return [.skip(SkippedSpan(span: span, id: nil, reason:
                    "nested inside \(parent.id), itself an entry of another break; its media stays in that entry"))]
            }
            let id = makeID(for: span)
            entries[span.serial] = Entry(id: id, span: span, parent: parentKey)
            return [.nest(NestedSpan(parent: parentKey, key: span.serial, id: id, span: span))]
        }
        if let covering = entries.values.first(where: { $0.parent == nil && covers($0, span.startTicks) }) {
            return [.skip(SkippedSpan(span: span, id: nil, reason:
                "overlaps \(covering.id), which already takes that part of the primary"))]
        }
        let id = makeID(for: span)
        entries[span.serial] = Entry(id: id, span: span)
        return [.route(SpanRoute(key: span.serial, id: id, span: span, placement: placement.placement(for: span.kind)))]
    }

    private mutating func makeID(for span: Span) -> String {
        let kind = SpanKindName(rawValue: span.kind.rawValue)
        guard let origin = datedOrigin,
              let start = try? HLSDate(millisecondsSinceEpoch: ISO8601Text.floorDivide(span.startTicks + origin, 90)) else {
            return ids.next(kind: kind, eventID: span.eventID)
        }
        let id = InterstitialIDMaker.dated(kind: kind, eventID: span.eventID, start: start)
        // Two live spans of one kind and event id starting in the same millisecond (an ad nested
        // in a break that reuses the break's id): the later-opened one is told apart by a suffix.
        guard entries.values.contains(where: { $0.id == id }) else { return id }
        return id + "-" + String(entries.values.filter { $0.id.hasPrefix(id) }.count + 1)
    }

    /// Whether the routed entry takes the primary at `ticks` (a span whose end is not known yet
    /// takes everything from its start on). A later-starting span overlapping an earlier one
    /// announced ahead is caught by the cut planner, which sees both edges.
    private func covers(_ entry: Entry, _ ticks: Int64) -> Bool {
        entry.span.startTicks <= ticks && (entry.endTicks.map { ticks < $0 } ?? true)
    }

    private mutating func close(_ span: Span, at end: Int64?, endedBy: SpanEnd) -> [SpanDecision] {
        guard var entry = entries[span.serial], entry.endTicks == nil, let end else { return [] }
        entry.endTicks = end
        entries[span.serial] = entry
        var decisions: [SpanDecision] = [.endAt(SpanEnding(key: span.serial, ticks: end, endedBy: endedBy,
                                                           inSection: span.inSection, span: span))]
        guard entry.parent == nil else { return decisions }
        for (key, child) in entries.sorted(by: { $0.key < $1.key }) where child.parent == span.serial && child.endTicks == nil {
            let childEnd = max(end, child.span.startTicks)
            entries[key]?.endTicks = childEnd
            var ended = child.span
            ended.endTicks = childEnd
            ended.endedBy = endedBy
            decisions.append(.endAt(SpanEnding(key: key, ticks: childEnd, endedBy: endedBy, inSection: nil, span: ended)))
        }
        return decisions
    }

    private mutating func forget(_ key: Int) -> [SpanDecision] {
        guard let entry = entries.removeValue(forKey: key) else { return [] }
        var decisions: [SpanDecision] = [.forget(key: key, id: entry.id)]
        for (child, value) in entries.sorted(by: { $0.key < $1.key }) where value.parent == key {
            entries[child] = nil
            decisions.append(.forget(key: child, id: value.id))
        }
        return decisions
    }
}

/// Placement per span kind; kinds without an entry use the default.
public struct PlacementRules: Equatable, Sendable {
    public var defaultPlacement: Placement
    public var byKind: [SpanKind: Placement]

    public init(defaultPlacement: Placement, byKind: [SpanKind: Placement] = [:]) {
        self.defaultPlacement = defaultPlacement
        self.byKind = byKind
    }

    public func placement(for kind: SpanKind) -> Placement { byKind[kind] ?? defaultPlacement }
}
