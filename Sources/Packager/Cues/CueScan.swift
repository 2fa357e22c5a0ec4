import CueDetect
import Foundation

/// Everything `pkgctl cues` reports about one input.
public struct CueScanResult {
    public var cues: [DetectedCue]
    public var spans: [Span]
    /// Spans cancelled before their splice: announced, never played.
    public var withdrawnSpans: [Span]
    /// Unwrapped PTS of the first video frame: t = 0 for every reported time.
    public var t0: Int64?
    public var endTicks: Int64?
    public var scan: TSScanStats
    public var reconcile: SectionReconciler.Stats
    public var tracker: SpanTrackerStats
    public var formatName: String
    public var streams: [StreamInfo]
}

public struct CueScanOptions {
    public var sidecar: URL?
    public var chapters = false
    public var classifier = SpanClassifier.standard
    /// Protocol options passed to libavformat (e.g. `timeout` for udp/srt).
    public var inputOptions: [String: String] = [:]

    public init() {}
}

public enum CueScanError: Error, CustomStringConvertible {
    case sidecarUnreadable(path: String, reason: String)
    case sidecarInvalid(path: String, CueSheetError)

    public var description: String {
        switch self {
        case let .sidecarUnreadable(path, reason): return "cannot read cue sheet '\(path)': \(reason)"
        case let .sidecarInvalid(path, error): return "cue sheet '\(path)' \(error)"
        }
    }
}

/// Reads every cue source of an input and pairs the cues into spans (batch form of the
/// pipeline's first stages).
public enum CueScan {
    public static func run(input: String, options: CueScanOptions = CueScanOptions()) throws -> CueScanResult {
        var sources: [CueSource] = [InBandCueSource()]
        if let sidecar = options.sidecar { sources.append(SidecarCueSource(url: sidecar)) }
        if options.chapters { sources.append(ChapterCueSource()) }
        if let sidecar = options.sidecar, !FileManager.default.isReadableFile(atPath: sidecar.path) {
            throw CueScanError.sidecarUnreadable(path: sidecar.path, reason: "no such readable file")
        }
        let media = try InBandCueReader(url: input, options: options.inputOptions).read()
        let t0 = media.firstVideoTicks ?? media.startTicks
        let cues = try sources.flatMap { try $0.cues(in: media) }
        // Stable order by arrival (splice time when arrival is unknown): the tracker's clock.
        let timed = cues.compactMap(\.timedCue).enumerated().sorted {
            let a = $0.element.arrivalTicks ?? $0.element.spliceTicks
            let b = $1.element.arrivalTicks ?? $1.element.spliceTicks
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)

        var tracker = SpanTracker(classifier: options.classifier)
        var events: [SpanEvent] = []
        for cue in timed { events += tracker.ingest(cue) }
        let end = media.lastVideoTicks ?? timed.last.map { $0.arrivalTicks ?? $0.spliceTicks }
        if let end { events += tracker.finish(at: end) }

        var spans: [Span] = []
        var withdrawn: [Span] = []
        for event in events {
            switch event {
            case .opened: break
            case .closed(let span): spans.append(span)
            case .cancelled(let span): if span.endTicks != nil { spans.append(span) } else { withdrawn.append(span) }
            }
        }
        spans.sort { $0.startTicks != $1.startTicks ? $0.startTicks < $1.startTicks : $0.serial < $1.serial }
        return CueScanResult(cues: cues, spans: spans, withdrawnSpans: withdrawn, t0: t0, endTicks: end,
                             scan: media.scan, reconcile: media.reconcile, tracker: tracker.stats,
                             formatName: media.formatName, streams: media.streams)
    }
}
