import CFFmpeg
import Foundation

/// One line of FFmpeg's own log (av_log), as plain values.
public struct FFmpegLogMessage: Equatable, Sendable {
    /// FFmpeg's level (AV_LOG_ERROR = 16, AV_LOG_WARNING = 24, AV_LOG_INFO = 32, …).
    public var level: Int32
    /// The AVClass item that logged it: "mpegts", "h264", "aac", …; empty when none.
    public var component: String
    /// The message without FFmpeg's "[component @ 0x…]" prefix or its trailing newline.
    public var text: String

    /// pkgctl's level for it. pkgctl's `error` means pkgctl failed at something (a channel, a
    /// segment, an upload); FFmpeg's own `error` lines are about input content that pkgctl reads
    /// through — a stream joined mid-GOP makes the probe's H.264 decoder say "non-existing PPS"
    /// for every slice before the first SPS — so they are warnings. Only fatal and panic are
    /// errors. `ffmpeg_level` keeps FFmpeg's own level.
    public var logLevel: LogLevel {
        if level <= AV_LOG_FATAL { return .error }
        if level <= AV_LOG_ERROR { return .warn }
        if level <= AV_LOG_WARNING { return .warn }
        return .info
    }

    /// FFmpeg's own name for the level (what `-loglevel` takes).
    public var levelName: String {
        switch level {
        case ...AV_LOG_FATAL: return level <= AV_LOG_PANIC ? "panic" : "fatal"
        case ...AV_LOG_ERROR: return "error"
        case ...AV_LOG_WARNING: return "warning"
        case ...AV_LOG_INFO: return "info"
        case ...AV_LOG_VERBOSE: return "verbose"
        default: return "debug"
        }
    }
}

/// Routes av_log into Swift (process-wide, as av_log_set_callback is): the C shim formats each
/// line and this hands it to the installed handler. FFmpeg logs from whichever thread it runs
/// on; a lock serialises handlers and joins the pieces of a line logged in several calls.
public enum FFmpegLogTap {
    public typealias Handler = @Sendable (FFmpegLogMessage) -> Void

    /// Identifies one installation, so a later one is never removed by an earlier owner.
    public struct Token: Equatable, Sendable { fileprivate let value: Int }

    private static let lock = NSLock()
    private static var handler: Handler?
    private static var current = 0
    private static var pending = ""

    /// Sends every av_log line at or above FFmpeg's current level to `handler` from now on.
    public static func install(_ handler: @escaping Handler) -> Token {
        lock.lock()
        current += 1
        let token = Token(value: current)
        self.handler = handler
        pending = ""
        lock.unlock()
        pkgctl_log_capture { level, component, message in
            FFmpegLogTap.receive(level: level, component: component.map { String(cString: $0) } ?? "",
                                 text: message.map { String(cString: $0) } ?? "")
        }
        return token
    }

    /// Back to FFmpeg's stderr logging, if `token` is still the installation in force.
    public static func remove(_ token: Token) {
        lock.lock()
        guard token.value == current, handler != nil else { lock.unlock(); return }
        handler = nil
        pending = ""
        lock.unlock()
        pkgctl_log_capture(nil)
    }

    private static func receive(level: Int32, component: String, text: String) {
        lock.lock(); defer { lock.unlock() }
        guard let handler else { return }
        // FFmpeg builds some lines in several calls; only a newline ends one.
        pending += text
        guard pending.hasSuffix("\n") else { return }
        let line = pending.trimmingCharacters(in: .whitespacesAndNewlines)
        pending = ""
        guard !line.isEmpty else { return }
        handler(FFmpegLogMessage(level: level, component: component, text: line))
    }
}
