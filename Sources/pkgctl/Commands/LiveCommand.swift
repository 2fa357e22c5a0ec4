import Foundation
import Packager

/// `pkgctl live -i INPUT -o DIR|URL`: the encoder sidecar.
enum LiveCommand {
    struct Invocation: PipelineInvocation {
        var configuration = PipelineConfiguration()
        var configPath: String?
        var quiet = false
        var logFormat = LogLineOutput.Format.json
        var channelsDirectory: String?
    }

    private static let defaults = LiveOptions()

    static let options: [Option<Invocation>] = [
        .setting("--input", .file("INPUT"), aliases: ["-i"], key: "live.input",
                 "udp://, srt://, rist://, pipe: or -, http(s)://, or a file (with --realtime); required") {
            if let first = $0.live.input {
                throw $1.bad("one input (several renditions come as several video streams of one input; also given: '\(first)')")
            }
            $0.live.input = $1.text
        },
        .setting("--input-hls", .text("URL"), key: "stitched.input_hls",
                 "a live server-stitched HLS media playlist, followed at its target duration (a playlist given with -i is recognised too)") {
            if let first = $0.live.input {
                throw $1.bad("one input (also given: '\(first)')")
            }
            $0.live.input = $1.text
            $0.stitched.inputIsPlaylist = true
        },
        .setting("--output", .directory("DIR|URL"), aliases: ["-o"], key: "live.output",
                 "output directory, or an http(s) origin (PUT/DELETE; needs --state-dir); required") { $0.live.output = $1.text },
        .setting("--channel", .text("NAME"), key: "live.channel", "channel name in every log line and metric") { $0.live.channel = $1.text },
        .setting("--window", .text("N|Ns"), keys: ["live.window_segments", "live.window_seconds"],
                 default: defaults.windowSeconds.map { DefaultText.number($0) + "s" } ?? defaults.windowSegments.map(DefaultText.number),
                 "rolling window: N segments or N seconds (never below three target durations)") {
            if $1.text.hasSuffix("s"), let seconds = Double($1.text.dropLast()), seconds.isFinite, seconds > 0 {
                $0.live.windowSeconds = seconds
                return "live.window_seconds"
            }
            guard let count = Int($1.text), count > 0, count <= LiveWindow.mostSegments else {
                throw $1.bad("a segment count (10, at most \(LiveWindow.mostSegments)) or seconds (60s)")
            }
            $0.live.windowSegments = count
            return "live.window_segments"
        },
        .setting(flag: "--event", key: "live.event", "EVENT playlist: keep every segment (PLAYLIST-TYPE:EVENT)") { $0.live.event = true },
        .setting(flag: "--realtime", key: "live.realtime", "pace a file input by its timestamps (a rehearsal of a live feed)") {
            $0.live.realtime = true
        },
        .setting("--speed", .number("N"), key: "live.speed", default: DefaultText.number(defaults.speed),
                 "pace a file input N times real time (implies --realtime)") { $0.live.speed = try $1.number() },
        .setting(flag: "--loop", key: "live.loop", "start a file input again at its end (a new epoch, after a discontinuity)") {
            $0.live.loop = true
        },
    ] + PipelineOptions.shared(.init(segmentFormat: defaults.segmentFormat, segmentDuration: defaults.segmentDuration,
                                     placement: defaults.defaultPlacement,
                                     assetBaseURL: "the output for an http(s) origin, else "
                                        + (defaults.assetBaseURL?.absoluteString ?? ""))) + [
        .setting("--target-duration", .number("S"), key: "segments.target_duration",
                 default: "the rounded segment duration, raised to fit the input's GOP",
                 "fixed EXT-X-TARGETDURATION, whole seconds from 1 to 60") {
            let seconds = try $1.number()
            guard seconds >= 1, seconds <= 60, seconds == seconds.rounded() else { throw $1.bad("whole seconds from 1 to 60") }
            $0.segments.targetDuration = Int(seconds)
        },
        .setting("--clock", .text("wall|media|DATE"), key: "live.clock", default: "wall",
                 "media: names, sequences, PDT and IDs from the media timestamps, for a redundant pair (docs/redundancy.md)") {
            $0.live.clock = $1.text
        },
        .setting("--announce-lead", .number("S"), key: "live.announce_lead",
                 default: "0: in the first version that lists the splice segment",
                 "announce an ad-server interstitial S seconds earlier (froze hls.js near the edge; docs/live.md)") {
            $0.live.announceLead = try $1.number()
        },
        .setting("--input-timeout", .number("S"), key: "live.input_timeout", default: DefaultText.number(defaults.inputTimeout),
                 "seconds a lost input is retried before pkgctl exits 1") { $0.live.inputTimeout = try $1.number() },
        .setting("--fragment-duration", .number("S"), key: "live.fragment_duration",
                 default: DefaultText.number(defaults.fragmentDuration ?? 0),
                 "fMP4: seconds of video per fragment, several per segment, each written as it closes; 0: one per segment") {
            $0.live.fragmentDuration = try $1.number()
        },
        .setting("--keep-extra", .number("S"), key: "live.keep_extra", default: DefaultText.number(defaults.keepExtra),
                 "seconds a removed segment stays beyond the spec's availability time") { $0.live.keepExtra = try $1.number() },
        .setting("--metrics", .file("FILE"), key: "live.metrics_file",
                 "write Prometheus text metrics to FILE (node_exporter textfile collector)") { $0.live.metricsFile = $1.text },
        .setting("--state-dir", .directory("DIR"), key: "live.state_dir", default: "the output directory (file output)",
                 "where .pkgctl-live-state.json lives, so a restarted channel continues its playlist") { $0.live.stateDirectory = $1.text },
        .setting("--durability", .choice(OptionValue.words(PublishDurability.self)), key: "live.durability", default: "power",
                 "power: fsync every published file (survives a power cut); process: leave write-back to the kernel, "
                    + "as FFmpeg does (survives pkgctl's own crash; no disk wait per segment)") {
            $0.live.durability = try $1.word(PublishDurability.self).rawValue
        },
        .setting(flag: "--reset-state", key: "live.reset_state", "ignore saved state and start a new playlist") { $0.live.resetState = true },
        .setting(flag: "--endlist-on-exit", key: "live.endlist_on_exit", "add EXT-X-ENDLIST when stopped by SIGINT/SIGTERM") {
            $0.live.endlistOnExit = true
        },
        .value("--log-format", .choice(OptionValue.words(LogLineOutput.Format.self)), default: LogLineOutput.Format.json.rawValue,
               "log lines on stderr: JSON objects (for journald, Loki, …), or the same fields as readable text") {
            $0.logFormat = try $1.word(LogLineOutput.Format.self)
        },
        .flag("--quiet", aliases: ["-q"], "log warnings and errors only (no info lines)") { $0.quiet = true },
        .value("--channels", .directory("DIR"),
               "one channel per configuration file DIR/*.json in this process, one thread each; flags apply to all") {
            $0.channelsDirectory = $1.text
        },
    ] + PipelineOptions.http() + StitchedFlags.shared()

