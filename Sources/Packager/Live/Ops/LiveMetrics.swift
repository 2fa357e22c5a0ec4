import Foundation

/// The metrics a live channel exports, under the names dashboards and alerts rely on.
/// Every series carries a `channel` label, so several channels can share one registry.
///
/// Series without a further label are created at 0 when this is made, so a fresh process
/// exports `pkgctl_input_errors_total 0` rather than nothing. The last-segment gauge is
/// the exception: it appears with the first segment, so `absent()` can tell "never
/// produced" apart from "stalled".
public struct LiveMetrics: Sendable {
    /// Publish latency bounds in seconds: local disk lands in the first buckets, an origin
    /// over the network in the middle, a struggling origin near segment duration.
    public static let publishLatencyBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    public let channel: String
    private let segments: CounterFamily
    private let cues: Counter
    private let spans: CounterFamily
    private let publishLatency: Histogram
    private let inputErrors: Counter
    private let queueDepth: Gauge
    private let publishFailures: Counter
    private let stateSaveFailures: Counter
    private let lastSegment: GaugeFamily

    public init(registry: MetricsRegistry, channel: String) throws {
        self.channel = channel
        segments = try registry.counter("pkgctl_segments_total", help: "Media segments published, per rendition.",
                                        labelNames: ["channel", "rendition"])
        cues = try registry.counter("pkgctl_cues_total", help: "SCTE-35 cues detected in the input.",
                                    labelNames: ["channel"]).labels(channel)
        spans = try registry.counter("pkgctl_spans_total", help: "Spans (ad, recap, other) completed, per kind.",
                                     labelNames: ["channel", "kind"])
        publishLatency = try registry.histogram(
            "pkgctl_publish_latency_seconds", help: "Seconds from handing an object to the sink until it was published.",
            labelNames: ["channel"], buckets: Self.publishLatencyBuckets).labels(channel)
        inputErrors = try registry.counter("pkgctl_input_errors_total", help: "Input read or open failures.",
                                           labelNames: ["channel"]).labels(channel)
        queueDepth = try registry.gauge("pkgctl_publish_queue_depth", help: "Objects waiting or in flight to the origin.",
                                        labelNames: ["channel"]).labels(channel)
        publishFailures = try registry.counter("pkgctl_publish_failures_total",
                                               help: "Objects the sink gave up on.",
                                               labelNames: ["channel"]).labels(channel)
        stateSaveFailures = try registry.counter("pkgctl_state_save_failures_total",
                                                 help: "Live state saves that failed; playlists wait for the next save that succeeds.",
                                                 labelNames: ["channel"]).labels(channel)
        lastSegment = try registry.gauge("pkgctl_last_segment_timestamp_seconds",
                                         help: "Unix time at which the latest segment was published.",
                                         labelNames: ["channel"])
    }

    public func segmentPublished(rendition: String, at time: Date) {
        segments.labels(channel, rendition).increment()
        lastSegment.labels(channel).set(time.timeIntervalSince1970)
    }

    public func cueDetected() { cues.increment() }
    public func spanCompleted(kind: String) { spans.labels(channel, kind).increment() }
    public func inputError() { inputErrors.increment() }
    public func publishQueueDepth(_ depth: Int) { queueDepth.set(Double(depth)) }

    /// Feeds the sink's background events in: latency for uploads and deletes, a failure
    /// for anything given up on. Retries and superseded playlists are logged, not counted
    /// here (the sink's `PublishStats` has them).
    public func record(_ event: PublishEvent) {
        switch event {
        case .published(_, _, _, let latency), .deleted(_, let latency):
            publishLatency.observe(latency)
        case .failed:
            publishFailures.increment()
        case .retry, .superseded:
            break
        }
    }

    /// For sinks that publish synchronously (files) and report no events.
    public func publishCompleted(latencySeconds: Double) { publishLatency.observe(latencySeconds) }
    public func publishFailed() { publishFailures.increment() }
    public func stateSaveFailed() { stateSaveFailures.increment() }
}
