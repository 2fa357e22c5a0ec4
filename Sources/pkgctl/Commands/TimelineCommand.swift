import Foundation
import Packager

/// `pkgctl timeline PLAYLIST_OR_URL [--format json|svg|text] [--output FILE] [--offline]`
/// `pkgctl timeline PLAYLIST_OR_URL --watch [--watch-limit SECONDS] [--output FILE]`
/// Network access only for an http(s) input and the playlists it references; `--offline`
/// forbids it. Exit 0 on success, 1 when the playlist cannot be read or is malformed, 2 on
/// usage problems.
enum TimelineCommand {
    struct Invocation {
        var format = "json"
        var output: String?
        var watch = false
        var watchLimit: Double?
        var fetcher = PlaylistFetcher()
    }

    static let options: [Option<Invocation>] = [
        .value("--format", .choice(["json", "svg", "text"]), default: "json",
               "the schedule as JSON, or the integrated timeline drawn as SVG or text") { $0.format = $1.text },
        .value("--output", .file("FILE"), default: "stdout", "write to FILE (with --watch: appended line by line)") { $0.output = $1.text },
        .flag("--offline", "never use the network (an http(s) input or variant is an error)") { $0.fetcher.offline = true },
        .flag("--watch", "follow a live playlist; print segmentsChanged / currentSegmentChanged events as JSON lines") {
            $0.watch = true
        },
        .value("--watch-limit", .number("S"), "with --watch: stop after S seconds") {
            $0.watchLimit = try $1.positive("a positive number of seconds")
        },
        .value("--max-playlist-bytes", .number("N"), default: DefaultText.number(ReadLimits.defaultPlaylistBytes),
               "refuse a playlist above N bytes") { $0.fetcher.limits.maxPlaylistBytes = Int64(try $1.wholeNumber(atLeast: 1)) },
        .value("--max-line-bytes", .number("N"), default: DefaultText.number(ReadLimits.defaultLineBytes),
               "skip (and report) a line above N bytes") { $0.fetcher.limits.maxLineBytes = try $1.wholeNumber(atLeast: 1) },
    ]

    static let entry = CommandEntry(
        name: "timeline", synopsis: ["PLAYLIST_OR_URL [--format json|svg|text] [--output FILE] [--offline]",
                                     "PLAYLIST_OR_URL --watch [--watch-limit S] [--output FILE]"],
        summary: "the schedule a player builds from a playlist: integrated and playout timelines, interstitials, live join",
        options: options.map(\.spec), positionals: .files, run: run)

    static func run(_ args: [String]) -> Int32 {
        let invocation: Invocation
        let location: TimelineLocation
        do {
            guard let parsed = try options.parse(args, into: Invocation()) else { return entry.printHelp() }
            invocation = parsed.invocation
            guard parsed.positionals.count == 1, let input = parsed.positionals.first else {
                throw UsageError.missingPositional(parsed.positionals.isEmpty ? "PLAYLIST_OR_URL" : "only one PLAYLIST_OR_URL")
            }
            if invocation.watch, invocation.format != "json" {
                throw UsageError.badValue(option: "--format", value: invocation.format, expected: "json with --watch (events are JSON lines)")
            }
            if invocation.watchLimit != nil, !invocation.watch { throw UsageError.conflict("--watch-limit only applies with --watch") }
            location = try TimelineLocation(argument: input)
        } catch {
            return entry.usageFailure(error)
        }
        do {
            let loader = TimelineLoader(fetcher: invocation.fetcher)
            if invocation.watch {
                try watch(location, loader: loader, limit: invocation.watchLimit, output: invocation.output)
            } else {
                let snapshot = IntegratedTimeline.snapshot(of: try loader.load(location))
                try write(render(snapshot, as: invocation.format), to: invocation.output)
            }
            return ExitCode.ok
        } catch {
            Console.error("pkgctl timeline: \(error)")
            return ExitCode.failure
        }
    }

    private static func render(_ snapshot: TimelineSnapshot, as format: String) -> String {
        switch format {
        case "svg": return TimelineSVGRenderer.render(snapshot)
        case "text": return TimelineTextRenderer.render(snapshot)
        default: return TimelineJSONWriter.render(snapshot)
        }
    }

    private static func write(_ text: String, to path: String?) throws {
        guard let path else {
            Console.out(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw TimelineError.unreadable(location: path, reason: "cannot write output: \(error.localizedDescription)")
        }
    }

    /// Events go out as JSON lines as they happen; SIGINT ends the watch cleanly (exit 0).
    private static func watch(_ location: TimelineLocation, loader: TimelineLoader, limit: Double?, output: String?) throws {
        let sink = try EventSink(path: output)
        let watcher = TimelineWatcher(location: location, loader: loader, limitSeconds: limit)
        try InterruptScope.run { stop in
            _ = try watcher.run(stop: stop, emit: { sink.write($0.jsonLine + "\n") },
                                warn: { Console.error("pkgctl timeline: reload failed, retrying: \(PrintableText.escaped($0))") })
        }
    }
}

/// Where watch events are written: stdout, or a file appended to line by line so another
/// process can follow it.
private struct EventSink {
    let handle: FileHandle

    init(path: String?) throws {
        guard let path else {
            handle = FileHandle.standardOutput
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw TimelineError.unreadable(location: path, reason: "cannot create output file")
        }
        self.handle = handle
    }

    func write(_ text: String) { handle.write(Data(text.utf8)) }
}
