import Foundation
import Packager

/// A parsed `pkgctl live`: the channel, its signal handling and its exit code.
enum LiveRun {
    static func run(options: LiveOptions, log: EventLog) -> Int32 {
        ServiceHeap.configure()
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
        case .unpublished(let reason):
            Console.error("pkgctl live: output '\(options.output)' incomplete at exit: \(reason)")
            return ExitCode.failure
        }
    }
}
