import CueDetect
import DateRangeWriter
import Foundation

/// The one typed pipeline configuration of every mode: what a JSON file (`--config`) and the
/// command-line flags say, every value optional. Flags are a configuration of their own merged
/// on top of the file's (`merging`); `vodOptions()` / `liveOptions()` resolve it for a mode once,
/// applying every default there and rejecting what does not apply to that mode, naming the key
/// (or flag) it came from.
public struct PipelineConfiguration: Equatable, Sendable {
    public struct Segments: Equatable, Sendable {
        public var format: SegmentMuxerFormat?
        public var duration: Double?
        /// Live only: a fixed EXT-X-TARGETDURATION (`--target-duration`).
        public var targetDuration: Int?
        /// VOD: `auto` (the byte-level TS path where it applies) or `libavformat`.
        public var engine: SegmentEngine?
        public var scte35Passthrough: Bool?
        /// Span edges at the exact splice frame (`accurate`) or at keyframes (`keyframe`).
        public var splice: SpliceMode?
        /// VOD: one file per output, segments as EXT-X-BYTERANGE ranges of it.
        public var singleFile: Bool?
    }

    public struct Cues: Equatable, Sendable {
        public var sidecar: URL?
        public var chapters: Bool?
        public var recapPattern: String?
        /// Seconds past a planned end a span waits for its end cue (lost-cue rules).
        public var lostEndGrace: Double?
        /// Longest span per kind name when no end cue and no planned duration come.
        public var maxDuration: [String: Double] = [:]
        public var nextOutCueEnds: Bool?
    }

    public struct Output: Equatable, Sendable {
        public var assetBaseURL: URL?
        public var startDate: Date?
        /// VOD: write to a distribution target's rules (`--profile`).
        public var profile: DeliveryProfile?
        /// VOD: overlay interstitials starting this many seconds or fewer before the primary's end
        /// resume by X-PLAYOUT-LIMIT instead of X-RESUME-OFFSET (`TailResumeRule`); nil: hls.js's
        /// forward buffer for the presentation's lowest BANDWIDTH.
        public var tailResumeHorizon: Double?
        /// An HTTP origin's headers, request timeout and retry time (`HTTPOutputSection`).
        public var http = HTTPOutputSection()
    }

    public struct Live: Equatable, Sendable {
        public var input: String?
        public var output: String?
        public var channel: String?
        public var windowSegments: Int?
        public var windowSeconds: Double?
        public var event: Bool?
        public var inputTimeout: Double?
        public var keepExtra: Double?
        /// fMP4: seconds of video per fragment (`LiveOptions.fragmentDuration`; 0: one per segment).
        public var fragmentDuration: Double?
        public var metricsFile: String?
        public var stateDirectory: String?
        public var endlistOnExit: Bool?
        public var realtime: Bool?
        public var speed: Double?
        public var loop: Bool?
        public var resetState: Bool?
        /// Seconds ahead of the splice segment an ad-server interstitial is announced (nil: 0).
        public var announceLead: Double?
        /// Target durations the first playlist version waits for (nil: 3).
        public var minStartSegments: Int?
        /// `wall`, `media`, or the ISO 8601 UTC time of PTS 0 (the media clock; docs/redundancy.md).
        public var clock: String?
        /// `power` or `process` (`PublishDurability`).
        public var durability: String?
    }

    /// `pkgctl vod` only (single titles and batches).
    public struct Vod: Equatable, Sendable {
        /// `power` or `process` (PublishDurability); nil: process for one title, power in a batch.
        public var durability: String?
    }

    public var segments = Segments()
    public var cues = Cues()
    public var output = Output()
    public var live = Live()
    public var vod = Vod()
    public var placementDefault: Placement?
    /// Placement per span kind name ("ad", "recap", "other").
    public var placementByKind: [String: Placement] = [:]
    /// Interstitial attribute overrides per span kind name.
    public var interstitials: [String: InterstitialRuleOverride] = [:]
    public var legacyDialects: [LegacyCueDialect]?
    /// Stitched HLS inputs: classification rules, overrides, no-span policy.
    public var stitched = StitchedSection()
    /// Key path → where its value came from (a file, or a flag), for messages.
    public private(set) var origins: [String: String] = [:]

