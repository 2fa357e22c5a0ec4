/// The `event` field of a log line: what kind of thing happened.
///
/// Open-ended (any string works) so new stages can log without touching this file; the
/// constants are the names the live pipeline and dashboards agree on.
public struct LogEventName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let segment: LogEventName = "segment"
    public static let cue: LogEventName = "cue"
    public static let span: LogEventName = "span"
    /// One span edge's cut (`--splice`): where it landed, what was re-encoded, what it cost.
    public static let splice: LogEventName = "splice"
    public static let publish: LogEventName = "publish"
    public static let error: LogEventName = "error"
    public static let input: LogEventName = "input"
    public static let state: LogEventName = "state"
    public static let shutdown: LogEventName = "shutdown"
}
