import Foundation

/// Counters, gauges and histograms, keyed by name and label values.
///
/// An instance, never a global: a process running several channels passes one registry to
/// each channel's `LiveMetrics` (series differ by the `channel` label), or one each.
/// Thread-safe; updates take a lock briefly, which is cheap at segment and cue rates.
public final class MetricsRegistry: @unchecked Sendable {
    private struct Family {
        let descriptor: MetricFamilyDescriptor
        var series: [[String]: MetricSeriesValue] = [:]

        mutating func update(_ labelValues: [String], _ change: (inout MetricSeriesValue) -> Void) {
            change(&series[labelValues, default: descriptor.initialValue])
        }
    }

    private let lock = NSLock()
    private var families: [String: Family] = [:]

    public init() {}

    public func counter(_ name: String, help: String, labelNames: [String] = []) throws -> CounterFamily {
        try register(MetricFamilyDescriptor(name: name, help: help, type: .counter, labelNames: labelNames))
        return CounterFamily(registry: self, name: name, labelNames: labelNames)
    }

    public func gauge(_ name: String, help: String, labelNames: [String] = []) throws -> GaugeFamily {
        try register(MetricFamilyDescriptor(name: name, help: help, type: .gauge, labelNames: labelNames))
        return GaugeFamily(registry: self, name: name, labelNames: labelNames)
    }

    /// - Parameter buckets: finite, strictly increasing upper bounds; `+Inf` is added on output.
    public func histogram(_ name: String, help: String, labelNames: [String] = [],
                          buckets: [Double]) throws -> HistogramFamily {
        let descriptor = try MetricFamilyDescriptor(name: name, help: help, type: .histogram,
                                                    labelNames: labelNames, buckets: buckets)
        try register(descriptor)
        return HistogramFamily(registry: self, name: name, labelNames: labelNames, buckets: descriptor.buckets)
    }

    /// All families sorted by name, each with its series sorted by label values.
    public func snapshot() -> [MetricFamilySnapshot] {
        lock.lock(); defer { lock.unlock() }
        return families.keys.sorted().compactMap { name in
            guard let family = families[name] else { return nil }
            let series = family.series
                .map { MetricSeriesSnapshot(labelValues: $0.key, value: $0.value) }
                .sorted { $0.labelValues.lexicographicallyPrecedes($1.labelValues) }
            let descriptor = family.descriptor
            return MetricFamilySnapshot(name: descriptor.name, help: descriptor.help, type: descriptor.type,
                                        labelNames: descriptor.labelNames, buckets: descriptor.buckets,
                                        series: series)
        }
    }

    /// Registering the same family twice is fine (two channels share a registry); a
    /// different meaning under the same name is not.
    private func register(_ descriptor: MetricFamilyDescriptor) throws {
        lock.lock(); defer { lock.unlock() }
        if let existing = families[descriptor.name] {
            if let difference = existing.descriptor.difference(from: descriptor) {
                throw MetricsError.conflictingRegistration(metric: descriptor.name, difference: difference)
            }
            return
        }
        families[descriptor.name] = Family(descriptor: descriptor)
    }

    /// Applies `change` to a series, creating it at its zero value first; callers creating a
    /// handle pass a no-op so the series is exported as 0 before its first event.
    func update(_ name: String, labelValues: [String], _ change: (inout MetricSeriesValue) -> Void) {
        lock.lock(); defer { lock.unlock() }
        // Optional chaining mutates in place; copying the family out would copy its series.
        families[name]?.update(labelValues, change)
    }
}
