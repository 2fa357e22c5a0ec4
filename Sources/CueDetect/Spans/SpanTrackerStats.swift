/// Counts of cues the tracker looked at but did not turn into span events. None of them is
/// an error: they are for logs and health checks.
public struct SpanTrackerStats: Codable, Equatable, Sendable {
    /// splice_null cues.
    public var heartbeats = 0
    /// Resent out-cues for a span already open at the same time, and in-cues (or cancels)
    /// for a span that is already closed.
    public var repeats = 0
    /// In-cues / End descriptors with no span of that id ever opened (or whose span was cancelled).
    public var unmatchedIns = 0
    /// Cancels naming an event id that has nothing open.
    public var unknownCancels = 0
    /// splice_schedule, bandwidth_reservation, private_command, encrypted and the like.
    public var otherCommands = 0
    /// Segmentation descriptors and chapters the classifier says are not spans.
    public var ignoredSignals = 0
    /// Contradictory cues that were dropped: a changed splice time for a span that already
    /// started, an in-point at or before its out-point, a chapter that ends before it starts.
    public var anomalies = 0

    public init() {}
}
