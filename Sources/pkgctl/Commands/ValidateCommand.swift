import Foundation
import Packager

/// `pkgctl validate PLAYLIST_OR_DIR_OR_URL [options]`, `pkgctl validate --live V1 V2 … [options]`,
/// `pkgctl validate --watch PLAYLIST_OR_URL [--duration S] [options]`.
/// Exit 0 when no error finding (and no warning with --strict), 1 otherwise, 2 on usage problems.
enum ValidateCommand {
    static let usage = """
        usage: pkgctl validate PLAYLIST_OR_DIR_OR_URL [--map URL_PREFIX=DIR]... [--format text|json]
                               [--media[=on|off]] [--profile all|hlsjs|avfoundation|shaka|media3|bitmovin|apple-podcasts]...
                               [--strict] [--max-fetch N] [--max-playlist-bytes N] [--max-line-bytes N]
                               [--max-findings-per-rule N]
               pkgctl validate --live V1 V2 ... [options]
               pkgctl validate --watch PLAYLIST_OR_URL [--duration S] [options]
        """

    struct Options {
        var inputs: [String] = []
        var format = FindingFormatter.Format.text
        var live = false
        var watch = false
        var duration: Double?
        var strict = false
        var validate = ValidateOptions(media: .auto)
    }

    static func run(_ args: [String]) -> Int32 {
        let options: Options
        do {
            options = try parse(args)
        } catch {
            Console.error("pkgctl validate: \(PrintableText.escaped("\(error)"))\n\(usage)")
            return ExitCode.usage
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
        if options.format == .text {
            Console.error("pkgctl validate: " + FindingFormatter.summary(findings))
        }
        return exitCode(findings, strict: options.strict)
    }

    static func exitCode(_ findings: [Finding], strict: Bool) -> Int32 {
        let failing = findings.contains { $0.severity == .error || strict }
        return failing ? ExitCode.failure : ExitCode.ok
    }

    static func parse(_ args: [String]) throws -> Options {
        // `--media` alone means on; the scanner wants a value, so give it one.
        let args = args.map { $0 == "--media" ? "--media=on" : $0 }
        let arguments = try Arguments(args, valued: ["--map", "--format", "--media", "--profile", "--max-fetch", "--duration",
                                                     "--max-playlist-bytes", "--max-line-bytes", "--max-findings-per-rule"],
                                      switches: ["--live", "--watch", "--strict"])
        var options = Options(inputs: arguments.positionals)
        options.live = arguments.has("--live")
        options.watch = arguments.has("--watch")
        options.strict = arguments.has("--strict")
        options.validate.maps = try arguments.all("--map").map(URLMapping.parse)
        options.format = try arguments.choice("--format", among: ["text", "json"], default: "text") == "json" ? .json : .text
        if let media = arguments.value("--media") {
            guard let mode = ValidateOptions.Media(rawValue: media), mode != .auto else {
                throw Arguments.Problem.badValue(option: "--media", value: media, expected: "on or off")
            }
            options.validate.media = mode
        }
        for text in arguments.all("--profile") {
            guard let profiles = ValidationProfile.parse(text) else {
                throw Arguments.Problem.badValue(option: "--profile", value: text,
                    expected: "one of all, " + ValidationProfile.allCases.map(\.rawValue).joined(separator: ", "))
            }
            options.validate.profiles.formUnion(profiles)
        }
        if let n = try count(arguments, "--max-fetch", minimum: 0) { options.validate.maxFetch = n }
        if let n = try count(arguments, "--max-playlist-bytes", minimum: 1) { options.validate.limits.maxPlaylistBytes = Int64(n) }
        if let n = try count(arguments, "--max-line-bytes", minimum: 1) { options.validate.limits.maxLineBytes = n }
        if let n = try count(arguments, "--max-findings-per-rule", minimum: 0) { options.validate.limits.maxFindingsPerRule = n }
        options.duration = try arguments.number("--duration")
        if let duration = options.duration, duration <= 0 {
            throw Arguments.Problem.badValue(option: "--duration", value: "\(duration)", expected: "a positive number of seconds")
        }
        if options.duration != nil, !options.watch { throw Arguments.Problem.unexpected("--duration (only with --watch)") }
        if options.live, options.watch { throw Arguments.Problem.unexpected("--live with --watch") }
        if options.live {
            guard options.inputs.count >= 2 else { throw Arguments.Problem.missingPositional("at least two playlist versions for --live") }
        } else if options.inputs.count != 1 {
            throw Arguments.Problem.missingPositional(options.inputs.isEmpty ? "PLAYLIST_OR_DIR_OR_URL" : "only one PLAYLIST_OR_DIR_OR_URL (or use --live)")
        }
        return options
    }

    private static func count(_ arguments: Arguments, _ name: String, minimum: Int) throws -> Int? {
        guard let value = try arguments.number(name) else { return nil }
        guard value >= Double(minimum), value <= 1e15, value == value.rounded() else {
            throw Arguments.Problem.badValue(option: name, value: "\(value)", expected: "a whole number >= \(minimum)")
        }
        return Int(value)
    }

    /// Findings go out as they are found (one JSON object per line with --format json);
    /// SIGINT ends the watch cleanly; the exit code follows the same rule as a single run.
    static func watch(_ options: Options) -> Int32 {
        let stop = InterruptFlag()
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { stop.raise() }
        interrupt.resume()
        defer {
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
        }
        let watch = LiveWatch(input: options.inputs[0], options: options.validate, durationSeconds: options.duration)
        let outcome = watch.run(stop: stop, emit: { finding in
            Console.out((options.format == .json ? FindingFormatter.json(finding) : FindingFormatter.text(finding)) + "\n")
        })
        if options.format == .text {
            Console.error("pkgctl validate: \(outcome.reads) version(s) read, \(outcome.errors) error(s), \(outcome.warnings) warning(s)"
                          + (outcome.ended ? ", ended (EXT-X-ENDLIST)" : ""))
        }
        return outcome.errors > 0 || (options.strict && outcome.warnings > 0) ? ExitCode.failure : ExitCode.ok
    }
}
