import CueDetect
import Foundation
import Primitives

/// What became of one title: a line of the batch report. A worker process sends it to the batch
/// as JSON (Codable); the batch adds the times it measured and prints `json`.
public struct TitleResult: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        case done, skipped, failed
    }

    public var index: Int
    public var line: Int
    public var input: String
    public var output: String
    public var status: Status
    /// Why a done title was converted ("new", "input changed", "forced", …); "unchanged" when skipped.
    public var reason: String?
    public var error: String?
    /// Spans found, by kind (nested ones included), whether or not they became interstitials.
    public var spans: [String: Int] = [:]
    public var interstitials = 0
    public var sourceDuration: Double?
    public var primaryDuration: Double?
    /// Seconds of each asset cut from the title's spans, in timeline order.
    public var assetDurations: [Double] = []
    public var warnings: [String] = []
    public var configuration: String?
    /// How a converted directory output was stored (`power`: fsynced before its swap, or
    /// `process`); nil for an origin, and for a title the batch skipped or failed itself.
    public var durability: String?
    public var wallSeconds: Double = 0
    /// User + system CPU of everything done for this title: the worker process (its rusage,
    /// every thread), plus the batch thread's own probing (CLOCK_THREAD_CPUTIME_ID).
    public var cpuSeconds: Double = 0
    public var peakRSSMiB: Double?

    public init(index: Int, line: Int, input: String, output: String, status: Status) {
        self.index = index
        self.line = line
        self.input = input
        self.output = output
        self.status = status
    }

    static func failed(_ entry: BatchEntry, _ error: String) -> TitleResult {
        var result = TitleResult(index: entry.index, line: entry.line, input: entry.inputText, output: entry.outputText,
                                 status: .failed)
        result.error = error
        return result
    }

    /// Fills in what the conversion found.
    mutating func record(_ report: VodReport) {
        func seconds(_ ticks: Int64) -> Double { (Double(ticks) / 90).rounded() / 1000 }
        var counts = Dictionary(uniqueKeysWithValues: SpanKind.allCases.map { ($0.rawValue, 0) })
        for entry in report.spans {
            counts[entry.span.kind.rawValue, default: 0] += 1
            for nested in entry.nested { counts[nested.span.kind.rawValue, default: 0] += 1 }
            guard entry.skipped == nil else { continue }
            interstitials += 1
            if let cutIn = entry.cutIn, let cutOut = entry.cutOut { assetDurations.append(seconds(cutOut - cutIn)) }
        }
        spans = counts
        sourceDuration = seconds(report.sourceDurationTicks)
        primaryDuration = seconds(report.primaryDurationTicks)
        warnings = report.warnings
    }

    /// The report line, members in a fixed order.
    public var json: JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { .double(($0 * 1000).rounded() / 1000) } ?? .null }
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            .init("type", .string("title")),
            .init("index", .int(Int64(index))),
            .init("line", .int(Int64(line))),
            .init("input", .string(input)),
            .init("output", .string(output)),
            .init("status", .string(status.rawValue)),
            .init("reason", text(reason)),
            .init("error", text(error)),
            .init("spans", .object(spans.keys.sorted().map { .init($0, .int(Int64(spans[$0] ?? 0))) })),
            .init("interstitials", .int(Int64(interstitials))),
            .init("source_duration", number(sourceDuration)),
            .init("primary_duration", number(primaryDuration)),
            .init("asset_durations", .array(assetDurations.map { number($0) })),
            .init("warnings", .array(warnings.map(JSONValue.string))),
            .init("configuration", text(configuration)),
            .init("durability", text(durability)),
            .init("wall_seconds", number(wallSeconds)),
            .init("cpu_seconds", number(cpuSeconds)),
            .init("peak_rss_mib", number(peakRSSMiB)),
        ])
    }
}
