#if canImport(Glibc)
import Glibc
#endif

/// A termination signal that arrived: which one, and how many have arrived so far (a
/// second Ctrl-C usually means "stop now, don't finish the segment").
public struct ShutdownRequest: Equatable, Sendable {
    public let signal: Int32
    public let count: Int

    public init(signal: Int32, count: Int) {
        self.signal = signal
        self.count = count
    }

    /// "SIGTERM", "SIGINT", or "signal N" for others, for log lines.
    public var signalName: String {
        switch signal {
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        default: return "signal \(signal)"
        }
    }
}