    static let entry = CommandEntry(
        name: "live", synopsis: ["-i INPUT -o DIR|URL [options]", "--input-hls URL -o DIR|URL [options]",
                                 "--channels DIR [options]"],
        summary: "package a live MPEG-TS feed into rolling HLS, announcing each interstitial as its cue arrives",
        options: options.map(\.spec), positionals: .none, run: run)

    static func run(_ args: [String]) -> Int32 {
        var options: LiveOptions?
        var channels: ChannelDirectory?
        let invocation: Invocation
        do {
            guard let parsed = try self.options.parse(args, into: Invocation()) else { return entry.printHelp() }
            if let extra = parsed.positionals.first { throw UsageError.unexpected(extra) }
            invocation = parsed.invocation
            if let directory = invocation.channelsDirectory {
                channels = try LiveChannelsRun.load(directory, invocation: invocation)
            } else {
                options = try PipelineOptions.configuration(invocation).liveOptions()
            }
        } catch {
            return entry.usageFailure(error)
        }
        let output = LogLineOutput(format: invocation.logFormat, quiet: invocation.quiet,
                                   colour: Terminal.colourAllowed(onStandardError: true))
        if let channels { return LiveChannelsRun.run(channels, output: output) }
        guard let options else { return ExitCode.failure }
        let log = EventLog(channel: options.channel, output: { output.write($0) })
        return LiveRun.run(options: options, log: log)
    }
}
