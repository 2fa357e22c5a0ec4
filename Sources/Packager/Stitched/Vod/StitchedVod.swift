import CueDetect
import Foundation
import Primitives

/// `pkgctl vod PLAYLIST`: a stitched HLS VOD presentation converted by the shared VOD
/// arrangement. Everything that can refuse the input — unreadable or truncated segments, cue
/// tags that contradict, renditions that disagree, no span at all, a primary that would change
/// codec parameters — is found by the survey before anything is written.
enum StitchedVod {
    static func run(input: String, sink: PublishSink, options: VodOptions) throws -> VodReport {
        let loader = SegmentLoader(fetcher: HLSFetcher())
        let stitched = try StitchedInput.load(input, fetcher: loader.fetcher)
        if let live = stitched.renditions.first(where: \.isLive) {
            throw StitchedError.unsupported(playlist: live.name, line: 1, reason:
                "a live playlist (no EXT-X-ENDLIST): follow it with pkgctl live --input-hls")
        }
        let plan = try StitchedPlan(input: stitched, loader: loader, options: options.stitched, classifier: options.classifier)
        try check(plan, options: options)
        let source = StitchedSource(plan: plan, loader: loader)
        return try VodPipeline.run(source: source, sink: sink, options: options, extendReport: { report in
            if let path = options.stitched.coordinatorRanges {
                let ranges = try CoordinatorRanges(report: report, plan: plan)
                try ranges.write(to: path)
            }
            return StitchedReport.json(report, plan: plan)
        })
    }

    /// report.json of a stitched TS file: the VOD report and the runs and spans found in it.
    static func report(_ report: VodReport, file: StitchedFileSource, name: String) -> JSONValue {
        StitchedReport.extended(report, with: StitchedReport.section(name: name, renditions: [name], layout: file.layout,
                                                                     segments: file.segments, inBandCues: 0,
                                                                     ids: StitchedReport.interstitialIDs(report)))
    }

    /// Refusals that need the analysis: nothing found, or an output that cannot be continuous.
    private static func check(_ plan: StitchedPlan, options: VodOptions) throws {
        let layout = plan.layout
        let name = plan.input.name
        if layout.inserted.isEmpty, !options.stitched.allowNoSpans {
            let runs = layout.runs.count
            let detail = layout.notes.first.map { "; " + $0 } ?? ""
            throw StitchedError.noSpans(playlist: name, reason:
                "\(plan.surveys[0].segments.count) segments in \(runs) run(s), no cue tag marks a span and the media sets none apart"
                + detail + "; give --span-overrides FILE to name spans, or --allow-no-spans to convert it as one programme")
        }
        let placement = options.placementRules
        let content = layout.spans.filter { $0.kind == .content }
        let signatures = Set(content.compactMap { layout.run(at: $0.startTicks)?.signature })
        if signatures.count > 1 {
            throw StitchedError.output(playlist: name, reason: "the content changes codec parameters ("
                + signatures.map(\.description).sorted().joined(separator: " / ") + "): a continuous primary needs one set")
        }
        let contentSignature = signatures.first
        for span in layout.inserted {
            guard let kind = span.kind.spanKind, placement.placement(for: kind) == .overlay, let contentSignature else { continue }
            let runs = layout.runs.filter { $0.startTicks < span.endTicks && span.startTicks < $0.continuousEndTicks }
            if let odd = runs.first(where: { $0.signature != contentSignature }) {
                throw StitchedError.output(playlist: name, reason: String(format:
                    "overlay keeps the %@ at %.3f s in the primary, but its media differs from the content's (%@); a primary "
                    + "cannot change codec parameters without a discontinuity, so place %@ spans with --placement strip",
                    span.kind.rawValue, Double(span.startTicks - (layout.runs.first?.startTicks ?? 0)) / 90_000,
                    odd.signature.difference(from: contentSignature), kind.rawValue))
            }
        }
        if options.stitched.coordinatorRanges != nil,
           let stripped = layout.inserted.first(where: { $0.kind.spanKind.map { placement.placement(for: $0) } == .strip }) {
            throw StitchedError.output(playlist: name, reason: "--coordinator-ranges describes inserted spans kept in the primary, "
                + "but the \(stripped.kind.rawValue) spans are stripped from it: use --placement overlay")
        }
    }
}
