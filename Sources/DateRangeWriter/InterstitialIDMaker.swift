/// Makes date-range IDs that stay unique for the life of a presentation although SCTE-35
/// event ids are reused: `<kind>-<event id>-<n>`, where n counts the spans seen so far with
/// that kind and event id ("ad-1001-1", "ad-1001-2"). Codable, so a restarted live
/// channel continues its counters instead of repeating IDs.
public struct InterstitialIDMaker: Codable, Equatable, Sendable {
    private var counters: [String: Int] = [:]
    /// When each stem was last used, counted in IDs made (for `pruned(keeping:)`).
    private var lastUse: [String: Int] = [:]
    private var made = 0

    public init() {}

    public mutating func next(kind: SpanKindName, eventID: UInt32) -> String {
        let stem = kind.rawValue + "-" + String(eventID)
        let n = (counters[stem] ?? 0) + 1
        counters[stem] = n
        made += 1
        lastUse[stem] = made
        return stem + "-" + String(n)
    }

    /// Stems in use.
    public var count: Int { counters.count }

    /// The `count` most recently used stems only. Encoders that number every break anew would
    /// otherwise grow the state by one stem per break for ever; a stem forgotten starts again
    /// at 1, which is safe once no live playlist can still hold its old IDs (the caller does not
    /// prune an EVENT playlist, which holds every range it ever had).
    public func pruned(keeping count: Int) -> InterstitialIDMaker {
        guard counters.count > count else { return self }
        let keep = Set(lastUse.sorted { $0.value > $1.value }.prefix(count).map(\.key))
        var p = self
        p.counters = counters.filter { keep.contains($0.key) }
        p.lastUse = lastUse.filter { keep.contains($0.key) }
        return p
    }

    /// The date-based form, `<kind>-<event id>-<start in ms since 1970>`, for callers that
    /// cannot keep counters (e.g. several packagers writing the same channel must agree).
    public static func dated(kind: SpanKindName, eventID: UInt32, start: HLSDate) -> String {
        kind.rawValue + "-" + String(eventID) + "-" + String(start.millisecondsSinceEpoch)
    }
}
