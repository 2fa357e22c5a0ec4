import CueDetect
import DateRangeWriter
import Foundation

/// The pipeline configuration file (JSON): cue sources, span policy per kind, placement,
/// segment format and duration, output layout, URL templates, legacy dialects. CLI flags
/// override it. See samples/*.json and the README for the schema.
public struct PipelineConfiguration {
    public var options = VodOptions()
    /// Keys under "live" (only `pkgctl live` reads them).
    public var live = LiveSettings()
    private var placementDefaultSet = false

    public struct LiveSettings {
        public var input: String?
        public var output: String?
        public var channel: String?
        public var windowSegments: Int?
        public var windowSeconds: Double?
        public var event: Bool?
        public var inputTimeout: Double?
        public var keepExtra: Double?
        public var metricsFile: String?
        public var stateDirectory: String?
        public var endlistOnExit: Bool?
    }

    public static func load(path: String) throws -> PipelineConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigError(file: path, path: "", message: "cannot read: \((error as NSError).localizedDescription)")
        }
        let object: ParsedJSON
        do {
            object = try JSONDecoder().decode(ParsedJSON.self, from: data)
        } catch {
            throw ConfigError(file: path, path: "", message: "not valid JSON (\((error as NSError).localizedDescription))")
        }
        return try PipelineConfiguration(root: ConfigNode(file: path, path: "", object: object))
    }

    public func vodOptions() -> VodOptions { options }

    /// The same policy, placement and segmenting for a live channel, plus the "live" keys.
    public func liveOptions() -> LiveOptions {
        var o = LiveOptions()
        o.segmentFormat = options.segmentFormat
        o.segmentDuration = options.segmentDuration
        if placementDefaultSet { o.defaultPlacement = options.defaultPlacement }
        o.placementByKind = options.placementByKind
        o.assetBaseURL = options.assetBaseURL
        o.classifier = options.classifier
        o.policy = options.policy
        o.sidecar = options.sidecar
        if let v = live.input { o.input = v }
        if let v = live.output { o.output = v }
        o.channel = live.channel
        if live.windowSegments != nil || live.windowSeconds != nil {
            o.windowSegments = live.windowSegments
            o.windowSeconds = live.windowSeconds
        }
        if let v = live.event { o.event = v }
        if let v = live.inputTimeout { o.inputTimeout = v }
        if let v = live.keepExtra { o.keepExtra = v }
        o.metricsFile = live.metricsFile.map(URL.init(fileURLWithPath:))
        o.stateDirectory = live.stateDirectory.map(URL.init(fileURLWithPath:))
        if let v = live.endlistOnExit { o.endlistOnExit = v }
        return o
    }

    init(root: ConfigNode) throws {
        try root.allowOnly(["segments", "placement", "cues", "output", "interstitials", "legacy_dialects", "live"])
        if let l = try root.object("live") { live = try Self.readLive(l) }
        if let s = try root.object("segments") {
            try s.allowOnly(["format", "duration"])
            if let f = try s.choice("format", SegmentMuxerFormat.self) { options.segmentFormat = f }
            if let d = try s.number("duration") {
                guard d >= 1, d <= 60 else { throw s.fail("duration", "\(d) is not between 1 and 60 seconds") }
                options.segmentDuration = d
            }
        }
        if let p = try root.object("placement") {
            try p.allowOnly(["default"] + SpanKind.allCases.map(\.rawValue))
            if let d = try p.choice("default", Placement.self) {
                options.defaultPlacement = d
                placementDefaultSet = true
            }
            for kind in SpanKind.allCases {
                if let placement = try p.choice(kind.rawValue, Placement.self) { options.placementByKind[kind] = placement }
            }
        }
        if let c = try root.object("cues") {
            try c.allowOnly(["sidecar", "chapters", "recap_pattern"])
            if let sidecar = try c.string("sidecar") {
                let base = URL(fileURLWithPath: root.file).deletingLastPathComponent()
                options.sidecar = sidecar.hasPrefix("/") ? URL(fileURLWithPath: sidecar) : base.appendingPathComponent(sidecar)
            }
            if let chapters = try c.bool("chapters") { options.chapters = chapters }
            if let pattern = try c.string("recap_pattern") {
                do {
                    options.classifier = try SpanClassifier(recapPattern: pattern)
                } catch {
                    throw c.fail("recap_pattern", String(describing: error))
                }
            }
        }
        if let o = try root.object("output") {
            try o.allowOnly(["asset_base_url", "start_date"])
            if let base = try o.string("asset_base_url") {
                guard let url = BaseURL.parse(base) else {
                    throw o.fail("asset_base_url", "'\(base)' is not an absolute URL")
                }
                options.assetBaseURL = url
            }
            if let date = try o.string("start_date") {
                guard let d = ISODate.parse(date) else {
                    throw o.fail("start_date", "'\(date)' is not an ISO 8601 date-time")
                }
                options.startDate = d
            }
        }
        if let i = try root.object("interstitials") {
            try i.allowOnly(SpanKind.allCases.map(\.rawValue))
            for kind in SpanKind.allCases {
                guard let node = try i.object(kind.rawValue) else { continue }
                options.policy.rules[kind.rawValue] = try InterstitialRuleConfig.read(
                    node, base: options.policy.rule(for: SpanKindName(rawValue: kind.rawValue)))
            }
        }
        if let dialects = try root.strings("legacy_dialects") {
            options.legacyDialects = try dialects.map { name in
                guard let d = LegacyCueDialect(rawValue: name) else {
                    throw root.fail("legacy_dialects", "'\(name)' is not one of \(LegacyCueDialect.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return d
            }
        }
    }
}

extension PipelineConfiguration {
    static func readLive(_ n: ConfigNode) throws -> LiveSettings {
        try n.allowOnly(["input", "output", "channel", "window_segments", "window_seconds", "event", "input_timeout",
                         "keep_extra", "metrics_file", "state_dir", "endlist_on_exit"])
        var l = LiveSettings()
        l.input = try n.string("input")
        l.output = try n.string("output")
        l.channel = try n.string("channel")
        if let v = try n.number("window_segments") {
            guard v >= 1, v == v.rounded() else { throw n.fail("window_segments", "expected a whole number of segments") }
            l.windowSegments = Int(v)
        }
        for (key, assign) in [("window_seconds", { (l: inout LiveSettings, v: Double) in l.windowSeconds = v }),
                              ("input_timeout", { (l: inout LiveSettings, v: Double) in l.inputTimeout = v }),
                              ("keep_extra", { (l: inout LiveSettings, v: Double) in l.keepExtra = v })] {
            if let v = try n.number(key) {
                guard v >= 0, v.isFinite else { throw n.fail(key, "expected a non-negative number of seconds") }
                assign(&l, v)
            }
        }
        l.event = try n.bool("event")
        l.metricsFile = try n.string("metrics_file")
        l.stateDirectory = try n.string("state_dir")
        l.endlistOnExit = try n.bool("endlist_on_exit")
        return l
    }
}

/// `interstitials.<kind>` of the configuration: overrides of that kind's interstitial rule.
enum InterstitialRuleConfig {
    static func read(_ n: ConfigNode, base: InterstitialKindRule) throws -> InterstitialKindRule {
        try n.allowOnly(["asset_list_template", "timeline_style", "timeline_occupies", "content_may_vary", "restrict",
                         "snap", "cue_once", "scte35", "skip_control_offset", "skip_control_duration", "skip_control_label_id"])
        var rule = base
        if let template = try n.string("asset_list_template") {
            guard URL(string: template.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")) != nil else {
                throw n.fail("asset_list_template", "'\(template)' is not a URL template")
            }
            rule.assetSource = .assetListTemplate(template)
        }
        if let v = try n.choice("timeline_style", TimelineStyle.self) { rule.timelineStyle = v }
        if let v = try n.choice("timeline_occupies", TimelineOccupies.self) { rule.timelineOccupies = v }
        if let v = try n.bool("content_may_vary") { rule.contentMayVary = v }
        if let v = try n.choices("restrict", Restriction.self) { rule.restrict = v }
        if let v = try n.choices("snap", SnapPoint.self) { rule.snap = v }
        if let v = try n.bool("cue_once") { rule.cueOnce = v }
        if let v = try n.bool("scte35") { rule.includeSCTE35 = v }
        for (key, apply) in [("skip_control_offset", { (r: inout InterstitialKindRule, v: UInt64) in r.skipControlOffset = v }),
                             ("skip_control_duration", { (r: inout InterstitialKindRule, v: UInt64) in r.skipControlDuration = v })] {
            if let v = try n.number(key) {
                guard v >= 0, v == v.rounded(), v < 86_400 else { throw n.fail(key, "expected whole seconds") }
                apply(&rule, UInt64(v))
            }
        }
        if let v = try n.string("skip_control_label_id") { rule.skipControlLabelID = v }
        return rule
    }
}
