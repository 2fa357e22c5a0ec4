import CueDetect
import DateRangeWriter
import Foundation

/// Resolving the configuration for one mode: every default of the mode is applied here (and only
/// here), values are checked against the mode's ranges, and keys that do not apply to the mode
/// are refused with the key (or flag) named.
extension PipelineConfiguration {
    /// The settings of `pkgctl vod`.
    public func vodOptions() throws -> VodOptions {
        try refuse(origins.keys.filter { $0.hasPrefix("live.") }.sorted(), reason: "applies to pkgctl live only")
        try refuse(["segments.target_duration"], reason: "applies to pkgctl live only (a VOD target is measured from its segments)")
        var o = VodOptions()
        if let f = segments.format { o.segmentFormat = f }
        if let d = segments.duration { o.segmentDuration = try check("segments.duration", d, 1...60, "seconds") }
        if let e = segments.engine { o.engine = e }
        if let p = segments.scte35Passthrough { o.scte35Passthrough = p }
        if let m = segments.splice { o.splice = m }
        if let s = segments.singleFile { o.singleFile = s }
        o.defaultPlacement = placementDefault ?? .strip
        o.placementByKind = try placementKinds()
        if let base = output.assetBaseURL { o.assetBaseURL = base }
        o.startDate = try output.startDate.map(checkStartDate)
        if let h = output.tailResumeHorizon { o.tailResumeHorizon = try check("output.tail_resume_horizon", h, 0...86_400, "seconds") }
        o.sidecar = cues.sidecar
        o.chapters = cues.chapters ?? false
        o.classifier = try classifier()
        o.lostCues = lostCueRules()
        o.policy = try policy()
        o.legacyDialects = legacyDialects ?? []
        o.stitched = stitched.resolved()
        try output.profile?.apply(to: &o, from: self)
        return o
    }

    /// What a `pkgctl vod` output directory must survive (`vod.durability`), `fallback` when
    /// unset: process for a single title, as FFmpeg's and Shaka Packager's outputs; power in a
    /// batch, whose next run trusts a committed fingerprint. Kept out of `VodOptions`, so out of
    /// a batch's configuration digest: how a title was stored is no reason to convert it again.
    /// `isHTTPOutput`: a single title's output is an origin, which stores what it is sent as it
    /// will, so a durability given for it is refused (as `output.http` is for a directory); a
    /// batch's configuration serves titles of both kinds and passes false.
    public func vodDurability(default fallback: PublishDurability, isHTTPOutput: Bool = false) throws -> PublishDurability {
        guard let text = vod.durability else { return fallback }
        if isHTTPOutput {
            throw fail("vod.durability", "applies to a directory output (an http(s) origin stores what it is sent as it will)")
        }
        guard let durability = PublishDurability(rawValue: text) else {
            throw fail("vod.durability", "'\(text)' is not power (fsync the output before it is swapped in) or process (leave write-back to the kernel)")
        }
        return durability
    }

