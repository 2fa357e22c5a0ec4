import Foundation

/// Writes a registry to one `.prom` file for node_exporter's textfile collector.
///
/// The collector reads the file whenever Prometheus scrapes, so each write goes through
/// `AtomicFileSink` (temp file in the same directory, rename): a scrape sees the
/// previous or the new file, never a torn one. The temp name starts with a dot and does
/// not end in `.prom`, so the collector never picks it up.
public final class PrometheusTextfileWriter: @unchecked Sendable {
    public let file: URL
    private let sink: AtomicFileSink

    public init(file: URL, durability: PublishDurability = .power) {
        self.file = file.standardizedFileURL
        self.sink = AtomicFileSink(root: self.file.deletingLastPathComponent(), durability: durability)
    }

    /// Renders `registry` and replaces the file; throws `FileSinkError` naming the path and
    /// the failing system call (the previous file stays in place).
    public func write(_ registry: MetricsRegistry) throws {
        let text = PrometheusTextFormat.render(registry.snapshot())
        try sink.put(Data(text.utf8), name: file.lastPathComponent, kind: .other)
    }
}
