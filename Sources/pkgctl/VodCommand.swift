import CueDetect
import DateRangeWriter
import Foundation
import Packager

/// `pkgctl vod INPUT -o DIR`: batch conversion into HLS with interstitials.
enum VodCommand {
    static let valued: Set<String> = ["-o", "--output", "--config", "--segment-format", "--segment-duration",
                                      "--placement", "--asset-base-url", "--start-date", "--sidecar", "--recap-pattern",
                                      "--asset-list-template"]

    static func run(_ args: [String]) -> Int32 {
        let input: String
        let output: URL
        var options: VodOptions
        do {
            let parsed = try Arguments(args, valued: valued, switches: ["--chapters"])
            guard parsed.positionals.count == 1 else {
                throw parsed.positionals.isEmpty ? Arguments.Problem.missingPositional("INPUT")
                    : Arguments.Problem.unexpected(parsed.positionals[1])
            }
            guard let dir = parsed.value("-o") ?? parsed.value("--output") else {
                throw Arguments.Problem.missingPositional("-o DIR (output directory)")
            }
            input = parsed.positionals[0]
            output = URL(fileURLWithPath: dir)
            options = try parsed.value("--config").map { try PipelineConfiguration.load(path: $0).vodOptions() } ?? VodOptions()
            try VodFlags.apply(parsed, to: &options)
        } catch {
            Console.error("pkgctl vod: \(error)")
            return ExitCode.usage
        }
        do {
            let report = try VodPipeline.run(input: input, output: output, options: options) { Console.error("pkgctl vod: \($0)") }
            for warning in report.warnings { Console.error("pkgctl vod: warning: \(warning)") }
            Console.out(VodSummary.render(report, output: output))
            return ExitCode.ok
        } catch {
            Console.error("pkgctl vod: \(error)")
            return ExitCode.failure
        }
    }
}

/// CLI flags override the configuration file.
enum VodFlags {
    static func apply(_ parsed: Arguments, to options: inout VodOptions) throws {
        if let format = try SharedFlags.segmentFormat(parsed) { options.segmentFormat = format }
        if let d = try SharedFlags.segmentDuration(parsed, upTo: 60) { options.segmentDuration = d }
        if let placement = try SharedFlags.placement(parsed) {
            options.defaultPlacement = placement
            options.placementByKind = [:]
        }
        if let url = try SharedFlags.assetBaseURL(parsed) { options.assetBaseURL = url }
        if let date = parsed.value("--start-date") {
            guard let parsedDate = ISODate.parse(date) else {
                throw Arguments.Problem.badValue(option: "--start-date", value: date, expected: "an ISO 8601 date-time like 2026-01-01T20:00:00Z")
            }
            options.startDate = parsedDate
        }
        if let sidecar = parsed.value("--sidecar") { options.sidecar = URL(fileURLWithPath: sidecar) }
        if parsed.has("--chapters") { options.chapters = true }
        try SharedFlags.applySpanFlags(parsed, classifier: &options.classifier, policy: &options.policy)
    }
}

/// The lines `pkgctl vod` prints when it is done.
enum VodSummary {
    static func render(_ r: VodReport, output: URL) -> String {
        func s(_ ticks: Int64) -> String { String(format: "%.3f s", Double(ticks) / 90_000) }
        var out = "\(r.input) → \(output.path)\n"
        out += "  source \(s(r.sourceDurationTicks)), primary \(s(r.primaryDurationTicks)) in \(r.primarySegments) segments\n"
        for e in r.spans {
            let what = e.skipped.map { "skipped (\($0))" } ?? "\(e.placement.rawValue) → \(e.assetURI ?? "-")"
            let start = Double(e.span.startTicks - r.t0) / 90_000
            let end = e.span.endTicks.map { String(format: "%.3f", Double($0 - r.t0) / 90_000) } ?? "?"
            out += String(format: "  %@ %@ %.3f–%@ s: %@\n", e.kind, e.id ?? "-", start, end, what)
        }
        out += "  playlists: \(output.appendingPathComponent("master.m3u8").path), report: \(output.appendingPathComponent("report.json").path)\n"
        return out
    }
}

private extension VodReport.SpanEntry {
    var kind: String { span.kind.rawValue }
}
