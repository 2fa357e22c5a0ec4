import Foundation

extension LogEventName {
    /// A line of FFmpeg's own log (av_log), captured instead of going raw to stderr.
    public static let ffmpeg: LogEventName = "ffmpeg"
}

/// Puts FFmpeg's log lines into a channel's JSON log, rate-limited: a burst of corrupt input
/// makes libavformat and the parsers log a line per damaged packet (hundreds a second), which
/// would drown everything else. A token bucket lets `burst` lines through at once and `perSecond`
/// after that; what it holds back is counted and reported in the next line let through (and at
/// `flush`), so nothing vanishes without a number.
public final class FFmpegLogForwarder: @unchecked Sendable {
    private let log: EventLog
    private let clock: @Sendable () -> Date
    private let burst: Double
    private let perSecond: Double
    private let lock = NSLock()
    private var tokens: Double
    private var refilledAt: Date?
    private var suppressed = 0
    private var token: FFmpegLogTap.Token?

    public init(log: EventLog, burst: Int = 20, perSecond: Double = 2,
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.log = log
        self.clock = clock
        self.burst = Double(max(1, burst))
        self.perSecond = max(0, perSecond)
        tokens = Double(max(1, burst))
    }

    /// Captures av_log from now on (process-wide) into this forwarder's log.
    public func start() {
        token = FFmpegLogTap.install { [weak self] message in self?.forward(message) }
    }

    /// Gives av_log back to FFmpeg and reports what was still held back.
    public func stop() {
        if let token { FFmpegLogTap.remove(token) }
        token = nil
        flush()
    }

    /// One message: logged if the bucket has a token, else counted.
    public func forward(_ message: FFmpegLogMessage) {
        lock.lock()
        let now = clock()
        if let refilledAt { tokens = min(burst, tokens + now.timeIntervalSince(refilledAt) * perSecond) }
        refilledAt = now
        guard tokens >= 1 else {
            suppressed += 1
            lock.unlock()
            return
        }
        tokens -= 1
        let held = suppressed
        suppressed = 0
        lock.unlock()
        var fields: LogFields = ["component": .string(message.component), "ffmpeg_level": .string(message.levelName),
                                 "message": .string(message.text)]
        if held > 0 { fields.set("suppressed_before", .int(held)) }
        log.log(message.logLevel, .ffmpeg, fields)
    }

    /// Reports lines held back since the last one let through.
    public func flush() {
        lock.lock()
        let held = suppressed
        suppressed = 0
        lock.unlock()
        guard held > 0 else { return }
        log.warn(.ffmpeg, ["action": "suppressed", "count": .int(held)])
    }
}
