import Foundation

/// Several live channels in one process, one thread each (`pkgctl live --channels DIR`).
///
/// Nothing is shared between the channels but the process: each has its own input, segmenter,
/// publisher, sink and state file, so one channel's lost input (retried until its
/// `--input-timeout`, then given up), unwritable output or failure to start ends that channel
/// alone while the others go on publishing. What cannot be confined in one process is a crash
/// of the process itself (a trap, the OOM killer): operators who need that isolation keep the
/// default deployment, one process per channel.
public final class ChannelGroup: @unchecked Sendable {
    public enum Outcome: Equatable, Sendable {
        case stopped
        case inputLost(String)
        /// Stopped with uploads still pending (`LiveChannel.Outcome.unpublished`).
        case unpublished(String)
        /// The channel never ran: its output, state or metrics could not be set up.
        case notStarted(String)
    }

    public struct Result: Equatable, Sendable {
        public let name: String
        public let outcome: Outcome
    }

    private let channels: [ChannelDirectory.Channel]
    private let makeLog: (String) -> EventLog
    private let makeChannel: (LiveOptions, EventLog) throws -> LiveChannel
    private let lock = NSLock()
    private var running: [LiveChannel] = []
    private var stopRequested = false

    /// - Parameter log: the event log of the named channel (each line carries the name).
    public convenience init(channels: [ChannelDirectory.Channel], log: @escaping (String) -> EventLog) {
        self.init(channels: channels, log: log, channel: { try LiveChannel(options: $0, log: $1) })
    }

    /// Channels made by `channel` (tests give them a recording sink).
    init(channels: [ChannelDirectory.Channel], log: @escaping (String) -> EventLog,
         channel: @escaping (LiveOptions, EventLog) throws -> LiveChannel) {
        self.channels = channels
        makeLog = log
        makeChannel = channel
    }

    /// Runs every channel on its own thread and returns when all have ended, in the
    /// directory's order.
    public func run() -> [Result] {
        DescriptorLimit.raiseToHard()
        let results = ResultSlots(count: channels.count)
        let done = DispatchGroup()
        for (index, spec) in channels.enumerated() {
            done.enter()
            let thread = Thread { [self] in
                let result = runChannel(spec)
                lock.withLock { results.items[index] = result }
                done.leave()
            }
            thread.name = "pkgctl live \(spec.name)"
            thread.start()
        }
        done.wait()
        return lock.withLock { results.items.compactMap { $0 } }
    }

    /// Asks every channel to finish its segment, publish and save its state (the first
    /// SIGINT/SIGTERM); channels still starting stop as soon as they exist.
    public func stop() {
        let channels = lock.withLock { () -> [LiveChannel] in
            stopRequested = true
            return running
        }
        for channel in channels { channel.interrupt.raise() }
    }

    private func runChannel(_ spec: ChannelDirectory.Channel) -> Result {
        let log = makeLog(spec.name)
        let channel: LiveChannel
        do {
            channel = try makeChannel(spec.options, log)
        } catch {
            log.error(.shutdown, ["outcome": "not started", "config": .string(spec.file), "error": .string(String(describing: error))])
            return Result(name: spec.name, outcome: .notStarted(String(describing: error)))
        }
        let stopNow = lock.withLock { () -> Bool in
            running.append(channel)
            return stopRequested
        }
        if stopNow { channel.interrupt.raise() }
        switch channel.run() {
        case .stopped: return Result(name: spec.name, outcome: .stopped)
        case .inputLost(let reason): return Result(name: spec.name, outcome: .inputLost(reason))
        case .unpublished(let reason): return Result(name: spec.name, outcome: .unpublished(reason))
        }
    }
}

/// Each channel thread's result, written under the group's lock (hence `@unchecked Sendable`).
private final class ResultSlots: @unchecked Sendable {
    var items: [ChannelGroup.Result?]
    init(count: Int) { items = Array(repeating: nil, count: count) }
}
