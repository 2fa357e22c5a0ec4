import CueDetect
import Foundation

/// The end of the VOD chain: segment bytes go to the sink as they close (or were already
/// written straight into the sink's files), and everything the presentation needs once the
/// input is read — segment timings, span decisions, cut records, cues — is kept.
final class VodCollector: PipelineStage {
    /// A segment as the playlists need it (its payload is in the sink, not here).
    struct Written {
        var index: Int
        var startTicks: Int64
        var durationTicks: Int64
        /// Relative to its playlist.
        var uri: String
        var bytes: Int
    }

    let sink: PublishSink
    let format: SegmentMuxerFormat
    private(set) var primaries: [Int: [Written]] = [:]
    /// Asset pieces, from the first rendition (a media playlist, which Interstitials allow).
    private(set) var pieces: [AssetKey: [Written]] = [:]
    private(set) var initWritten: Set<String> = []
    private(set) var routes: [Int: SpanRoute] = [:]
    private(set) var nests: [Int: NestedSpan] = [:]
    private(set) var ends: [Int: SpanEnding] = [:]
    private(set) var forgotten: [Int: String] = [:]
    private(set) var skips: [SkippedSpan] = []
    private(set) var records: [CutRecord] = []
    private(set) var cues: [DetectedCue] = []
    private(set) var withdrawn: [Span] = []
    private(set) var warnings: [String] = []

    init(sink: PublishSink, format: SegmentMuxerFormat) {
        self.sink = sink
        self.format = format
    }

    /// The directory an output's files go in; nil for what is not kept (assets of the other
    /// renditions: they only need the span cut out).
    func directory(for target: OutputTarget, rendition: Int) -> String? {
        switch target {
        case .primary: return OutputLayout.rendition(rendition)
        case .asset(let key):
            guard rendition == 0, let route = routes[key.span] else { return nil }
            let owner = key.owner.flatMap { nests[$0]?.id }
            return OutputLayout.directory(id: OutputLayout.assetID(of: key, spanID: route.id, ownerID: owner))
        }
    }

    /// Where the muxer may write a segment itself, when the sink allows it.
    func directPath(for target: OutputTarget, rendition: Int, index: Int) -> String? {
        guard let dir = directory(for: target, rendition: rendition) else { return nil }
        return try? sink.directPath(for: dir + "/" + OutputLayout.segment(index, format: format))
    }

    func handle(_ event: PipelineEvent, next: (PipelineEvent) throws -> Void) throws {
        switch event {
        case .segment(let segment): try store(segment)
        case .span(let decision): note(decision)
        case .cut(let record): records.append(record)
        case .cue(let cue): cues.append(cue)
        case .spanEvent(.cancelled(let span)) where span.endTicks == nil: withdrawn.append(span)
        case .warning(let text): warnings.append(text)
        default: break
        }
        try next(event)
    }

    private func note(_ decision: SpanDecision) {
        switch decision {
        case .route(let r): routes[r.key] = r
        case .nest(let n): nests[n.key] = n
        case .endAt(let e): ends[e.key] = e
        case .forget(let key, let id): forgotten[key] = id
        case .skip(let s): skips.append(s)
        }
    }

    private func store(_ segment: FinishedSegment) throws {
        guard let dir = directory(for: segment.target, rendition: segment.rendition) else { return }
        let name = OutputLayout.segment(segment.index, format: format)
        if segment.fileSize == nil { try sink.put(segment.bytes, name: dir + "/" + name, kind: .segment) }
        if let initBytes = segment.initSegment, !initWritten.contains(dir) {
            try sink.put(initBytes, name: dir + "/" + OutputLayout.initName, kind: .segment)
            initWritten.insert(dir)
        }
        let written = Written(index: segment.index, startTicks: segment.startTicks, durationTicks: segment.durationTicks,
                              uri: name, bytes: segment.fileSize ?? segment.bytes.count)
        switch segment.target {
        case .primary: primaries[segment.rendition, default: []].append(written)
        case .asset(let key): pieces[key, default: []].append(written)
        }
    }
}
