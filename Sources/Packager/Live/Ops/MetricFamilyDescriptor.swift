/// What a metric name means: its type, help text, label names and (for histograms) the
/// upper bounds of its buckets. Validated once at registration.
struct MetricFamilyDescriptor: Equatable, Sendable {
    let name: String
    let help: String
    let type: MetricType
    let labelNames: [String]
    let buckets: [Double]

    init(name: String, help: String, type: MetricType, labelNames: [String], buckets: [Double] = []) throws {
        guard Self.isValidName(name, allowColon: true) else { throw MetricsError.invalidMetricName(name) }
        var seen = Set<String>()
        for label in labelNames {
            guard Self.isValidName(label, allowColon: false) else {
                throw MetricsError.invalidLabelName(metric: name, label: label,
                                                    reason: "it must match [a-zA-Z_][a-zA-Z0-9_]*")
            }
            guard !label.hasPrefix("__") else {
                throw MetricsError.invalidLabelName(metric: name, label: label,
                                                    reason: "names starting with __ are reserved by Prometheus")
            }
            guard !(type == .histogram && label == "le") else {
                throw MetricsError.invalidLabelName(metric: name, label: label,
                                                    reason: "'le' is the histogram bucket label")
            }
            guard seen.insert(label).inserted else {
                throw MetricsError.invalidLabelName(metric: name, label: label, reason: "it is listed twice")
            }
        }
        if type == .histogram {
            guard !buckets.isEmpty else { throw MetricsError.invalidBuckets(metric: name, reason: "none given") }
            guard buckets.allSatisfy({ $0.isFinite }) else {
                throw MetricsError.invalidBuckets(metric: name, reason: "bounds must be finite (+Inf is implied)")
            }
            guard zip(buckets, buckets.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw MetricsError.invalidBuckets(metric: name, reason: "bounds must be strictly increasing")
            }
        }
        self.name = name
        self.help = help
        self.type = type
        self.labelNames = labelNames
        self.buckets = type == .histogram ? buckets : []
    }

    /// Names the two descriptors disagree on, for the conflict message.
    func difference(from other: MetricFamilyDescriptor) -> String? {
        if type != other.type { return "type (\(other.type.rawValue), not \(type.rawValue))" }
        if labelNames != other.labelNames {
            return "label set (\(other.labelNames.joined(separator: ",")), not \(labelNames.joined(separator: ",")))"
        }
        if buckets != other.buckets { return "bucket layout" }
        if help != other.help { return "help text" }
        return nil
    }

    var initialValue: MetricSeriesValue {
        switch type {
        case .counter: return .counter(0)
        case .gauge: return .gauge(0)
        case .histogram:
            return .histogram(HistogramValue(cumulativeCounts: Array(repeating: 0, count: buckets.count), sum: 0, count: 0))
        }
    }

    private static func isValidName(_ name: String, allowColon: Bool) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        func isLetter(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || (allowColon && c == ":")
        }
        guard isLetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
