/// Counters a sink keeps so the caller can log and export them.
public struct PublishStats: Equatable, Codable, Sendable {
    /// Successful puts.
    public var puts: Int = 0
    /// Successful deletes (including deletes of names that were already gone).
    public var deletes: Int = 0
    /// Items given up on: write errors, rejected requests, retry deadlines passed.
    public var failures: Int = 0
    /// Why the first item given up on failed (an origin's answer, the retry deadline), kept by a
    /// sink that gives up without throwing (`HTTPSink`; the file sinks throw the error itself):
    /// what a run that ends incomplete reports besides the count.
    public var firstFailure: String? = nil
    /// Attempts repeated after a retryable failure.
    public var retries: Int = 0
    /// Items refused because the queue was full.
    public var rejected: Int = 0
    /// Queued playlist versions dropped because a newer version of the same name arrived.
    public var superseded: Int = 0
    /// Items waiting or in flight right now.
    public var queueDepth: Int = 0
    /// Payload bytes successfully published.
    public var bytes: Int64 = 0
    /// Seconds from the caller's put to the published result, for the latest put.
    public var lastPublishLatency: Double? = nil

    public init() {}
}
