/// The Prometheus metric types pkgctl exports (the `# TYPE` line).
public enum MetricType: String, Sendable, Equatable {
    case counter
    case gauge
    case histogram
}
