import Foundation
import Packager

/// `pkgctl cues INPUT`: every SCTE-35 cue in the input and the spans they form.
enum CuesCommand {
    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        let format: String
        var options = CueScanOptions()
        do {
            parsed = try Arguments(args, valued: ["--format", "--sidecar", "--recap-pattern"], switches: ["--chapters"])
            format = try parsed.choice("--format", among: ["json", "text"], default: "text")
            guard parsed.positionals.count == 1 else {
                throw parsed.positionals.isEmpty ? Arguments.Problem.missingPositional("INPUT")
                    : Arguments.Problem.unexpected(parsed.positionals[1])
            }
            options.sidecar = parsed.value("--sidecar").map { URL(fileURLWithPath: $0) }
            options.chapters = parsed.has("--chapters")
            if let pattern = parsed.value("--recap-pattern") { try options.useRecapPattern(pattern) }
        } catch {
            Console.error("pkgctl cues: \(error)")
            return ExitCode.usage
        }
        let input = parsed.positionals[0]
        do {
            let result = try CueScan.run(input: input, options: options)
            Console.out(format == "json" ? result.jsonLines : result.textReport(input: input))
            return ExitCode.ok
        } catch {
            Console.error("pkgctl cues: \(error)")
            return ExitCode.failure
        }
    }
}
