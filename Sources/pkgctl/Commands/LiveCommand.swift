import Foundation
import Packager

/// `pkgctl live -i INPUT -o DIR|URL`: the encoder sidecar.
enum LiveCommand {
    static let valued: Set<String> = ConfigFlags.sharedValued.union([
        "-i", "--input", "-o", "--output", "--window", "--speed", "--input-timeout", "--keep-extra", "--metrics",
        "--state-dir", "--channel", "--target-duration", "--announce-lead"])
    static let switches: Set<String> = ["--event", "--realtime", "--loop", "--endlist-on-exit", "--reset-state"]

    static func run(_ args: [String]) -> Int32 {
        let options: LiveOptions
        do {
            let parsed = try Arguments(args, valued: valued, switches: switches)
            if let extra = parsed.positionals.first { throw Arguments.Problem.unexpected(extra) }
            options = try ConfigFlags.configuration(parsed) { try LiveFlags.apply(parsed, to: &$0) }.liveOptions()
        } catch {
            Console.error("pkgctl live: \(error)")
            return ExitCode.usage
        }
        let log = EventLog(channel: options.channel, handle: .standardError)
        let channel: LiveChannel
        do {
            channel = try LiveChannel(options: options, log: log)
        } catch {
            Console.error("pkgctl live: \(error)")
            return ExitCode.failure
        }
        let signals = ShutdownSignals { [channel] request in
            log.info(.shutdown, ["signal": .string(request.signalName), "count": .int(request.count)])
            // The first signal finishes the segment in progress; a second one stops at once
            // (every published version and the state file are already complete on disk).
            if request.count >= 2 { exit(ExitCode.interrupted) }
            channel.interrupt.raise()
        }
        do {
            try signals.install()
        } catch {
            Console.error("pkgctl live: \(error)")
            return ExitCode.failure
        }
        switch channel.run() {
        case .stopped:
            return ExitCode.ok
        case .inputLost(let reason):
            Console.error("pkgctl live: input '\(options.input)' lost: \(reason)")
            return ExitCode.failure
        }
    }
}

/// The live-only flags, each setting its configuration key.
enum LiveFlags {
    static func apply(_ parsed: Arguments, to c: inout PipelineConfiguration) throws {
        let inputs = parsed.all("-i") + parsed.all("--input")
        if inputs.count > 1 {
            throw Arguments.Problem.badValue(option: "-i", value: inputs.joined(separator: " "),
                                             expected: "one input (several renditions come as several video streams of one input)")
        }
        func set(_ key: String, _ flag: String, _ assign: () throws -> Void) rethrows {
            try assign()
            c.note(key, from: flag)
        }
        if let input = inputs.first { set("live.input", "-i") { c.live.input = input } }
        if let out = parsed.value("-o") ?? parsed.value("--output") { set("live.output", "-o") { c.live.output = out } }
        if let w = parsed.value("--window") {
            if w.hasSuffix("s"), let seconds = Double(w.dropLast()), seconds > 0 {
                set("live.window_seconds", "--window") { c.live.windowSeconds = seconds }
            } else if let count = Int(w), count > 0 {
                set("live.window_segments", "--window") { c.live.windowSegments = count }
            } else {
                throw Arguments.Problem.badValue(option: "--window", value: w, expected: "a segment count (10) or seconds (60s)")
            }
        }
        if let t = try parsed.number("--target-duration") {
            guard t >= 1, t <= 60, t == t.rounded() else {
                throw Arguments.Problem.badValue(option: "--target-duration", value: String(t), expected: "whole seconds from 1 to 60")
            }
            set("segments.target_duration", "--target-duration") { c.segments.targetDuration = Int(t) }
        }
        for (flag, key, assign) in [("--speed", "live.speed", { (c: inout PipelineConfiguration, v: Double) in c.live.speed = v }),
                                    ("--input-timeout", "live.input_timeout", { $0.live.inputTimeout = $1 }),
                                    ("--keep-extra", "live.keep_extra", { $0.live.keepExtra = $1 }),
                                    ("--announce-lead", "live.announce_lead", { $0.live.announceLead = $1 })] {
            if let v = try parsed.number(flag) { set(key, flag) { assign(&c, v) } }
        }
        if let m = parsed.value("--metrics") { set("live.metrics_file", "--metrics") { c.live.metricsFile = m } }
        if let s = parsed.value("--state-dir") { set("live.state_dir", "--state-dir") { c.live.stateDirectory = s } }
        if let name = parsed.value("--channel") { set("live.channel", "--channel") { c.live.channel = name } }
        for (flag, key, assign) in [("--event", "live.event", { (c: inout PipelineConfiguration) in c.live.event = true }),
                                    ("--realtime", "live.realtime", { $0.live.realtime = true }),
                                    ("--loop", "live.loop", { $0.live.loop = true }),
                                    ("--endlist-on-exit", "live.endlist_on_exit", { $0.live.endlistOnExit = true }),
                                    ("--reset-state", "live.reset_state", { $0.live.resetState = true })] where parsed.has(flag) {
            set(key, flag) { assign(&c) }
        }
    }
}
