/// A registered histogram name; `labels(…)` picks one series of it.
public struct HistogramFamily: Sendable {
    let registry: MetricsRegistry
    public let name: String
    public let labelNames: [String]
    public let buckets: [Double]

    /// The series with these label values (in `labelNames` order), exported with zero
    /// counts from now on. The wrong number of values is a programming error.
    public func labels(_ values: String...) -> Histogram {
        precondition(values.count == labelNames.count,
                     "\(name) takes \(labelNames.count) label values (\(labelNames)), got \(values.count)")
        registry.update(name, labelValues: values) { _ in }
        return Histogram(registry: registry, name: name, labelValues: values, buckets: buckets)
    }
}

/// One histogram series with fixed buckets (Prometheus `_bucket`, `_sum`, `_count`).
public struct Histogram: Sendable {
    let registry: MetricsRegistry
    let name: String
    let labelValues: [String]
    let buckets: [Double]

    /// Counts `observation` in every bucket whose bound is ≥ it. NaN and infinities are
    /// ignored: one of them would make `_sum` meaningless for the life of the process.
    public func observe(_ observation: Double) {
        guard observation.isFinite else { return }
        registry.update(name, labelValues: labelValues) { value in
            guard case .histogram(var state) = value else { return }
            for (index, bound) in buckets.enumerated() where observation <= bound {
                state.cumulativeCounts[index] &+= 1
            }
            state.sum += observation
            state.count &+= 1
            value = .histogram(state)
        }
    }
}
