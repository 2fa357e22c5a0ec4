import Foundation

/// One entry of a sidecar override file: the last word on a span's kind, by the span's index
/// (as `pkgctl cues` lists it) or by a time range of the stitched presentation.
///
/// The file is JSON, `{"spans": [{"index": 2, "kind": "ad"}, {"start": 50, "end": 65, "kind": "recap"}]}`
/// (or the array alone); times are seconds from the start of the presentation.
public struct SpanOverride: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        case index(Int)
        case range(startTicks: Int64, endTicks: Int64)
    }

    /// 0-based position in the file (messages name it).
    public var entry: Int
    public var target: Target
    public var kind: StitchedKind

    public init(entry: Int, target: Target, kind: StitchedKind) {
        self.entry = entry
        self.target = target
        self.kind = kind
    }

    public static func parse(_ data: Data) throws -> [SpanOverride] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw StitchedAnalysisError.override(entry: 0, reason: "not valid JSON (\(error.localizedDescription))")
        }
        let list: [Any]
        if let array = object as? [Any] {
            list = array
        } else if let dict = object as? [String: Any], let array = dict["spans"] as? [Any], dict.count == 1 {
            list = array
        } else {
            throw StitchedAnalysisError.override(entry: 0, reason: "expected {\"spans\": [...]} or an array of entries")
        }
        return try list.enumerated().map { try entry($0.offset, $0.element) }
    }

    private static func entry(_ i: Int, _ value: Any) throws -> SpanOverride {
        func fail(_ reason: String) -> StitchedAnalysisError { .override(entry: i, reason: reason) }
        guard let dict = value as? [String: Any] else { throw fail("expected an object") }
        let known: Set<String> = ["index", "start", "end", "kind"]
        if let unknown = dict.keys.sorted().first(where: { !known.contains($0) }) { throw fail("unknown key '\(unknown)'") }
        guard let kindText = dict["kind"] as? String, let kind = StitchedKind(rawValue: kindText) else {
            throw fail("kind must be one of \(StitchedKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let index = dict["index"] {
            guard dict["start"] == nil, dict["end"] == nil else { throw fail("give either index or start and end") }
            guard let n = (index as? NSNumber)?.intValue, n >= 0, Double(n) == (index as? NSNumber)?.doubleValue else {
                throw fail("index must be a whole number ≥ 0")
            }
            return SpanOverride(entry: i, target: .index(n), kind: kind)
        }
        guard let start = (dict["start"] as? NSNumber)?.doubleValue, let end = (dict["end"] as? NSNumber)?.doubleValue,
              start.isFinite, end.isFinite, start >= 0, end > start else {
            throw fail("give index, or start and end in seconds with end > start ≥ 0")
        }
        return SpanOverride(entry: i, target: .range(startTicks: ProgramClock.ticks(seconds: start),
                                                     endTicks: ProgramClock.ticks(seconds: end)), kind: kind)
    }
}
