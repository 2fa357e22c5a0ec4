/// Renders a registry snapshot in the Prometheus text exposition format (version 0.0.4),
/// the format node_exporter's textfile collector reads: `# HELP` and `# TYPE` per family,
/// then one sample per line, no timestamps (the collector rejects them).
public enum PrometheusTextFormat {
    public static func render(_ families: [MetricFamilySnapshot]) -> String {
        var text = ""
        for family in families {
            text += "# HELP \(family.name) \(escapeHelp(family.help))\n"
            text += "# TYPE \(family.name) \(family.type.rawValue)\n"
            for series in family.series {
                let labels = Array(zip(family.labelNames, series.labelValues))
                switch series.value {
                case .counter(let count):
                    text += sample(family.name, labels, String(count))
                case .gauge(let value):
                    text += sample(family.name, labels, number(value))
                case .histogram(let state):
                    for (bound, count) in zip(family.buckets, state.cumulativeCounts) {
                        text += sample(family.name + "_bucket", labels + [("le", number(bound))], String(count))
                    }
                    text += sample(family.name + "_bucket", labels + [("le", "+Inf")], String(state.count))
                    text += sample(family.name + "_sum", labels, number(state.sum))
                    text += sample(family.name + "_count", labels, String(state.count))
                }
            }
        }
        return text
    }

    /// Integral values print without a fraction (`3`, not `3.0`), as Prometheus' own
    /// clients do; others use Swift's shortest round-tripping form, which Go's ParseFloat
    /// reads back exactly.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    private static func sample(_ name: String, _ labels: [(String, String)], _ value: String) -> String {
        guard !labels.isEmpty else { return "\(name) \(value)\n" }
        let rendered = labels.map { "\($0.0)=\"\(escapeLabelValue($0.1))\"" }.joined(separator: ",")
        return "\(name){\(rendered)} \(value)\n"
    }

    /// HELP text escapes only backslash and newline.
    private static func escapeHelp(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Label values also escape the double quote that ends them.
    private static func escapeLabelValue(_ text: String) -> String {
        escapeHelp(text).replacingOccurrences(of: "\"", with: "\\\"")
    }
}
