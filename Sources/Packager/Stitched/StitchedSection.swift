import CueDetect
import Foundation

/// The `stitched` section of the pipeline configuration (stitched HLS inputs, vod and live):
///
/// ```json
/// "stitched": {
///   "rules": [{ "kind": "notice", "position": "pre", "max_duration": 8 },
///             { "kind": "recap", "position": "pre", "max_duration": 300 }, { "kind": "ad" }],
///   "tagged_kind": "ad", "tolerance": 0.5, "media_detection": true,
///   "overrides": "spans.json", "allow_no_spans": false
/// }
/// ```
/// Rules classify inserted spans that no cue tag describes: the first whose position (`any`,
/// `pre` = before the first content, `mid`, `post`) and duration range match gives the kind.
public struct StitchedSection: Equatable, Sendable {
    public var rules: [StitchedRules.Rule]?
    public var taggedKind: StitchedKind?
    public var tolerance: Double?
    public var mediaDetection: Bool?
    public var overrides: URL?
    public var allowNoSpans: Bool?
    /// Flag only (`--coordinator-ranges FILE`).
    public var coordinatorRanges: URL?
    /// Flag only (`--input-hls`).
    public var inputIsPlaylist: Bool?

    public init() {}

    func merging(_ o: StitchedSection) -> StitchedSection {
        var m = self
        m.rules = o.rules ?? rules
        m.taggedKind = o.taggedKind ?? taggedKind
        m.tolerance = o.tolerance ?? tolerance
        m.mediaDetection = o.mediaDetection ?? mediaDetection
        m.overrides = o.overrides ?? overrides
        m.allowNoSpans = o.allowNoSpans ?? allowNoSpans
        m.coordinatorRanges = o.coordinatorRanges ?? coordinatorRanges
        m.inputIsPlaylist = o.inputIsPlaylist ?? inputIsPlaylist
        return m
    }

    static func read(_ n: ConfigNode) throws -> StitchedSection {
        try n.allowOnly(["rules", "tagged_kind", "tolerance", "media_detection", "overrides", "allow_no_spans"])
        var s = StitchedSection()
        if let list = try n.array("rules") {
            s.rules = try list.enumerated().map { i, item in
                let r = try ConfigNode(file: n.file, path: n.child("rules") + "[\(i)]", object: item)
                try r.allowOnly(["kind", "position", "min_duration", "max_duration"])
                guard let kind = try r.choice("kind", StitchedKind.self) else { throw r.fail("kind", "missing") }
                let min = try r.number("min_duration"), max = try r.number("max_duration")
                for (key, v) in [("min_duration", min), ("max_duration", max)] {
                    if let v, !(v >= 0 && v.isFinite) { throw r.fail(key, "expected a non-negative number of seconds") }
                }
                if let min, let max, min > max { throw r.fail("max_duration", "\(max) is below min_duration \(min)") }
                return StitchedRules.Rule(kind: kind, position: try r.choice("position", StitchedRules.Rule.Position.self) ?? .any,
                                          minSeconds: min, maxSeconds: max)
            }
        }
        s.taggedKind = try n.choice("tagged_kind", StitchedKind.self)
        if let t = try n.number("tolerance") {
            guard t > 0, t <= 10 else { throw n.fail("tolerance", "expected seconds above 0, at most 10") }
            s.tolerance = t
        }
        s.mediaDetection = try n.bool("media_detection")
        if let path = try n.string("overrides") {
            let base = URL(fileURLWithPath: n.file).deletingLastPathComponent()
            s.overrides = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        }
        s.allowNoSpans = try n.bool("allow_no_spans")
        return s
    }

    /// The options a conversion runs with (every default applied here).
    func resolved() -> StitchedOptions {
        var o = StitchedOptions()
        if let rules { o.rules.rules = rules }
        if let taggedKind { o.rules.taggedKind = taggedKind }
        if let tolerance { o.rules.toleranceTicks = ProgramClock.ticks(seconds: tolerance) }
        if let mediaDetection { o.rules.mediaDetection = mediaDetection }
        o.overrides = overrides
        o.allowNoSpans = allowNoSpans ?? false
        o.coordinatorRanges = coordinatorRanges
        o.inputIsPlaylist = inputIsPlaylist ?? false
        return o
    }
}
