import Foundation
import Packager

/// An invocation of `vod` or `live`: flags as a pipeline configuration of their own, merged over
/// the one `--config` names.
protocol PipelineInvocation: ConfiguringInvocation {
    var configPath: String? { get set }
}

/// The options `pkgctl vod` and `pkgctl live` share. Each sets the configuration key it stands
/// for (see `Option.setting`); defaults come from the mode's own options value in Packager.
enum PipelineOptions {
    struct Defaults {
        var segmentFormat: SegmentMuxerFormat
        var segmentDuration: Double
        var placement: Placement
        var assetBaseURL: String
    }

    static func shared<I: PipelineInvocation>(_ d: Defaults) -> [Option<I>] { [
        .value("--config", .file("FILE"), "pipeline configuration (JSON, see the README); flags override it") {
            $0.configPath = $1.text
        },
        .setting("--segment-format", .choice(OptionValue.words(SegmentMuxerFormat.self)), key: "segments.format",
                 default: d.segmentFormat.rawValue,
                 "MPEG-TS (PAT/PMT in each segment) or CMAF fMP4 (init.mp4 + EXT-X-MAP)") { $0.segments.format = try $1.word(SegmentMuxerFormat.self) },
        .setting("--segment-duration", .number("S"), key: "segments.duration", default: DefaultText.number(d.segmentDuration),
                 "cut target in seconds; cuts at keyframes, forced at every span edge") { $0.segments.duration = try $1.number() },
        .setting("--splice", .choice(OptionValue.words(SpliceMode.self)), key: "segments.splice",
                 default: "accurate (vod), keyframe (live)",
                 "span edges at the exact splice frame (the partial GOP re-encoded with libx264/libx265) or at the "
                 + "first keyframe at or after it (stream copy)") { $0.segments.splice = try $1.word(SpliceMode.self) },
        .setting("--engine", .choice(OptionValue.words(SegmentEngine.self)), key: "segments.engine",
                 default: "auto",
                 "auto: a TS input to TS output is cut in its own packets (no demux or remux; every PID kept, "
                 + "SCTE-35 as 0x86), to fMP4 (H.264, AAC) muxed by pkgctl's own fMP4 writer; "
                 + "libavformat: demuxed and muxed by FFmpeg's libraries") {
            $0.segments.engine = try $1.word(SegmentEngine.self)
        },
        .setting("--placement", .choice(OptionValue.words(Placement.self)), key: "placement.default",
                 default: d.placement.rawValue,
                 "strip: the span leaves the primary (re-timed to stay continuous) and an interstitial sits at the splice; "
                 + "overlay: the primary keeps it and the interstitial covers it") { $0.placementDefault = try $1.word(Placement.self) },
        .setting("--asset-base-url", .text("URL"), key: "output.asset_base_url", default: d.assetBaseURL,
                 "absolute base of the interstitial asset URIs") {
            guard let url = BaseURL.parse($1.text) else { throw $1.bad("an absolute http(s) URL") }
            $0.output.assetBaseURL = url
        },
        .setting("--sidecar", .file("FILE"), key: "cues.sidecar", CueHelp.sidecar) { $0.cues.sidecar = URL(fileURLWithPath: $1.text) },
        .setting("--recap-pattern", .text("REGEX"), key: "cues.recap_pattern", default: CueHelp.recapDefault, CueHelp.recapPattern) {
            $0.cues.recapPattern = $1.text
        },
        .setting("--asset-list-template", .text("URL"), key: "interstitials.ad.asset_list_template",
                 "ads point at an ad-decision server: X-ASSET-LIST from URL with {id}, {duration}, {kind} filled in") {
            $0.interstitials["ad", default: InterstitialRuleOverride()].assetListTemplate = $1.text
        },
    ] }

    /// An http(s) output's request settings (`output.http`), for `vod` and `live`.
    static func http<I: PipelineInvocation>() -> [Option<I>] {
        let defaults = HTTPSinkOptions()
        return [
            .setting("--http-header", .text("'NAME: VALUE'"), key: "output.http.headers", repeatable: true,
                     "a header on every request to an http(s) output (an origin's authorization); a secret is better "
                     + "kept in --config than in the process list") {
                guard let colon = $1.text.firstIndex(of: ":") else { throw $1.bad("'NAME: VALUE', e.g. 'Authorization: Bearer TOKEN'") }
                let name = String($1.text[..<colon]).trimmingCharacters(in: .whitespaces)
                let value = String($1.text[$1.text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                $0.output.http.headers[name] = value
            },
            .setting("--http-timeout", .number("S"), key: "output.http.request_timeout",
                     default: DefaultText.number(defaults.requestTimeout),
                     "seconds one request to an http(s) output may take (1-600)") { $0.output.http.requestTimeout = try $1.number() },
            .setting("--http-retry", .number("S"), key: "output.http.retry_seconds",
                     default: DefaultText.number(defaults.itemDeadline),
                     "seconds one upload to an http(s) output is retried before it is given up (0-3600; 0: one attempt)") {
                $0.output.http.retrySeconds = try $1.number()
            },
        ]
    }

    /// The configuration `--config` names (if any) with the flags on top.
    static func configuration(_ invocation: PipelineInvocation) throws -> PipelineConfiguration {
        let file = try invocation.configPath.map { try PipelineConfiguration.load(path: $0) } ?? PipelineConfiguration()
        return file.merging(invocation.configuration)
    }
}
