import CueDetect
import Foundation

/// The end of the VOD chain: segment bytes go to the sink as they close (or were already
/// written straight into the sink's files), and everything the presentation needs once the
/// input is read — segment timings, span decisions, cut records, cues — is kept. In the
/// single-file layout each output's segments (and fMP4 init section, first) are appended to its
/// one file, or were appended there by the byte-level writer, and are kept as byte ranges.
final class VodCollector: PipelineStage {
    /// A segment as the playlists need it (its payload is in the sink, not here).
    struct Written {
        var index: Int
        var startTicks: Int64
        var durationTicks: Int64
        /// Relative to its playlist.
        var uri: String
        var bytes: Int
        /// Its bytes within `uri` (single-file layout).
        var range: SegmentByteRange?
    }

    /// An output's init section as its playlist's EXT-X-MAP names it.
    struct InitSection {
        var uri: String
        var range: SegmentByteRange?
    }

    let sink: PublishSink
    let format: SegmentMuxerFormat
    private(set) var primaries: [Int: [Written]] = [:]
    /// Asset pieces, from the first rendition (a media playlist, which Interstitials allow).
    private(set) var pieces: [AssetKey: [Written]] = [:]
    /// Output directory → its init section (fMP4).
    private(set) var initSections: [String: InitSection] = [:]
    let singleFile: Bool
    /// Output directory → its one file (single-file layout, segments that came as bytes).
    private var files: [String: SingleFileOutput] = [:]
    private(set) var routes: [Int: SpanRoute] = [:]
    private(set) var nests: [Int: NestedSpan] = [:]
    private(set) var ends: [Int: SpanEnding] = [:]
    private(set) var forgotten: [Int: String] = [:]
    private(set) var skips: [SkippedSpan] = []
    private(set) var records: [CutRecord] = []
    private(set) var cues: [DetectedCue] = []
    private(set) var withdrawn: [Span] = []
    private(set) var warnings: [String] = []

    init(sink: PublishSink, format: SegmentMuxerFormat, singleFile: Bool = false) {
        self.sink = sink
        self.format = format
        self.singleFile = singleFile
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

    /// Where the muxer may write a segment itself, when the sink allows it (never in the
    /// single-file layout: there the bytes come here and are appended to the output's file).
    func directPath(for target: OutputTarget, rendition: Int, index: Int) -> String? {
        guard !singleFile, let dir = directory(for: target, rendition: rendition) else { return nil }
        return try? sink.directPath(for: dir + "/" + OutputLayout.segment(index, format: format))
    }

    /// The one file a writer that appends every segment itself (the byte-level TS path) may
    /// write an output into, when the sink allows it.
    func singleFilePath(for target: OutputTarget, rendition: Int) -> String? {
        guard let dir = directory(for: target, rendition: rendition) else { return nil }
        return try? sink.directPath(for: dir + "/" + OutputLayout.singleFile(format: format))
    }

    func handle(_ event: PipelineEvent, next: (PipelineEvent) throws -> Void) throws {
        switch event {
        case .segment(let segment): try store(segment)
        case .revisedInit(let target, let rendition, let bytes): try replaceInit(bytes, target: target, rendition: rendition)
        case .span(let decision): note(decision)
        case .cut(let record): records.append(record)
        case .cue(let cue): cues.append(cue)
        case .spanEvent(.cancelled(let span)) where span.endTicks == nil: withdrawn.append(span)
        case .warning(let text): warnings.append(text)
        case .end: try finishFiles()
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
        let (name, range) = singleFile ? try append(segment, in: dir) : (try put(segment, in: dir), nil)
        let written = Written(index: segment.index, startTicks: segment.startTicks, durationTicks: segment.durationTicks,
                              uri: name, bytes: range.map { Int($0.length) } ?? segment.fileSize ?? segment.bytes.count,
                              range: range)
        switch segment.target {
        case .primary: primaries[segment.rendition, default: []].append(written)
        case .asset(let key): pieces[key, default: []].append(written)
        }
    }

    /// An output's init section written again (own fMP4 muxer after a run that re-encoded
    /// pictures): under the same name, so every playlist's EXT-X-MAP stays as it is; in the
    /// single-file layout at the start of the output's file, every segment's range moved by
    /// what the init grew.
    private func replaceInit(_ bytes: Data, target: OutputTarget, rendition: Int) throws {
        guard let dir = directory(for: target, rendition: rendition), let section = initSections[dir] else { return }
        guard singleFile else {
            try sink.put(bytes, name: dir + "/" + OutputLayout.initName, kind: .segment)
            return
        }
        guard let file = files[dir], let old = section.range else { return }
        let shift = try file.replacePrefix(length: old.length, with: bytes)
        initSections[dir]?.range = SegmentByteRange(offset: 0, length: Int64(bytes.count))
        let moved = { (list: inout [Written]) in
            for k in list.indices { list[k].range?.offset += shift }
        }
        switch target {
        case .primary: moved(&primaries[rendition, default: []])
        case .asset(let key): moved(&pieces[key, default: []])
        }
    }

    /// A segment file of its own (and the init section once per output).
    private func put(_ segment: FinishedSegment, in dir: String) throws -> String {
        let name = OutputLayout.segment(segment.index, format: format)
        if segment.fileSize == nil { try sink.put(segment.bytes, name: dir + "/" + name, kind: .segment) }
        if let initBytes = segment.initSegment, initSections[dir] == nil {
            try sink.put(initBytes, name: dir + "/" + OutputLayout.initName, kind: .segment)
            initSections[dir] = InitSection(uri: OutputLayout.initName, range: nil)
        }
        return name
    }

    /// The segment's range of its output's one file: where the byte-level writer put it, or
    /// where its bytes are appended now (after the init section, which opens the file).
    private func append(_ segment: FinishedSegment, in dir: String) throws -> (String, SegmentByteRange?) {
        let name = OutputLayout.singleFile(format: format)
        if let written = segment.written {
            return (name, SegmentByteRange(offset: written.offset, length: written.length))
        }
        let file = try files[dir] ?? SingleFileOutput(name: dir + "/" + name, sink: sink)
        files[dir] = file
        if let initBytes = segment.initSegment, initSections[dir] == nil {
            initSections[dir] = InitSection(uri: name, range: try file.append(initBytes))
        }
        return (name, try file.append(segment.bytes))
    }

    /// Every output's file is complete once the input ended (an output without a sink file is
    /// put now, whole).
    private func finishFiles() throws {
        for file in files.values.sorted(by: { $0.name < $1.name }) { try file.finish(into: sink) }
    }
}
