import Foundation
import Packager

/// Flags as a pipeline configuration of their own, merged over `--config`'s: every flag sets the
/// configuration key it stands for and is recorded as that key's origin, so a value the mode
/// refuses is reported under the flag the user typed.
enum ConfigFlags {
    /// Flags `pkgctl vod` and `pkgctl live` share.
    static let sharedValued: Set<String> = ["--config", "--segment-format", "--segment-duration", "--placement",
                                            "--asset-base-url", "--sidecar", "--recap-pattern", "--asset-list-template"]

    /// The configuration `--config` names (if any) with the flags on top.
    static func configuration(_ parsed: Arguments, apply flags: (inout PipelineConfiguration) throws -> Void) throws -> PipelineConfiguration {
        let file = try parsed.value("--config").map { try PipelineConfiguration.load(path: $0) } ?? PipelineConfiguration()
        var overrides = PipelineConfiguration()
        try shared(parsed, into: &overrides)
        try flags(&overrides)
        return file.merging(overrides)
    }

    private static func shared(_ parsed: Arguments, into c: inout PipelineConfiguration) throws {
        if let f = parsed.value("--segment-format") {
            guard let format = SegmentMuxerFormat(rawValue: f) else {
                throw Arguments.Problem.badValue(option: "--segment-format", value: f, expected: "ts or fmp4")
            }
            c.segments.format = format
            c.note("segments.format", from: "--segment-format")
        }
        if let d = try parsed.number("--segment-duration") {
            c.segments.duration = d
            c.note("segments.duration", from: "--segment-duration")
        }
        if let p = parsed.value("--placement") {
            guard let placement = Placement(rawValue: p) else {
                throw Arguments.Problem.badValue(option: "--placement", value: p, expected: "strip or overlay")
            }
            c.placementDefault = placement
            c.note("placement.default", from: "--placement")
        }
        if let base = parsed.value("--asset-base-url") {
            guard let url = BaseURL.parse(base) else {
                throw Arguments.Problem.badValue(option: "--asset-base-url", value: base, expected: "an absolute http(s) URL")
            }
            c.output.assetBaseURL = url
            c.note("output.asset_base_url", from: "--asset-base-url")
        }
        if let sidecar = parsed.value("--sidecar") {
            c.cues.sidecar = URL(fileURLWithPath: sidecar)
            c.note("cues.sidecar", from: "--sidecar")
        }
        if let pattern = parsed.value("--recap-pattern") {
            c.cues.recapPattern = pattern
            c.note("cues.recap_pattern", from: "--recap-pattern")
        }
        if let template = parsed.value("--asset-list-template") {
            c.interstitials["ad", default: InterstitialRuleOverride()].assetListTemplate = template
            c.note("interstitials.ad.asset_list_template", from: "--asset-list-template")
        }
    }
}
