import CueDetect
import Foundation
import Primitives

/// What an app returns from `AVPlayerPlaybackCoordinatorDelegate.interstitialTimeRanges(for:)`
/// for an overlay primary (it keeps the inserted spans): each span's time range on the primary,
/// from the media's own frame times, with the source playlist's EXTINF sum beside it as a cross-
/// check, and the main-content length every SharePlay participant must share.
struct CoordinatorRanges {
    struct Range {
        var id: String
        var kind: String
        var startTicks: Int64
        var durationTicks: Int64
        var extinfTicks: Int64
        var extinfSegments: Int
    }

    static let timescale: Int64 = 90_000

    var primaryTicks: Int64
    var ranges: [Range]

    init(report: VodReport, plan: StitchedPlan) throws {
        let segments = plan.surveys[0].segments
        let ids = StitchedReport.interstitialIDs(report)
        primaryTicks = report.primaryDurationTicks
        ranges = []
        for entry in report.spans where entry.skipped == nil {
            guard let cutIn = entry.cutIn, let cutOut = entry.cutOut else { continue }
            // The spans the entry covers (a pod: its ads), for the source EXTINF sum.
            let covered = plan.layout.inserted.filter { $0.startTicks < cutOut && cutIn < $0.endTicks }
            let indices = Set(covered.flatMap { Array($0.segments) })
            let extinf = indices.reduce(Int64(0)) { $0 + segments[$1].extinfTicks }
            ranges.append(Range(id: entry.id ?? ids.first { $0.key == Int(entry.span.eventID) }?.value ?? "",
                                kind: entry.span.kind.rawValue, startTicks: cutIn - report.t0, durationTicks: cutOut - cutIn,
                                extinfTicks: extinf, extinfSegments: indices.count))
        }
    }

    var insertedTicks: Int64 { ranges.reduce(0) { $0 + $1.durationTicks } }

    var json: JSONValue {
        func time(_ ticks: Int64) -> JSONValue {
            .object([.init("seconds", .double(Double(ticks) / Double(Self.timescale))), .init("value", .int(ticks)),
                     .init("timescale", .int(Self.timescale))])
        }
        return .object([
            .init("primary_duration", time(primaryTicks)),
            .init("main_content_duration", time(primaryTicks - insertedTicks)),
            .init("interstitial_time_ranges", .array(ranges.map { r in
                .object([
                    .init("id", .string(r.id)),
                    .init("kind", .string(r.kind)),
                    .init("start", time(r.startTicks)),
                    .init("duration", time(r.durationTicks)),
                    .init("source_extinf_sum", .double(Double(r.extinfTicks) / 90_000)),
                    .init("source_extinf_segments", .int(Int64(r.extinfSegments))),
                    .init("extinf_difference", .double(Double(r.durationTicks - r.extinfTicks) / 90_000)),
                ])
            })),
        ])
    }

    func write(to url: URL) throws {
        do {
            try Data((json.serialized(pretty: true) + "\n").utf8).write(to: url, options: .atomic)
        } catch {
            throw VodError.output(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }
}
