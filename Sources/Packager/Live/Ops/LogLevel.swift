/// How much an event matters to whoever watches the log.
public enum LogLevel: String, Sendable, Equatable, CaseIterable {
    case info
    case warn
    case error
}
