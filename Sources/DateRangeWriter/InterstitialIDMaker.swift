/// Makes date-range IDs that stay unique for the life of a presentation although SCTE-35
/// event ids are reused: `<kind>-<event id>-<n>`, where n counts the spans seen so far with
/// that kind and event id ("ad-1001-1", "ad-1001-2"). Codable, so a restarted live
/// channel continues its counters instead of repeating IDs.
public struct InterstitialIDMaker: Codable, Equatable, Sendable {
    private var counters: [String: Int] = [:]

    public init() {}

    public mutating func next(kind: SpanKindName, eventID: UInt32) -> String {
        let stem = kind.rawValue + "-" + String(eventID)
        let n = (counters[stem] ?? 0) + 1
        counters[stem] = n
        return stem + "-" + String(n)
    }

    /// The date-based form, `<kind>-<event id>-<start in ms since 1970>`, for callers that
    /// cannot keep counters (e.g. several packagers writing the same channel must agree).
    public static func dated(kind: SpanKindName, eventID: UInt32, start: HLSDate) -> String {
        kind.rawValue + "-" + String(eventID) + "-" + String(start.millisecondsSinceEpoch)
    }
}
