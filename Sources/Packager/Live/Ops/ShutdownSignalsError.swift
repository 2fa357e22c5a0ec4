/// Signal observation could not be set up.
public enum ShutdownSignalsError: Error, CustomStringConvertible, Equatable, Sendable {
    /// libdispatch did not register the sources in time (install() called on the
    /// callback queue, or the process is out of file descriptors for signalfd).
    case notArmed(signals: [Int32], timeout: Double)

    public var description: String {
        switch self {
        case .notArmed(let signals, let timeout):
            return "could not arm handlers for signals \(signals.map(String.init).joined(separator: ", "))"
                + " within \(timeout) s; a stop request would not be noticed"
                + " (is install() running on the callback queue, or are file descriptors exhausted?)"
        }
    }
}
