import CueDetect
import DateRangeWriter
import Foundation
import Packager

/// Flags `pkgctl vod` and `pkgctl live` read the same way.
enum SharedFlags {
    static func segmentFormat(_ parsed: Arguments) throws -> SegmentMuxerFormat? {
        guard let f = parsed.value("--segment-format") else { return nil }
        guard let format = SegmentMuxerFormat(rawValue: f) else {
            throw Arguments.Problem.badValue(option: "--segment-format", value: f, expected: "ts or fmp4")
        }
        return format
    }

    static func segmentDuration(_ parsed: Arguments, upTo maximum: Double) throws -> Double? {
        guard let d = try parsed.number("--segment-duration") else { return nil }
        guard d >= 1, d <= maximum else {
            throw Arguments.Problem.badValue(option: "--segment-duration", value: String(d),
                                             expected: "between 1 and \(Int(maximum)) seconds")
        }
        return d
    }

    static func placement(_ parsed: Arguments) throws -> Placement? {
        guard let p = parsed.value("--placement") else { return nil }
        guard let placement = Placement(rawValue: p) else {
            throw Arguments.Problem.badValue(option: "--placement", value: p, expected: "strip or overlay")
        }
        return placement
    }

    static func assetBaseURL(_ parsed: Arguments) throws -> URL? {
        guard let base = parsed.value("--asset-base-url") else { return nil }
        guard let url = BaseURL.parse(base) else {
            throw Arguments.Problem.badValue(option: "--asset-base-url", value: base, expected: "an absolute http(s) URL")
        }
        return url
    }

    /// `--recap-pattern` and `--asset-list-template`, applied to the classifier and the ad rule.
    static func applySpanFlags(_ parsed: Arguments, classifier: inout SpanClassifier, policy: inout InterstitialPolicy) throws {
        if let pattern = parsed.value("--recap-pattern") { classifier = try SpanClassifier(recapPattern: pattern) }
        if let template = parsed.value("--asset-list-template") {
            var rule = policy.rule(for: .ad)
            rule.assetSource = .assetListTemplate(template)
            policy.rules["ad"] = rule
        }
    }
}
