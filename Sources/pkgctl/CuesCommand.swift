import CueDetect
import Foundation
import Packager

/// `pkgctl cues INPUT`: every SCTE-35 cue in the input and the spans they form.
enum CuesCommand {
    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        let format: String
        var options = CueScanOptions()
        do {
            parsed = try Arguments(args, valued: ["--format", "--sidecar", "--recap-pattern"],
                                   switches: ["--chapters"])
            format = try parsed.choice("--format", among: ["json", "text"], default: "text")
            guard parsed.positionals.count == 1 else {
                throw parsed.positionals.isEmpty ? Arguments.Problem.missingPositional("INPUT")
                    : Arguments.Problem.unexpected(parsed.positionals[1])
            }
            options.sidecar = parsed.value("--sidecar").map { URL(fileURLWithPath: $0) }
            options.chapters = parsed.has("--chapters")
            if let pattern = parsed.value("--recap-pattern") {
                options.classifier = try SpanClassifier(recapPattern: pattern)
            }
        } catch {
            Console.error("pkgctl cues: \(error)")
            return ExitCode.usage
        }
        let input = parsed.positionals[0]
        let result: CueScanResult
        do {
            result = try CueScan.run(input: input, options: options)
        } catch {
            Console.error("pkgctl cues: \(error)")
            return ExitCode.failure
        }
        let summary = CueScanSummary(cues: result.cues.count, spans: result.spans.count,
                                     withdrawnSpans: result.withdrawnSpans.count, scan: result.scan,
                                     reconcile: result.reconcile, tracker: result.tracker)
        if format == "json" {
            var out = ""
            for cue in result.cues { out += cue.reportJSON(t0: result.t0).serialized() + "\n" }
            for span in result.spans { out += span.reportJSON(t0: result.t0).serialized() + "\n" }
            out += summary.reportJSON.serialized() + "\n"
            Console.out(out)
        } else {
            Console.out(CueTextReport.render(result, input: input))
        }
        return ExitCode.ok
    }
}
