import CueDetect
import Foundation
import Primitives

/// `pkgctl cues PLAYLIST`: the analysis of a stitched presentation without converting it —
/// every cue tag and in-band cue, every run of media, and every span with its kind and the
/// reasons for it, exactly as `pkgctl vod` would act on them.
public struct StitchedCueScan {
    let plan: StitchedPlan

    public static func run(input: String, options: StitchedOptions, cueOptions: CueScanOptions = CueScanOptions()) throws -> StitchedCueScan {
        let loader = SegmentLoader(fetcher: HLSFetcher())
        let stitched = try StitchedInput.load(input, fetcher: loader.fetcher)
        return StitchedCueScan(plan: try StitchedPlan(input: stitched, loader: loader, options: options,
                                                       classifier: cueOptions.classifier))
    }

    public var spanCount: Int { plan.layout.inserted.count }

    private var marks: [CueMark] { plan.surveys[0].marks }

    /// One object per cue mark, run, span and pod, then a summary.
    public var jsonLines: String {
        guard case .object(let section) = StitchedReport.section(plan) else { return "" }
        func member(_ key: String) -> [JSONValue] {
            if case .array(let items)? = section.first(where: { $0.key == key })?.value { return items }
            return []
        }
        var out = ""
        for mark in marks {
            out += JSONValue.object([
                .init("type", .string("cue")), .init("source", .string(mark.dialect == .inBand ? "in_band" : "playlist")),
                .init("dialect", .string(mark.dialect.rawValue)), .init("edge", .string(mark.edge.rawValue)),
                .init("line", .int(Int64(mark.line))), .init("text", .string(mark.text)),
                .init("duration", mark.durationTicks.map { .double(Double($0) / 90_000) } ?? .null),
                .init("kind", mark.kind.map { .string($0.rawValue) } ?? .null),
            ]).serialized() + "\n"
        }
        for (type, key) in [("run", "runs"), ("span", "spans"), ("pod", "pods")] {
            for item in member(key) {
                guard case .object(let fields) = item else { continue }
                out += JSONValue.object([.init("type", .string(type))] + fields).serialized() + "\n"
            }
        }
        let summary = section.filter { ["playlist", "renditions", "segments", "extinf_duration", "media_duration",
                                        "content_duration", "in_band_cues", "notes"].contains($0.key) }
        return out + JSONValue.object([.init("type", .string("summary")), .init("inserted_spans", .int(Int64(spanCount)))]
                                      + summary).serialized() + "\n"
    }

    public var textReport: String {
        let layout = plan.layout
        let segments = plan.surveys[0].segments
        let origin = layout.runs.first?.startTicks ?? 0
        func t(_ ticks: Int64) -> String { String(format: "%8.3f", Double(ticks - origin) / 90_000) }
        var out = "\(plan.input.name): stitched HLS, \(plan.input.renditions.count) rendition(s), \(segments.count) segments, "
        out += "\(layout.runs.count) run(s), \(spanCount) inserted span(s), content "
        out += String(format: "%.3f s\n", Double(layout.contentTicks) / 90_000)
        if !marks.isEmpty {
            out += "\ncue tags\n"
            for mark in marks { out += "  line \(mark.line)  \(mark.edge.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(mark.text)\n" }
        }
        out += "\nspans (seconds from the start of the presentation)\n"
        for span in layout.spans {
            let line = segments[min(span.segments.lowerBound, segments.count - 1)].line
            out += "  #\(span.index) \(span.kind.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))\(t(span.startTicks)) → \(t(span.endTicks))"
            out += String(format: "  %.3f s, from line %d", Double(span.durationTicks) / 90_000, line)
            if let pod = span.pod { out += ", in break #\(layout.pods[pod].index)" }
            out += "\n"
            for reason in span.reasons { out += "      \(reason)\n" }
        }
        for pod in layout.pods { out += "  break #\(pod.index): \(pod.reason)\n" }
        for note in layout.notes { out += "  note: \(note)\n" }
        return out
    }
}
