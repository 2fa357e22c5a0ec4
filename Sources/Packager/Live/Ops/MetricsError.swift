/// A metric registration that Prometheus or node_exporter would reject or misread.
public enum MetricsError: Error, CustomStringConvertible, Equatable, Sendable {
    case invalidMetricName(String)
    case invalidLabelName(metric: String, label: String, reason: String)
    /// `metric` is already registered with a different type, help text, labels or buckets.
    case conflictingRegistration(metric: String, difference: String)
    case invalidBuckets(metric: String, reason: String)

    public var description: String {
        switch self {
        case .invalidMetricName(let name):
            return "metric name '\(name)' is invalid: it must match [a-zA-Z_:][a-zA-Z0-9_:]*"
        case .invalidLabelName(let metric, let label, let reason):
            return "label '\(label)' of metric '\(metric)' is invalid: \(reason)"
        case .conflictingRegistration(let metric, let difference):
            return "metric '\(metric)' is already registered with a different \(difference);"
                + " one name must mean one thing in the exported file"
        case .invalidBuckets(let metric, let reason):
            return "histogram '\(metric)' has invalid buckets: \(reason)"
        }
    }
}
