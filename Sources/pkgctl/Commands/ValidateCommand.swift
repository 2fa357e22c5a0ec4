import Foundation
import Packager

/// `pkgctl validate PLAYLIST_OR_DIR_OR_URL [options]`, `pkgctl validate --live V1 V2 … [options]`,
/// `pkgctl validate --watch PLAYLIST_OR_URL [--duration S] [options]`.
/// Exit 0 when no error finding (and no warning with --strict), 1 otherwise, 2 on usage problems.
enum ValidateCommand {
    struct Options {
        var inputs: [String] = []
        var format = FindingFormatter.Format.text
        var live = false
        var watch = false
        var duration: Double?
        var strict = false
        var quiet = false
        var validate = ValidateOptions(media: .auto)
    }

    static let options: [Option<Options>] = [
        .value("--map", .text("URL_PREFIX=DIR"), repeatable: true, "read absolute URIs under URL_PREFIX from DIR (e.g. assets)") {
            $0.validate.maps.append(try URLMapping.parse($1.text))
        },
        .value("--format", .choice(["text", "json"]), default: "text",
               "'file:line: severity [rule] message (source; breaks: …)' lines, or one JSON object per finding") {
            $0.format = $1.text == "json" ? .json : .text
        },
        .value("--media", .optionalChoice(["on", "off"]), default: "on for local inputs, off for URLs",
               "probe every listed segment, init section and asset segment with libavformat") {
            $0.validate.media = $1.text == "on" ? .on : .off
        },
        .value("--profile", .choice(["all"] + ValidationProfile.allCases.map(\.rawValue)), repeatable: true,
               "add the rules a player or distribution target enforces beyond the spec; all = every player") {
            guard let profiles = ValidationProfile.parse($1.text) else { throw $1.bad("a profile") }
            $0.validate.profiles.formUnion(profiles)
        },
        .flag("--strict", "warnings fail too (exit 1)") { $0.strict = true },
        .value("--max-fetch", .number("N"), default: DefaultText.number(ValidateOptions.defaultMaxFetch),
               "most http(s) requests in one run; what is left is one warning") { $0.validate.maxFetch = try $1.wholeNumber(atLeast: 0) },
        .value("--max-playlist-bytes", .number("N"), default: DefaultText.number(ReadLimits.defaultPlaylistBytes),
               "refuse a playlist or asset list above N bytes") {
            $0.validate.limits.maxPlaylistBytes = Int64(try $1.wholeNumber(atLeast: 1))
        },
        .value("--max-line-bytes", .number("N"), default: DefaultText.number(ReadLimits.defaultLineBytes),
               "skip (and report) a line above N bytes") { $0.validate.limits.maxLineBytes = try $1.wholeNumber(atLeast: 1) },
        .value("--max-findings-per-rule", .number("N"), default: DefaultText.number(ReadLimits.defaultFindingsPerRule),
               "findings printed per rule and file, then '… and N more' (0: all)") {
            $0.validate.limits.maxFindingsPerRule = try $1.wholeNumber(atLeast: 0)
        },
        .flag("--live", "the inputs are successive versions of one live playlist: sequence arithmetic, window, date ranges kept") {
            $0.live = true
        },
        .flag("--watch", "poll a live playlist at its pace until EXT-X-ENDLIST, SIGINT or --duration; findings as they appear") {
            $0.watch = true
        },
        .value("--duration", .number("S"), "with --watch: stop after S seconds") {
            $0.duration = try $1.positive("a positive number of seconds")
        },
        .flag("--quiet", aliases: ["-q"], "no summary line on stderr") { $0.quiet = true },
    ]

    static let entry = CommandEntry(
        name: "validate",
        synopsis: ["PLAYLIST_OR_DIR_OR_URL [options]", "--live V1 V2 ... [options]", "--watch PLAYLIST_OR_URL [--duration S] [options]"],
        summary: "check playlists, their assets and their media against the HLS and interstitial rules (exit 1 on errors)",
        options: options.map(\.spec), positionals: .files, run: run)

    static func run(_ args: [String]) -> Int32 {
        let options: Options
        do {
            guard let parsed = try parse(args) else { return entry.printHelp() }
            options = parsed
        } catch {
            return entry.usageFailure(error)
        }
        if options.watch { return watch(options) }
        let findings: [Finding]
        do {
            findings = options.live
                ? try LiveVersionValidator.validate(inputs: options.inputs, options: options.validate)
                : try PlaylistValidator.validate(input: options.inputs[0], options: options.validate)
        } catch {
            Console.error("pkgctl validate: \(error)")
            return ExitCode.usage
        }
        Console.out(FindingFormatter.render(findings, as: options.format))
        if options.format == .text, !options.quiet {
            Console.error("pkgctl validate: " + FindingFormatter.summary(findings))
        }
        return exitCode(findings, strict: options.strict)
    }

    static func exitCode(_ findings: [Finding], strict: Bool) -> Int32 {
        let failing = findings.contains { $0.severity == .error || strict }
        return failing ? ExitCode.failure : ExitCode.ok
    }

    /// The options of a run; nil when help was asked for.
    static func parse(_ args: [String]) throws -> Options? {
        guard let parsed = try self.options.parse(args, into: Options()) else { return nil }
        var options = parsed.invocation
        options.inputs = parsed.positionals
        if options.duration != nil, !options.watch { throw UsageError.conflict("--duration only applies with --watch") }
        if options.live, options.watch { throw UsageError.conflict("--live and --watch do not go together") }
        if options.live {
            guard options.inputs.count >= 2 else { throw UsageError.missingPositional("at least two playlist versions for --live") }
        } else if options.inputs.count != 1 {
            throw UsageError.missingPositional(options.inputs.isEmpty ? "PLAYLIST_OR_DIR_OR_URL" : "only one PLAYLIST_OR_DIR_OR_URL (or use --live)")
        }
        return options
    }

    /// Findings go out as they are found (one JSON object per line with --format json);
    /// SIGINT ends the watch cleanly; the exit code follows the same rule as a single run.
    static func watch(_ options: Options) -> Int32 {
        let watch = LiveWatch(input: options.inputs[0], options: options.validate, durationSeconds: options.duration)
        let outcome = InterruptScope.run { stop in
            watch.run(stop: stop, emit: { finding in
                Console.out((options.format == .json ? FindingFormatter.json(finding) : FindingFormatter.text(finding)) + "\n")
            })
        }
        if options.format == .text, !options.quiet {
            Console.error("pkgctl validate: \(outcome.reads) version(s) read, \(outcome.errors) error(s), \(outcome.warnings) warning(s)"
                          + (outcome.ended ? ", ended (EXT-X-ENDLIST)" : ""))
        }
        return outcome.errors > 0 || (options.strict && outcome.warnings > 0) ? ExitCode.failure : ExitCode.ok
    }
}
