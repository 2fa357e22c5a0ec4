import CueDetect
import DateRangeWriter
import Foundation

/// Reading the JSON form strictly: unknown keys and values of the wrong type are errors naming
/// the file and key path. See samples/*.json and the README for the schema.
extension PipelineConfiguration {
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
        var config = PipelineConfiguration()
        try config.read(ConfigNode(file: path, path: "", object: object))
        return config
    }

    private static let kinds = SpanKind.allCases.map(\.rawValue)

    private mutating func read(_ root: ConfigNode) throws {
        try root.allowOnly(["segments", "placement", "cues", "output", "interstitials", "legacy_dialects", "live", "vod", "stitched"])
        if let s = try root.object("segments") {
            try s.allowOnly(["format", "duration", "target_duration", "engine", "scte35_passthrough", "splice", "single_file"])
            segments.splice = try s.choice("splice", SpliceMode.self)
            segments.singleFile = try s.bool("single_file")
            segments.engine = try s.choice("engine", SegmentEngine.self)
            segments.scte35Passthrough = try s.bool("scte35_passthrough")
            segments.format = try s.choice("format", SegmentMuxerFormat.self)
            segments.duration = try s.number("duration")
            if let t = try s.number("target_duration") {
                guard t >= 1, t <= 60, t == t.rounded() else { throw s.fail("target_duration", "expected whole seconds from 1 to 60") }
                segments.targetDuration = Int(t)
            }
        }
        if let p = try root.object("placement") {
            try p.allowOnly(["default"] + Self.kinds)
            placementDefault = try p.choice("default", Placement.self)
            for kind in Self.kinds {
                if let placement = try p.choice(kind, Placement.self) { placementByKind[kind] = placement }
            }
        }
        if let c = try root.object("cues") {
            try c.allowOnly(["sidecar", "chapters", "recap_pattern", "lost_end_grace", "max_duration", "next_out_cue_ends"])
            if let sidecar = try c.string("sidecar") {
                let base = URL(fileURLWithPath: root.file).deletingLastPathComponent()
                cues.sidecar = sidecar.hasPrefix("/") ? URL(fileURLWithPath: sidecar) : base.appendingPathComponent(sidecar)
            }
            cues.chapters = try c.bool("chapters")
            cues.recapPattern = try c.string("recap_pattern")
            if let g = try c.number("lost_end_grace") {
                guard g >= 0, g <= 600 else { throw c.fail("lost_end_grace", "expected seconds from 0 to 600") }
                cues.lostEndGrace = g
            }
            if let m = try c.object("max_duration") {
                try m.allowOnly(Self.kinds)
                for kind in Self.kinds {
                    guard let v = try m.number(kind) else { continue }
                    guard v > 0, v <= 86_400 else { throw m.fail(kind, "expected seconds from 0 to 86400") }
                    cues.maxDuration[kind] = v
                }
            }
            cues.nextOutCueEnds = try c.bool("next_out_cue_ends")
        }
        if let o = try root.object("output") {
            try o.allowOnly(["asset_base_url", "start_date", "profile", "tail_resume_horizon", "http"])
            output.tailResumeHorizon = try o.number("tail_resume_horizon")
            if let h = try o.object("http") { output.http = try HTTPOutputSection.read(h) }
            if let base = try o.string("asset_base_url") {
                guard let url = BaseURL.parse(base) else { throw o.fail("asset_base_url", "'\(base)' is not an absolute URL") }
                output.assetBaseURL = url
            }
            if let date = try o.string("start_date") {
                guard let d = ISODate.parse(date) else { throw o.fail("start_date", "'\(date)' is not an ISO 8601 date-time") }
                output.startDate = d
            }
            if let name = try o.string("profile") {
                guard let p = DeliveryProfile(rawValue: name) else {
                    throw o.fail("profile", "unknown profile '\(name)' (known: \(DeliveryProfile.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                output.profile = p
            }
        }
        if let i = try root.object("interstitials") {
            try i.allowOnly(Self.kinds)
            for kind in Self.kinds {
                if let node = try i.object(kind) { interstitials[kind] = try Self.readRule(node) }
            }
        }
        if let dialects = try root.strings("legacy_dialects") {
            legacyDialects = try dialects.map { name in
                guard let d = LegacyCueDialect(rawValue: name) else {
                    throw root.fail("legacy_dialects", "'\(name)' is not one of \(LegacyCueDialect.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return d
            }
        }
        if let l = try root.object("live") { live = try Self.readLive(l) }
        if let v = try root.object("vod") {
            try v.allowOnly(["durability"])
            vod.durability = try v.string("durability")
        }
        if let st = try root.object("stitched") { stitched = try StitchedSection.read(st) }
        noteEveryKey(root)
    }

    /// Every key of the file is recorded as coming from it (resolve names them in its errors).
    private mutating func noteEveryKey(_ node: ConfigNode) {
        for key in node.keys {
            let path = node.child(key)
            if let child = try? node.object(key) { noteEveryKey(child) } else { note(path, from: node.file) }
        }
    }

    private static func readLive(_ n: ConfigNode) throws -> Live {
        try n.allowOnly(["input", "output", "channel", "window_segments", "window_seconds", "event", "input_timeout",
                         "keep_extra", "metrics_file", "state_dir", "endlist_on_exit", "announce_lead",
                         "min_start_segments", "clock", "durability", "fragment_duration"])
        var l = Live()
        l.input = try n.string("input")
        l.output = try n.string("output")
        l.channel = try n.string("channel")
        if let v = try n.number("window_segments") {
            // Bounded before Int(v): 1e20 passed the whole-number test and trapped the process.
            guard v >= 1, v <= Double(LiveWindow.mostSegments), v == v.rounded() else {
                throw n.fail("window_segments", "expected a whole number of segments, 1…\(LiveWindow.mostSegments)")
            }
            l.windowSegments = Int(v)
        }
        if let v = try n.number("min_start_segments") {
            guard (1...100).contains(v), v == v.rounded() else {
                throw n.fail("min_start_segments", "expected a whole number of target durations, 1…100")
            }
            l.minStartSegments = Int(v)
        }
        for (key, assign) in [("window_seconds", { (l: inout Live, v: Double) in l.windowSeconds = v }),
                              ("input_timeout", { (l: inout Live, v: Double) in l.inputTimeout = v }),
                              ("keep_extra", { (l: inout Live, v: Double) in l.keepExtra = v }),
                              ("announce_lead", { (l: inout Live, v: Double) in l.announceLead = v }),
                              ("fragment_duration", { (l: inout Live, v: Double) in l.fragmentDuration = v })] {
            if let v = try n.number(key) {
                guard v >= 0, v.isFinite else { throw n.fail(key, "expected a non-negative number of seconds") }
                assign(&l, v)
            }
        }
        l.event = try n.bool("event")
        l.metricsFile = try n.string("metrics_file")
        l.stateDirectory = try n.string("state_dir")
        l.endlistOnExit = try n.bool("endlist_on_exit")
        l.clock = try n.string("clock")
        l.durability = try n.string("durability")
        return l
    }

    private static func readRule(_ n: ConfigNode) throws -> InterstitialRuleOverride {
        try n.allowOnly(["asset_list_template", "timeline_style", "timeline_occupies", "content_may_vary", "restrict",
                         "snap", "cue_once", "scte35", "skip_control_offset", "skip_control_duration", "skip_control_label_id"])
        var rule = InterstitialRuleOverride()
        if let template = try n.string("asset_list_template") {
            guard URL(string: template.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")) != nil else {
                throw n.fail("asset_list_template", "'\(template)' is not a URL template")
            }
            rule.assetListTemplate = template
        }
        rule.timelineStyle = try n.choice("timeline_style", TimelineStyle.self)
        rule.timelineOccupies = try n.choice("timeline_occupies", TimelineOccupies.self)
        rule.contentMayVary = try n.bool("content_may_vary")
        rule.restrict = try n.choices("restrict", Restriction.self)
        rule.snap = try n.choices("snap", SnapPoint.self)
        rule.cueOnce = try n.bool("cue_once")
        rule.scte35 = try n.bool("scte35")
        for (key, assign) in [("skip_control_offset", { (r: inout InterstitialRuleOverride, v: UInt64) in r.skipControlOffset = v }),
                              ("skip_control_duration", { (r: inout InterstitialRuleOverride, v: UInt64) in r.skipControlDuration = v })] {
            if let v = try n.number(key) {
                guard v >= 0, v == v.rounded(), v < 86_400 else { throw n.fail(key, "expected whole seconds") }
                assign(&rule, UInt64(v))
            }
        }
        rule.skipControlLabelID = try n.string("skip_control_label_id")
        return rule
    }
}
