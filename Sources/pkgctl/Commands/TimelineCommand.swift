import Foundation
import Packager

/// `pkgctl timeline PLAYLIST_OR_URL [--format json|svg|text] [--output FILE] [--offline]`
/// `pkgctl timeline PLAYLIST_OR_URL --watch [--watch-limit SECONDS] [--output FILE]`
/// Network access only for an http(s) input and the playlists it references; `--offline`
/// forbids it. Exit 0 on success, 1 when the playlist cannot be read or is malformed, 2 on
/// usage problems.
enum TimelineCommand {
    static let usage = "usage: pkgctl timeline PLAYLIST_OR_URL [--format json|svg|text] [--output FILE] [--offline]\n"
        + "                [--max-playlist-bytes N] [--max-line-bytes N]\n"
        + "       pkgctl timeline PLAYLIST_OR_URL --watch [--watch-limit SECONDS] [--output FILE]"

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ args: [String]) -> Int32 {
        let arguments: Arguments
        let location: TimelineLocation
        let format: String
        let limit: Double?
        var fetcher = PlaylistFetcher()
        do {
            arguments = try Arguments(args, valued: ["--format", "--output", "--watch-limit", "--max-playlist-bytes", "--max-line-bytes"],
                                      switches: ["--watch", "--offline"])
            guard arguments.positionals.count == 1, let input = arguments.positionals.first else {
                throw Arguments.Problem.missingPositional(arguments.positionals.isEmpty ? "PLAYLIST_OR_URL" : "only one PLAYLIST_OR_URL")
            }
            format = try arguments.choice("--format", among: ["json", "svg", "text"], default: "json")
            limit = try arguments.number("--watch-limit")
            if let limit, limit <= 0 {
                throw Arguments.Problem.badValue(option: "--watch-limit", value: "\(limit)", expected: "a positive number of seconds")
            }
            if arguments.has("--watch"), format != "json" {
                throw Arguments.Problem.badValue(option: "--format", value: format, expected: "json with --watch (events are JSON lines)")
            }
            if limit != nil, !arguments.has("--watch") {
                throw UsageError(description: "--watch-limit only applies with --watch")
            }
            location = try TimelineLocation(argument: input)
            fetcher.offline = arguments.has("--offline")
            if let bytes = try arguments.number("--max-playlist-bytes") {
                guard bytes >= 1, bytes < 1e15 else {
                    throw Arguments.Problem.badValue(option: "--max-playlist-bytes", value: "\(bytes)", expected: "a positive number of bytes")
                }
                fetcher.limits.maxPlaylistBytes = Int64(bytes)
            }
            if let bytes = try arguments.number("--max-line-bytes") {
                guard bytes >= 1, bytes < 1e9 else {
                    throw Arguments.Problem.badValue(option: "--max-line-bytes", value: "\(bytes)", expected: "a positive number of bytes")
                }
                fetcher.limits.maxLineBytes = Int(bytes)
            }
        } catch {
            Console.error("pkgctl timeline: \(PrintableText.escaped("\(error)"))\n\(usage)")
            return ExitCode.usage
        }
        do {
            if arguments.has("--watch") {
                try watch(location, loader: TimelineLoader(fetcher: fetcher), limit: limit, output: arguments.value("--output"))
            } else {
                let snapshot = IntegratedTimeline.snapshot(of: try TimelineLoader(fetcher: fetcher).load(location))
                try write(render(snapshot, as: format), to: arguments.value("--output"))
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
        let stop = InterruptFlag()
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { stop.raise() }
        interrupt.resume()
        defer {
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
        }
        let watcher = TimelineWatcher(location: location, loader: loader, limitSeconds: limit)
        try watcher.run(stop: stop, emit: { sink.write($0.jsonLine + "\n") },
                        warn: { Console.error("pkgctl timeline: reload failed, retrying: \(PrintableText.escaped($0))") })
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
