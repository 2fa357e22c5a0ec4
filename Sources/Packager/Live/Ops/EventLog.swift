import Foundation

/// A channel's structured log: one JSON object per line (see `EventLogLine`), written to
/// stderr by default so journald or a container runtime collects it.
///
/// One instance per channel, passed to whatever needs to log; nothing is global. Safe to
/// call from any thread (the HTTP sink reports from its worker): a lock covers reading the
/// clock, formatting and writing, so lines never interleave and their timestamps never go
/// backwards in the output.
public final class EventLog: @unchecked Sendable {
    public let channel: String?
    private let clock: @Sendable () -> Date
    private let output: @Sendable (String) -> Void
    private let lock = NSLock()

    /// - Parameters:
    ///   - clock: where `ts` comes from; tests inject a fixed one.
    ///   - output: receives each complete line including its trailing newline.
    public init(channel: String? = nil,
                clock: @escaping @Sendable () -> Date = { Date() },
                output: @escaping @Sendable (String) -> Void) {
        self.channel = channel
        self.clock = clock
        self.output = output
    }

    /// Writes lines to `handle` (stderr unless told otherwise). A failed write (closed
    /// pipe, full disk) is dropped: the log has nowhere to report its own failure, and
    /// packaging must go on.
    public convenience init(channel: String? = nil,
                            handle: FileHandle = .standardError,
                            clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(channel: channel, clock: clock, output: { line in
            try? handle.write(contentsOf: Data(line.utf8))
        })
    }

    public func log(_ level: LogLevel, _ event: LogEventName, _ fields: LogFields = [:]) {
        lock.lock(); defer { lock.unlock() }
        output(EventLogLine.format(time: clock(), level: level, event: event, channel: channel, fields: fields))
    }

    public func info(_ event: LogEventName, _ fields: LogFields = [:]) { log(.info, event, fields) }
    public func warn(_ event: LogEventName, _ fields: LogFields = [:]) { log(.warn, event, fields) }
    public func error(_ event: LogEventName, _ fields: LogFields = [:]) { log(.error, event, fields) }
}
