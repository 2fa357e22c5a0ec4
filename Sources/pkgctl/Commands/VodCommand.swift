import Foundation
import Packager

/// `pkgctl vod INPUT -o DIR|URL`: batch conversion into HLS with interstitials.
enum VodCommand {
    struct Invocation: PipelineInvocation {
        var configuration = PipelineConfiguration()
        var configPath: String?
        var output: String?
        var quiet = false
        var batch = BatchCommand.Settings()
    }

    private static let defaults = VodOptions()

    static let options: [Option<Invocation>] = [
        .value("--output", .directory("DIR|URL"), aliases: ["-o"],
               "output directory (replaced whole), or an http(s) origin prefix (PUT); required") { $0.output = $1.text },
    ] + PipelineOptions.shared(.init(segmentFormat: defaults.segmentFormat, segmentDuration: defaults.segmentDuration,
                                     placement: defaults.defaultPlacement,
                                     assetBaseURL: (defaults.assetBaseURL?.absoluteString ?? "")
                                        + " (python3 -m http.server 8000 in the output serves it)")) + [
        .setting("--start-date", .text("ISO8601"), key: "output.start_date",
                 default: "the input's creation_time, else " + VodOptions.fallbackStartDateText,
                 "PDT of the first frame") {
            guard let date = ISODate.parse($1.text) else { throw $1.bad("an ISO 8601 date-time like 2026-01-01T20:00:00Z") }
            $0.output.startDate = date
        },
        .setting("--profile", .choice(OptionValue.words(DeliveryProfile.self)), key: "output.profile",
                 "write to a distribution target's rules, the ones pkgctl validate --profile checks "
                 + "(apple-podcasts: strip, X-RESUME-OFFSET=0, RANGE, PRIMARY, no X-RESTRICT)") {
            $0.output.profile = try $1.word(DeliveryProfile.self)
        },
        .setting("--tail-resume-horizon", .number("S"), key: "output.tail_resume_horizon",
                 default: "hls.js's forward buffer for the lowest BANDWIDTH (30-600 s) + one target duration",
                 "overlay interstitials starting within S seconds of the end resume by X-PLAYOUT-LIMIT, not X-RESUME-OFFSET "
                 + "(hls.js loses the end of stream after an append-in-place interstitial once the primary is buffered to its end)") {
            $0.output.tailResumeHorizon = try $1.number()
        },
        .setting(flag: "--chapters", key: "cues.chapters", CueHelp.chapters) { $0.cues.chapters = true },
        .setting(flag: "--single-file", key: "segments.single_file",
                 "one file per rendition and asset (media.ts, or media.mp4 with its init section first); segments are EXT-X-BYTERANGE ranges of it") {
            $0.segments.singleFile = true
        },
        .setting("--durability", .choice(OptionValue.words(PublishDurability.self)), key: "vod.durability",
                 default: "process (one title), power (--batch)",
                 "power: fsync the whole output before it is swapped in (it, and a batch's fingerprint, survive a power cut); "
                    + "process: leave write-back to the kernel, as FFmpeg does") {
            $0.vod.durability = try $1.word(PublishDurability.self).rawValue
        },
        .flag("--quiet", aliases: ["-q"], "no progress line; only warnings and errors on stderr") { $0.quiet = true },
        .setting("--http-parallel", .number("N"), key: "output.http.parallel",
                 default: DefaultText.number(Double(VodPipeline.defaultParallelUploads)),
                 "segments uploaded at once to an http(s) output (1-\(HTTPOutputSection.mostParallel)); playlists still go after every segment they name") {
            let v = try $1.number()
            let most = HTTPOutputSection.mostParallel
            guard v >= 1, v <= Double(most), v == v.rounded() else { throw $1.bad("a whole number of uploads, 1-\(most)") }
            $0.output.http.parallel = Int(v)
        },
    ] + PipelineOptions.http() + StitchedFlags.vod() + BatchCommand.options

    static let entry = CommandEntry(
        name: "vod", synopsis: ["INPUT -o DIR|URL [options]", "--batch JOBS|- [-j N] [--shard I/N] [--force] [--keep-going] [--list] [options]"],
        summary: "convert a recorded programme (a file, or a stitched HLS playlist or URL) into HLS with one interstitial per span",
        options: options.map(\.spec), positionals: .files, run: run)

    static func run(_ args: [String]) -> Int32 {
        let input: String
        let output: String
        var options: VodOptions
        let http: HTTPSinkOptions
        let durability: PublishDurability
        let quiet: Bool
        do {
            guard let parsed = try self.options.parse(args, into: Invocation()) else { return entry.printHelp() }
            if parsed.invocation.batch.applies { return try BatchCommand.run(parsed, arguments: args) }
            guard parsed.positionals.count == 1 else {
                throw parsed.positionals.isEmpty ? UsageError.missingPositional("INPUT") : UsageError.unexpected(parsed.positionals[1])
            }
            guard let out = parsed.invocation.output else {
                throw UsageError.missingPositional("-o DIR or URL (output directory or origin prefix)")
            }
            input = parsed.positionals[0]
            output = out
            quiet = parsed.invocation.quiet
            let configuration = try PipelineOptions.configuration(parsed.invocation)
            options = try configuration.vodOptions()
            http = try configuration.httpSinkOptions(isHTTPOutput: BaseURL.isHTTP(output))
            durability = try configuration.vodDurability(default: .process, isHTTPOutput: BaseURL.isHTTP(output))
        } catch {
            return entry.usageFailure(error)
        }
        let progress = ProgressLine.onTerminal(quiet: quiet, totalBytes: ProgressLine.fileSize(input))
        if let progress { options.progress = progress.update }
        do {
            let report: VodReport
            if let origin = BaseURL.parse(output), BaseURL.isHTTP(output) {
                report = try VodPipeline.run(input: input, origin: origin, options: options, http: http)
            } else {
                report = try VodPipeline.run(input: input, output: URL(fileURLWithPath: output), options: options, durability: durability)
            }
            progress?.finish()
            for warning in report.warnings { Console.error("pkgctl vod: warning: \(warning)") }
            Console.out(report.summary(output: output))
            return ExitCode.ok
        } catch {
            progress?.finish()
            Console.error("pkgctl vod: \(error)")
            return ExitCode.failure
        }
    }
}
