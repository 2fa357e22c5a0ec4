/// A histogram's state: per finite bucket bound, how many observations were ≤ it.
public struct HistogramValue: Equatable, Sendable {
    public var cumulativeCounts: [UInt64]
    public var sum: Double
    public var count: UInt64
}

/// The current value of one labelled series.
public enum MetricSeriesValue: Equatable, Sendable {
    case counter(UInt64)
    case gauge(Double)
    case histogram(HistogramValue)
}

/// One labelled series at the moment of the snapshot.
public struct MetricSeriesSnapshot: Equatable, Sendable {
    /// In the order of the family's `labelNames`.
    public let labelValues: [String]
    public let value: MetricSeriesValue
}

/// A metric family with all its series, copied out of the registry under its lock.
public struct MetricFamilySnapshot: Equatable, Sendable {
    public let name: String
    public let help: String
    public let type: MetricType
    public let labelNames: [String]
    /// Finite upper bounds; empty unless `type == .histogram`.
    public let buckets: [Double]
    /// Sorted by label values so the rendered text is deterministic.
    public let series: [MetricSeriesSnapshot]
}
