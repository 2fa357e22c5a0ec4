/// A registered gauge name; `labels(…)` picks one series of it.
public struct GaugeFamily: Sendable {
    let registry: MetricsRegistry
    public let name: String
    public let labelNames: [String]

    /// The series with these label values (in `labelNames` order), exported at 0 from now
    /// on. The wrong number of values is a programming error.
    public func labels(_ values: String...) -> Gauge {
        precondition(values.count == labelNames.count,
                     "\(name) takes \(labelNames.count) label values (\(labelNames)), got \(values.count)")
        registry.update(name, labelValues: values) { _ in }
        return Gauge(registry: registry, name: name, labelValues: values)
    }
}

/// One gauge series: a value that is set, not accumulated.
public struct Gauge: Sendable {
    let registry: MetricsRegistry
    let name: String
    let labelValues: [String]

    public func set(_ newValue: Double) {
        registry.update(name, labelValues: labelValues) { value in value = .gauge(newValue) }
    }
}
