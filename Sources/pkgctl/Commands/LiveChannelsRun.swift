import Foundation
import Packager

/// `pkgctl live --channels DIR`: the channels of DIR's configuration files in this process,
/// stopped together by SIGINT/SIGTERM. Exit 0 when every channel stopped (signal, or the end
/// of a file input), 1 when any lost its input or never started; each such channel says why on
/// stderr.
enum LiveChannelsRun {
    /// The settings that name one channel's input, output and files cannot apply to all of them.
    private static let perChannel: [(flag: String, isSet: (LiveCommand.Invocation) -> Bool)] = [
        ("--input", { $0.configuration.live.input != nil }), ("--output", { $0.configuration.live.output != nil }),
        ("--channel", { $0.configuration.live.channel != nil }), ("--state-dir", { $0.configuration.live.stateDirectory != nil }),
        ("--metrics", { $0.configuration.live.metricsFile != nil }), ("--config", { $0.configPath != nil }),
    ]

    static func load(_ directory: String, invocation: LiveCommand.Invocation) throws -> ChannelDirectory {
        if let clash = perChannel.first(where: { $0.isSet(invocation) }) {
            throw UsageError.conflict("\(clash.flag) names one channel's setting; with --channels it goes in that channel's file")
        }
        return try ChannelDirectory(path: directory, flags: invocation.configuration)
    }

    static func run(_ directory: ChannelDirectory, output: LogLineOutput) -> Int32 {
        ServiceHeap.configure()
        let group = ChannelGroup(channels: directory.channels, log: { name in
            EventLog(channel: name, output: { output.write($0) })
        })
        let log = EventLog(output: { output.write($0) })
        let signals = ShutdownSignals { request in
            log.info(.shutdown, ["signal": .string(request.signalName), "count": .int(request.count)])
            // As for one channel: the first signal lets every channel finish its segment, a
            // second stops at once (published versions and state files are complete on disk).
            if request.count >= 2 { exit(ExitCode.interrupted) }
            group.stop()
        }
        do {
            try signals.install()
        } catch {
            Console.error("pkgctl live: \(error)")
            return ExitCode.failure
        }
        log.info(.input, ["action": "channels", "directory": .string(directory.path), "count": .int(directory.channels.count)])
        var failed = false
        for result in group.run() {
            switch result.outcome {
            case .stopped: continue
            case .inputLost(let reason): Console.error("pkgctl live: channel \(result.name): input lost: \(reason)")
            case .unpublished(let reason): Console.error("pkgctl live: channel \(result.name): output incomplete at exit: \(reason)")
            case .notStarted(let reason): Console.error("pkgctl live: channel \(result.name): not started: \(reason)")
            }
            failed = true
        }
        return failed ? ExitCode.failure : ExitCode.ok
    }
}
