import CueDetect
import Foundation
import Primitives

/// report.json of a stitched conversion: the VOD report with a `stitched` section saying, for
/// every run and span, where it lies (on the stitched playlist and on the content timeline),
/// what it is and why, and which interstitial it became.
enum StitchedReport {
    static func json(_ report: VodReport, plan: StitchedPlan) -> JSONValue {
        extended(report, with: section(plan, ids: interstitialIDs(report)))
    }

    static func extended(_ report: VodReport, with section: JSONValue) -> JSONValue {
        guard case .object(var members) = report.json else { return report.json }
        members.append(.init("stitched", section))
        return .object(members)
    }

    static func section(_ plan: StitchedPlan, ids: [Int: String] = [:]) -> JSONValue {
        section(name: plan.input.name, renditions: plan.input.renditions.map(\.name), layout: plan.layout,
                segments: plan.surveys[0].segments, inBandCues: plan.surveys[0].inBandCues.count, ids: ids)
    }

    static func section(name: String, renditions: [String], layout: StitchedLayout, segments: [StitchedSegment],
                        inBandCues: Int, ids: [Int: String]) -> JSONValue {
        let origin = layout.runs.first?.startTicks ?? 0
        let offsets = segments.map { segment in layout.runs.last { $0.segments.contains(segment.index) }?.offsetTicks ?? 0 }
        func s(_ ticks: Int64) -> JSONValue { .double((Double(ticks) / 90).rounded() / 1000) }
        var extinfBefore: [Int64] = [0]
        for segment in segments { extinfBefore.append((extinfBefore.last ?? 0) + segment.extinfTicks) }
        func line(_ segment: Int) -> JSONValue { .int(Int64(segments[min(segment, segments.count - 1)].line)) }
        var content: Int64 = 0
        var spans: [JSONValue] = []
        for span in layout.spans {
            let first = span.segments.lowerBound
            let stitchedStart = extinfBefore[first] + (span.startTicks - (segments[first].firstVideoTicks + offsets[first]))
            spans.append(.object([
                .init("index", .int(Int64(span.index))),
                .init("kind", .string(span.kind.rawValue)),
                .init("start", s(span.startTicks - origin)),
                .init("end", s(span.endTicks - origin)),
                .init("duration", s(span.durationTicks)),
                .init("stitched_start", s(stitchedStart)),
                .init("content_position", s(content)),
                .init("first_line", line(first)),
                .init("last_line", line(span.segments.upperBound - 1)),
                .init("pod", span.pod.map { .int(Int64(layout.pods[$0].index)) } ?? .null),
                .init("interstitial", ids[span.index].map(JSONValue.string) ?? .null),
                .init("reasons", .array(span.reasons.map(JSONValue.string))),
            ]))
            if span.kind == .content { content += span.durationTicks }
        }
        let runs: [JSONValue] = layout.runs.map { run in
            .object([
                .init("index", .int(Int64(run.index))),
                .init("first_line", line(run.segments.lowerBound)),
                .init("segments", .int(Int64(run.segments.count))),
                .init("start", s(run.startTicks - origin)),
                .init("duration", s(run.durationTicks)),
                .init("own_first_pts", s(run.firstTicks)),
                .init("extinf_sum", s(run.extinfTicks)),
                .init("media", .string(run.signature.description)),
                .init("starts_after", .array(run.boundaries.map { .string($0.description) })),
                .init("content_line", .bool(layout.contentLine.runs.contains(run.index))),
            ])
        }
        let pods: [JSONValue] = layout.pods.map { pod in
            .object([
                .init("index", .int(Int64(pod.index))),
                .init("members", .array(pod.members.map { .int(Int64($0)) })),
                .init("start", s(pod.startTicks - origin)),
                .init("end", s(pod.endTicks - origin)),
                .init("interstitial", ids[pod.index].map(JSONValue.string) ?? .null),
                .init("reason", .string(pod.reason)),
            ])
        }
        return .object([
            .init("playlist", .string(name)),
            .init("renditions", .array(renditions.map(JSONValue.string))),
            .init("segments", .int(Int64(segments.count))),
            .init("extinf_duration", s(extinfBefore.last ?? 0)),
            .init("media_duration", s((layout.runs.last?.continuousEndTicks ?? origin) - origin)),
            .init("content_duration", s(layout.contentTicks)),
            .init("in_band_cues", .int(Int64(inBandCues))),
            .init("runs", .array(runs)),
            .init("spans", .array(spans)),
            .init("pods", .array(pods)),
            .init("notes", .array(layout.notes.map(JSONValue.string))),
        ])
    }

    /// Interstitial (date-range) ID per stitched span index: routed spans and the ads of a pod.
    static func interstitialIDs(_ report: VodReport) -> [Int: String] {
        var ids: [Int: String] = [:]
        for entry in report.spans where entry.span.signalName == "stitched" {
            if let id = entry.id { ids[Int(entry.span.eventID)] = id }
            for nested in entry.nested where nested.span.signalName == "stitched" { ids[Int(nested.span.eventID)] = nested.id }
        }
        return ids
    }
}
