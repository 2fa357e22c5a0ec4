import Foundation
import Packager

/// `pkgctl vod INPUT -o DIR|URL`: batch conversion into HLS with interstitials.
enum VodCommand {
    static let valued: Set<String> = ConfigFlags.sharedValued.union(["-o", "--output", "--start-date"])

    static func run(_ args: [String]) -> Int32 {
        let input: String
        let output: String
        let options: VodOptions
        do {
            let parsed = try Arguments(args, valued: valued, switches: ["--chapters"])
            guard parsed.positionals.count == 1 else {
                throw parsed.positionals.isEmpty ? Arguments.Problem.missingPositional("INPUT")
                    : Arguments.Problem.unexpected(parsed.positionals[1])
            }
            guard let out = parsed.value("-o") ?? parsed.value("--output") else {
                throw Arguments.Problem.missingPositional("-o DIR or URL (output directory or origin prefix)")
            }
            input = parsed.positionals[0]
            output = out
            options = try ConfigFlags.configuration(parsed) { c in
                if let date = parsed.value("--start-date") {
                    guard let parsedDate = ISODate.parse(date) else {
                        throw Arguments.Problem.badValue(option: "--start-date", value: date,
                                                         expected: "an ISO 8601 date-time like 2026-01-01T20:00:00Z")
                    }
                    c.output.startDate = parsedDate
                    c.note("output.start_date", from: "--start-date")
                }
                if parsed.has("--chapters") {
                    c.cues.chapters = true
                    c.note("cues.chapters", from: "--chapters")
                }
            }.vodOptions()
        } catch {
            Console.error("pkgctl vod: \(error)")
            return ExitCode.usage
        }
        do {
            let report: VodReport
            if let origin = BaseURL.parse(output), output.hasPrefix("http://") || output.hasPrefix("https://") {
                report = try VodPipeline.run(input: input, origin: origin, options: options)
            } else {
                report = try VodPipeline.run(input: input, output: URL(fileURLWithPath: output), options: options)
            }
            for warning in report.warnings { Console.error("pkgctl vod: warning: \(warning)") }
            Console.out(report.summary(output: output))
            return ExitCode.ok
        } catch {
            Console.error("pkgctl vod: \(error)")
            return ExitCode.failure
        }
    }
}
