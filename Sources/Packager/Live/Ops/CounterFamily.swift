/// A registered counter name; `labels(…)` picks one series of it.
public struct CounterFamily: Sendable {
    let registry: MetricsRegistry
    public let name: String
    public let labelNames: [String]

    /// The series with these label values (in `labelNames` order), exported from now on
    /// even before its first increment. Passing the wrong number of values is a programming
    /// error, as with Prometheus client libraries.
    public func labels(_ values: String...) -> Counter {
        precondition(values.count == labelNames.count,
                     "\(name) takes \(labelNames.count) label values (\(labelNames)), got \(values.count)")
        registry.update(name, labelValues: values) { _ in }
        return Counter(registry: registry, name: name, labelValues: values)
    }
}

/// One counter series: only ever goes up (a restart resets it, which Prometheus expects).
public struct Counter: Sendable {
    let registry: MetricsRegistry
    let name: String
    let labelValues: [String]

    public func increment(by amount: UInt64 = 1) {
        registry.update(name, labelValues: labelValues) { value in
            if case .counter(let current) = value { value = .counter(current &+ amount) }
        }
    }
}
