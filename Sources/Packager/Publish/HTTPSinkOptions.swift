/// Tuning for `HTTPSink`; the defaults suit a live channel with 2–6 s segments.
public struct HTTPSinkOptions: Equatable, Sendable {
    /// Most items (segments, playlists, deletes) waiting at once before puts are refused.
    public var maxQueuedItems: Int = 64
    /// Most payload bytes waiting at once; a single item larger than this is still taken
    /// when the queue is empty, so one big segment can never be refused forever.
    public var maxQueuedBytes: Int = 256 << 20
    /// How long one item may keep being retried, counted from its first attempt.
    public var itemDeadline: Double = 30
    /// Timeout of one HTTP request.
    public var requestTimeout: Double = 10
    public var backoff = RetryBackoff()
    /// A full queue makes `put` wait for room instead of refusing the item: right for a batch
    /// (VOD) upload, where reading may wait for the network; live never waits.
    public var waitWhenFull = false
    /// The first item given up stops the sink: what is queued is dropped and later puts are
    /// refused with `HTTPSinkError.stopped`. Right for a VOD upload, which is all or nothing: a
    /// dead origin or a refused token ends it after one item's retries, not after every item's.
    /// Live keeps going, so the next playlist can still land.
    public var stopAfterFailure = false
    /// Segments uploaded at once (nil: 1). Segments may overlap one another; every other item
    /// waits for everything queued before it, and nothing starts while it is in flight, so a
    /// playlist still lands after each segment it names. `pkgctl vod` uploads 4 at once by
    /// default: against an origin 50 ms away, one at a time spends most of a conversion waiting.
    public var parallelUploads: Int?
    /// Headers added to every request (authorization, cache hints…).
    public var extraHeaders: [String: String] = [:]

    public init() {}
}
