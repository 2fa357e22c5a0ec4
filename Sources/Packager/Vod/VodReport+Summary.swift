import Foundation

extension VodReport {
    /// The lines `pkgctl vod` prints when it is done.
    public func summary(output: String) -> String {
        func s(_ ticks: Int64) -> String { String(format: "%.3f s", Double(ticks) / 90_000) }
        var out = "\(input) → \(output)\n"
        out += "  source \(s(sourceDurationTicks)), primary \(s(primaryDurationTicks)) in \(primarySegments) segments\n"
        for e in spans {
            let what = e.skipped.map { "skipped (\($0))" } ?? "\(e.placement.rawValue) → \(e.assetURI ?? "asset list")"
            let start = Double(e.span.startTicks - t0) / 90_000
            let end = e.span.endTicks.map { String(format: "%.3f", Double($0 - t0) / 90_000) } ?? "?"
            out += String(format: "  %@ %@ %.3f–%@ s: %@\n", e.span.kind.rawValue, e.id ?? "-", start, end, what)
            for n in e.nested {
                out += "    \(n.span.kind.rawValue) \(n.id): \(n.outcome)\(n.assetURI.map { " → " + $0 } ?? "")\n"
            }
        }
        out += "  playlists: \(join(output, OutputLayout.master)), report: \(join(output, OutputLayout.report))\n"
        return out
    }

    private func join(_ base: String, _ name: String) -> String { base.hasSuffix("/") ? base + name : base + "/" + name }
}