    public init() {}

    /// Records that `keyPath` was set by `origin` (a file path, or a flag such as `--window`).
    public mutating func note(_ keyPath: String, from origin: String) { origins[keyPath] = origin }

    /// This configuration with every value `overrides` sets taking precedence.
    public func merging(_ overrides: PipelineConfiguration) -> PipelineConfiguration {
        var m = self
        m.segments.format = overrides.segments.format ?? segments.format
        m.segments.duration = overrides.segments.duration ?? segments.duration
        m.segments.targetDuration = overrides.segments.targetDuration ?? segments.targetDuration
        m.segments.engine = overrides.segments.engine ?? segments.engine
        m.segments.scte35Passthrough = overrides.segments.scte35Passthrough ?? segments.scte35Passthrough
        m.segments.splice = overrides.segments.splice ?? segments.splice
        m.segments.singleFile = overrides.segments.singleFile ?? segments.singleFile
        m.cues.sidecar = overrides.cues.sidecar ?? cues.sidecar
        m.cues.chapters = overrides.cues.chapters ?? cues.chapters
        m.cues.recapPattern = overrides.cues.recapPattern ?? cues.recapPattern
        m.cues.lostEndGrace = overrides.cues.lostEndGrace ?? cues.lostEndGrace
        m.cues.maxDuration.merge(overrides.cues.maxDuration) { $1 }
        m.cues.nextOutCueEnds = overrides.cues.nextOutCueEnds ?? cues.nextOutCueEnds
        m.output.assetBaseURL = overrides.output.assetBaseURL ?? output.assetBaseURL
        m.output.startDate = overrides.output.startDate ?? output.startDate
        m.output.profile = overrides.output.profile ?? output.profile
        m.output.tailResumeHorizon = overrides.output.tailResumeHorizon ?? output.tailResumeHorizon
        m.output.http = output.http.merging(overrides.output.http)
        m.live = live.merging(overrides.live)
        m.vod.durability = overrides.vod.durability ?? vod.durability
        if let placement = overrides.placementDefault {
            // A default placement given on top replaces the per-kind ones beneath it.
            m.placementDefault = placement
            m.placementByKind = overrides.placementByKind
        } else {
            m.placementByKind.merge(overrides.placementByKind) { $1 }
        }
        for (kind, rule) in overrides.interstitials { m.interstitials[kind] = (interstitials[kind] ?? .init()).merging(rule) }
        m.legacyDialects = overrides.legacyDialects ?? legacyDialects
        m.stitched = stitched.merging(overrides.stitched)
        m.origins.merge(overrides.origins) { $1 }
        return m
    }

    /// Where `keyPath` came from, for an error message.
    func origin(of keyPath: String) -> String { origins[keyPath] ?? "configuration" }

    func fail(_ keyPath: String, _ message: String) -> ConfigError {
        ConfigError(file: origin(of: keyPath), path: keyPath, message: message)
    }
}

extension PipelineConfiguration.Live {
    func merging(_ o: Self) -> Self {
        var m = self
        m.input = o.input ?? input
        m.output = o.output ?? output
        m.channel = o.channel ?? channel
        if o.windowSegments != nil || o.windowSeconds != nil {
            m.windowSegments = o.windowSegments
            m.windowSeconds = o.windowSeconds
        }
        m.event = o.event ?? event
        m.inputTimeout = o.inputTimeout ?? inputTimeout
        m.keepExtra = o.keepExtra ?? keepExtra
        m.fragmentDuration = o.fragmentDuration ?? fragmentDuration
        m.metricsFile = o.metricsFile ?? metricsFile
        m.stateDirectory = o.stateDirectory ?? stateDirectory
        m.endlistOnExit = o.endlistOnExit ?? endlistOnExit
        m.realtime = o.realtime ?? realtime
        m.speed = o.speed ?? speed
        m.loop = o.loop ?? loop
        m.resetState = o.resetState ?? resetState
        m.announceLead = o.announceLead ?? announceLead
        m.minStartSegments = o.minStartSegments ?? minStartSegments
        m.clock = o.clock ?? clock
        m.durability = o.durability ?? durability
        return m
    }
}
