import Foundation
import Packager

/// `pkgctl cues INPUT`: every SCTE-35 cue in the input and the spans they form.
enum CuesCommand {
    struct Invocation {
        var format = "text"
        var options = CueScanOptions()
        var overrides: URL?
    }

    static let options: [Option<Invocation>] = [
        .value("--format", .choice(["text", "json"]), default: "text",
               "text report, or one JSON object per cue, span and summary line") { $0.format = $1.text },
        .value("--sidecar", .file("FILE"), CueHelp.sidecar) { $0.options.sidecar = URL(fileURLWithPath: $1.text) },
        .flag("--chapters", CueHelp.chapters) { $0.options.chapters = true },
        .value("--recap-pattern", .text("REGEX"), default: CueHelp.recapDefault, CueHelp.recapPattern) {
            try $0.options.useRecapPattern($1.text)
        },
        .value("--span-overrides", .file("FILE"), StitchedFlags.overridesHelp) { $0.overrides = URL(fileURLWithPath: $1.text) },
    ]

    static let entry = CommandEntry(
        name: "cues", synopsis: ["INPUT [options]"],
        summary: "list every SCTE-35 cue in INPUT (file, udp://, srt://, pipe:) and the spans they form; for a stitched playlist, its runs and spans",
        options: options.map(\.spec), positionals: .files, run: run)

    static func run(_ args: [String]) -> Int32 {
        let invocation: Invocation
        let input: String
        do {
            guard let parsed = try options.parse(args, into: Invocation()) else { return entry.printHelp() }
            guard parsed.positionals.count == 1 else {
                throw parsed.positionals.isEmpty ? UsageError.missingPositional("INPUT") : UsageError.unexpected(parsed.positionals[1])
            }
            invocation = parsed.invocation
            input = parsed.positionals[0]
        } catch {
            return entry.usageFailure(error)
        }
        if StitchedDetection.isPlaylist(input) { return stitched(input, invocation) }
        do {
            let result = try CueScan.run(input: input, options: invocation.options)
            Console.out(invocation.format == "json" ? result.jsonLines : result.textReport(input: input))
            return ExitCode.ok
        } catch {
            Console.error("pkgctl cues: \(error)")
            return ExitCode.failure
        }
    }
}

extension CuesCommand {
    /// A stitched playlist: its runs and spans, and why each span is what it is.
    private static func stitched(_ input: String, _ invocation: Invocation) -> Int32 {
        var options = StitchedOptions()
        options.overrides = invocation.overrides
        do {
            let scan = try StitchedCueScan.run(input: input, options: options, cueOptions: invocation.options)
            Console.out(invocation.format == "json" ? scan.jsonLines : scan.textReport)
            return ExitCode.ok
        } catch {
            Console.error("pkgctl cues: \(error)")
            return ExitCode.failure
        }
    }
}

/// Help texts of the cue-source options `cues`, `vod` and `live` share.
enum CueHelp {
    static let sidecar = "cue sheet: '<pts seconds>,<base64 or 0x-hex section>' lines, or JSON [{\"pts\": …, \"cue\": …}]"
    static let chapters = "turn container chapters into spans (titles matching the recap pattern are recaps)"
    static let recapPattern = "chapter titles and segmentation UPID texts matching REGEX (case-insensitive) are recaps"
    static var recapDefault: String { CueScanOptions.defaultRecapPattern }
}