    /// The settings of `pkgctl live`.
    public func liveOptions() throws -> LiveOptions {
        try refuse(["output.profile"], reason: "applies to pkgctl vod only (the delivery profiles are VOD targets)")
        try refuse(["output.tail_resume_horizon"], reason: "applies to pkgctl vod only (a live primary has no end to measure from)")
        try refuse(["output.start_date"], reason: "does not apply to pkgctl live: its PDT comes from the wall clock, or from an SCTE-35 time_descriptor")
        try refuse(["cues.chapters"], reason: "does not apply to pkgctl live: a live input has no container chapters")
        try refuse(["segments.single_file"], reason: "applies to pkgctl vod only (a live window drops segments from the front, which one growing file cannot)")
        try refuse(["vod.durability"], reason: "applies to pkgctl vod only (live's is live.durability, --durability of pkgctl live)")
        var o = LiveOptions()
        guard let input = live.input else { throw fail("live.input", "missing: give -i INPUT (or live.input in the configuration)") }
        guard let output = live.output else { throw fail("live.output", "missing: give -o DIR|URL (or live.output in the configuration)") }
        o.input = input
        o.output = output
        o.channel = live.channel
        if let f = segments.format { o.segmentFormat = f }
        if let e = segments.engine { o.engine = e }
        if let p = segments.scte35Passthrough { o.scte35Passthrough = p }
        if let m = segments.splice { o.splice = m }
        if let d = segments.duration { o.segmentDuration = try check("segments.duration", d, 1...30, "seconds") }
        if let t = segments.targetDuration {
            guard Double(t) + 0.5 > o.segmentDuration else {
                throw fail("segments.target_duration", "\(t) s is shorter than the segment duration \(o.segmentDuration) s")
            }
            o.fixedTargetDuration = t
        }
        if live.windowSegments != nil || live.windowSeconds != nil {
            o.windowSegments = live.windowSegments
            o.windowSeconds = live.windowSeconds
        }
        o.event = live.event ?? false
        if let t = live.inputTimeout { o.inputTimeout = try check("live.input_timeout", t, 1...86_400, "seconds") }
        if let k = live.keepExtra { o.keepExtra = try check("live.keep_extra", k, 0...86_400, "seconds") }
        if let f = live.fragmentDuration {
            let seconds = try check("live.fragment_duration", f, 0...60, "seconds")
            o.fragmentDuration = seconds > 0 ? seconds : nil
        }
        o.metricsFile = live.metricsFile.map(URL.init(fileURLWithPath:))
        o.stateDirectory = live.stateDirectory.map(URL.init(fileURLWithPath:))
        o.endlistOnExit = live.endlistOnExit ?? false
        o.resetState = live.resetState ?? false
        o.loop = live.loop ?? false
        if let s = live.speed {
            o.speed = try check("live.speed", s, 0.01...1000, "a pace factor")
            o.realtime = true
        }
        if live.realtime == true { o.realtime = true }
        if let lead = live.announceLead { o.announceLead = try check("live.announce_lead", lead, 0...3_600, "seconds") }
        if let n = live.minStartSegments { o.minStartSegments = n }
        if let text = live.durability {
            guard let durability = PublishDurability(rawValue: text) else {
                throw fail("live.durability", "'\(text)' is not power (fsync every published file) or process (leave write-back to the kernel)")
            }
            o.durability = durability
        }
        if let text = live.clock {
            guard let clock = LiveClock.parse(text) else {
                throw fail("live.clock", "'\(text)' is not wall, media or an ISO 8601 UTC date-time (the time of PTS 0)")
            }
            o.clock = clock
        }
        o.defaultPlacement = placementDefault ?? .overlay
        o.placementByKind = try placementKinds()
        // Asset URIs must be absolute: next to the output on an origin, else where the demo serves.
        o.assetBaseURL = self.output.assetBaseURL ?? (o.isHTTPOutput ? BaseURL.parse(output) : URL(string: "http://127.0.0.1:8000/"))
        o.http = try httpSinkOptions(isHTTPOutput: o.isHTTPOutput)
        o.sidecar = cues.sidecar
        o.classifier = try classifier()
        o.lostCues = lostCueRules()
        o.policy = try policy()
        o.legacyDialects = legacyDialects ?? []
        try refuse(["stitched.coordinator_ranges"], reason: "applies to pkgctl vod only (an overlay VOD primary)")
        try refuse(["output.http.parallel"], reason: "applies to pkgctl vod only (live uploads one item at a time, in order)")
        o.stitched = stitched.resolved()
        if input.hasPrefix("udp://") {
            // A socket FIFO and no overrun abort: a busy moment must not drop the feed. Its size
            // is in 188-byte packets and every page of it ends up resident (the ring is written
            // all round): 1 000 000 was 188 MB per channel after 6 minutes of a 4 Mbps feed.
            // 11 155 is 2 MiB, 4 s of 4 Mbps; a `?fifo_size=` in the URL overrides it.
            o.inputOptions["fifo_size"] = "11155"
            o.inputOptions["overrun_nonfatal"] = "1"
        }
        return o
    }

    func refuse(_ keys: [String], reason: String) throws {
        if let key = keys.first(where: { origins[$0] != nil }) { throw fail(key, reason) }
    }

    func check(_ key: String, _ value: Double, _ range: ClosedRange<Double>, _ unit: String) throws -> Double {
        guard value.isFinite, range.contains(value) else {
            throw fail(key, "\(value) is outside \(range.lowerBound)…\(range.upperBound) \(unit)")
        }
        return value
    }

    /// A first PDT whose year `pkgctl validate` (and the players it stands for) takes: 10-digit
    /// years and year 99999 are ISO 8601, but no playlist reader reads them.
    private func checkStartDate(_ date: Date) throws -> Date {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let year = utc.component(.year, from: date)
        guard Timestamp.supportedYears.contains(year) else {
            throw fail("output.start_date", "year \(year) is outside \(Timestamp.supportedYears.lowerBound)–"
                       + "\(Timestamp.supportedYears.upperBound), the years players and pkgctl validate read")
        }
        return date
    }

    private func placementKinds() throws -> [SpanKind: Placement] {
        var byKind: [SpanKind: Placement] = [:]
        for (name, placement) in placementByKind {
            guard let kind = SpanKind(rawValue: name) else { throw fail("placement.\(name)", "unknown span kind") }
            byKind[kind] = placement
        }
        return byKind
    }

    private func classifier() throws -> SpanClassifier {
        guard let pattern = cues.recapPattern else { return .standard }
        do { return try SpanClassifier(recapPattern: pattern) } catch {
            throw fail("cues.recap_pattern", String(describing: error))
        }
    }

    private func lostCueRules() -> LostCueRules {
        var rules = LostCueRules.standard
        if let g = cues.lostEndGrace { rules.graceTicks = Int64((g * 90_000).rounded()) }
        for (name, seconds) in cues.maxDuration {
            if let kind = SpanKind(rawValue: name) { rules.maximumTicks[kind] = Int64((seconds * 90_000).rounded()) }
        }
        if let n = cues.nextOutCueEnds { rules.nextOutCueEnds = n }
        return rules
    }

    private func policy() throws -> InterstitialPolicy {
        var policy = InterstitialPolicy.standard
        for (kind, override) in interstitials {
            guard SpanKind(rawValue: kind) != nil else { throw fail("interstitials.\(kind)", "unknown span kind") }
            policy.rules[kind] = override.apply(to: policy.rule(for: SpanKindName(rawValue: kind)))
        }
        return policy
    }
}
