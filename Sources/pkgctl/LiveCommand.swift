import CueDetect
import DateRangeWriter
import Foundation
import Packager

/// `pkgctl live -i INPUT -o DIR|URL`: the encoder sidecar.
enum LiveCommand {
    static let valued: Set<String> = ["-i", "--input", "-o", "--output", "--config", "--segment-format",
                                      "--segment-duration", "--window", "--speed", "--input-timeout", "--keep-extra",
                                      "--metrics", "--state-dir", "--placement", "--asset-base-url", "--channel",
                                      "--recap-pattern", "--asset-list-template", "--sidecar"]
    static let switches: Set<String> = ["--event", "--realtime", "--loop", "--endlist-on-exit", "--reset-state"]

    static func run(_ args: [String]) -> Int32 {
        var options: LiveOptions
        do {
            let parsed = try Arguments(args, valued: valued, switches: switches)
            if let extra = parsed.positionals.first { throw Arguments.Problem.unexpected(extra) }
            options = try parsed.value("--config").map { try PipelineConfiguration.load(path: $0).liveOptions() } ?? LiveOptions()
            try LiveFlags.apply(parsed, to: &options)
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

enum LiveFlags {
    static func apply(_ parsed: Arguments, to o: inout LiveOptions) throws {
        let inputs = parsed.all("-i") + parsed.all("--input")
        if inputs.count > 1 {
            throw Arguments.Problem.badValue(option: "-i", value: inputs.joined(separator: " "),
                                             expected: "one input (several renditions are not supported yet)")
        }
        if let input = inputs.first { o.input = input }
        if let out = parsed.value("-o") ?? parsed.value("--output") { o.output = out }
        guard !o.input.isEmpty else { throw Arguments.Problem.missingPositional("-i INPUT") }
        guard !o.output.isEmpty else { throw Arguments.Problem.missingPositional("-o DIR or URL") }
        if let format = try SharedFlags.segmentFormat(parsed) { o.segmentFormat = format }
        if let d = try SharedFlags.segmentDuration(parsed, upTo: 30) { o.segmentDuration = d }
        if let w = parsed.value("--window") {
            if w.hasSuffix("s"), let seconds = Double(w.dropLast()), seconds > 0 {
                o.windowSeconds = seconds
                o.windowSegments = nil
            } else if let count = Int(w), count > 0 {
                o.windowSegments = count
                o.windowSeconds = nil
            } else {
                throw Arguments.Problem.badValue(option: "--window", value: w, expected: "a segment count (10) or seconds (60s)")
            }
        }
        if let sidecar = parsed.value("--sidecar") { o.sidecar = URL(fileURLWithPath: sidecar) }
        if parsed.has("--event") { o.event = true }
        if parsed.has("--realtime") { o.realtime = true }
        if parsed.has("--loop") { o.loop = true }
        if parsed.has("--endlist-on-exit") { o.endlistOnExit = true }
        if parsed.has("--reset-state") { o.resetState = true }
        if let s = try parsed.number("--speed") {
            guard s > 0, s <= 1000 else { throw Arguments.Problem.badValue(option: "--speed", value: String(s), expected: "a factor above 0") }
            o.speed = s
            o.realtime = true
        }
        if let t = try parsed.number("--input-timeout") {
            guard t >= 1 else { throw Arguments.Problem.badValue(option: "--input-timeout", value: String(t), expected: "at least 1 second") }
            o.inputTimeout = t
        }
        if let k = try parsed.number("--keep-extra") {
            guard k >= 0 else { throw Arguments.Problem.badValue(option: "--keep-extra", value: String(k), expected: "seconds ≥ 0") }
            o.keepExtra = k
        }
        if let m = parsed.value("--metrics") { o.metricsFile = URL(fileURLWithPath: m) }
        if let s = parsed.value("--state-dir") { o.stateDirectory = URL(fileURLWithPath: s) }
        if let c = parsed.value("--channel") { o.channel = c }
        if let placement = try SharedFlags.placement(parsed) {
            o.defaultPlacement = placement
            o.placementByKind = [:]
        }
        if let url = try SharedFlags.assetBaseURL(parsed) { o.assetBaseURL = url }
        if o.assetBaseURL == nil {
            o.assetBaseURL = o.isHTTPOutput ? BaseURL.parse(o.output)
                : URL(string: "http://127.0.0.1:8000/")
        }
        try SharedFlags.applySpanFlags(parsed, classifier: &o.classifier, policy: &o.policy)
        if o.input.hasPrefix("udp://"), o.inputOptions["fifo_size"] == nil {
            // A deep socket FIFO and no overrun abort: a busy moment must not drop the feed.
            o.inputOptions["fifo_size"] = "1000000"
            o.inputOptions["overrun_nonfatal"] = "1"
        }
    }
}
