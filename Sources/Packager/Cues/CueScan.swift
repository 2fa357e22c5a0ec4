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
    public var lostCues = LostCueRules.standard
    /// Protocol options passed to libavformat (e.g. `timeout` for udp/srt).
    public var inputOptions: [String: String] = [:]

    public init() {}

    /// The recap pattern a classifier has unless told otherwise (for help text).
    public static var defaultRecapPattern: String { SpanClassifier.defaultRecapPattern }

    /// Chapter Starts and container chapters matching `pattern` are recaps.
    public mutating func useRecapPattern(_ pattern: String) throws {
        classifier = try SpanClassifier(recapPattern: pattern)
    }
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

/// `pkgctl cues`: the shared stages arranged for a cue-only read — the InputReader (libavformat
/// discarding media, the TS scanner seeing every byte) feeding the SpanStage, whose span events
/// are collected — so the spans reported are exactly those the packaging modes act on.
public enum CueScan {
    public static func run(input: String, options: CueScanOptions = CueScanOptions()) throws -> CueScanResult {
        if let sidecar = options.sidecar, !FileManager.default.isReadableFile(atPath: sidecar.path) {
            throw CueScanError.sidecarUnreadable(path: sidecar.path, reason: "no such readable file")
        }
        let reader = try InputReader(url: input, options: options.inputOptions, mode: .cuesOnly)
        var external: [DetectedCue] = []
        if let sidecar = options.sidecar { external += try SidecarCueSource(url: sidecar).cues(near: reader.streams.startTicks) }
        if options.chapters { external += ChapterCueSource.cues(from: reader.streams.chapters) }
        let spans = SpanStage(classifier: options.classifier, lostCues: options.lostCues, placement: PlacementRules(defaultPlacement: .strip),
                              external: external)
        let collector = CueCollector()
        let chain = StageChain([spans, collector])
        while let events = try reader.next() {
            for event in events { try chain.send(event) }
        }
        let sorted = collector.spans.sorted { $0.startTicks != $1.startTicks ? $0.startTicks < $1.startTicks : $0.serial < $1.serial }
        return CueScanResult(cues: collector.cues, spans: sorted, withdrawnSpans: collector.withdrawn,
                             t0: reader.firstVideoTicks ?? reader.streams.startTicks, endTicks: collector.end,
                             scan: reader.scanStats, reconcile: reader.reconcileStats, tracker: spans.tracker.stats,
                             formatName: reader.streams.formatName, streams: reader.streams.all)
    }
}

/// Keeps what `pkgctl cues` reports: every cue, and the spans as the tracker closed them.
private final class CueCollector: PipelineStage {
    private(set) var cues: [DetectedCue] = []
    private(set) var spans: [Span] = []
    private(set) var withdrawn: [Span] = []
    private(set) var end: Int64?

    func handle(_ event: PipelineEvent, next: (PipelineEvent) throws -> Void) throws {
        switch event {
        case .cue(let cue): cues.append(cue)
        case .spanEvent(.closed(let span)): spans.append(span)
        case .spanEvent(.cancelled(let span)):
            if span.endTicks != nil { spans.append(span) } else { withdrawn.append(span) }
        case .end(let last): end = last
        default: break
        }
        try next(event)
    }
}
