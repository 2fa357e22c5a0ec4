import CFFmpeg
import CueDetect
import Foundation

/// `pkgctl live --input-hls URL`: a live stitched playlist followed as it grows and converted on
/// the fly. Each new segment is read once for its facts (timestamps, signature, cue tags), the
/// live tracker decides whether a span starts or ends with it, and its packets follow the span
/// edges on the continuous timeline — the same PipelineEvents as any other source.
final class StitchedLiveSource: EventSource {
    let streams: InputStreams
    private(set) var firstVideoTicks: Int64?
    private let poller: LivePlaylistPoller
    private let loader: SegmentLoader
    private let reader: CueTagReader
    private let interrupt: InterruptFlag?
    private var tracker: StitchedLiveTracker
    private var current: (packets: SegmentPackets, offset: Int64)?
    private var queued: [PipelineEvent] = []
    private var previous: (segment: HLSSegment, end: Int64, signature: MediaSignature)?
    private var lastVideoEnd: Int64?
    private var ended = false
    private var known: [Int: StitchedKind] = [:]

    init(location: String, options: LiveOptions, interrupt: InterruptFlag?) throws {
        let fetcher = HLSFetcher(interrupt: interrupt, options: options.inputOptions)
        loader = SegmentLoader(fetcher: fetcher)
        reader = CueTagReader(classifier: options.classifier)
        self.interrupt = interrupt
        let url = StitchedInput.url(for: location)
        poller = try LivePlaylistPoller(url: url, name: location, fetcher: fetcher, giveUpAfter: options.inputTimeout)
        tracker = StitchedLiveTracker(rules: options.stitched.rules)
        while poller.playlist.segments.isEmpty, !poller.playlist.endList, interrupt?.isRaised != true {
            try poller.reload(interrupt: interrupt)
        }
        guard let first = poller.playlist.segments.first else {
            throw StitchedError.malformed(playlist: location, line: 1, reason: "the playlist lists no segment")
        }
        let (_, demuxer) = try SegmentSurvey.facts(of: first, bytes: try loader.bytes(of: first, in: poller.playlist),
                                                   playlist: poller.playlist, reference: nil, previous: nil)
        streams = try Self.streams(demuxer, name: location)
        known = try Self.analyseWindow(poller.playlist, loader: loader, reader: reader, options: options)
    }

    /// What the segments listed at start are, by media sequence number: the whole-playlist
    /// analysis (timestamps, codec parameters, rules with durations) of what a join can see, so
    /// a presentation that opens with an inserted span is not taken for content. Cue tags left
    /// open at the window's edge are the live tracker's business, so the window falls back to
    /// the media alone when its tags do not pair.
    private static func analyseWindow(_ playlist: HLSMediaPlaylist, loader: SegmentLoader, reader: CueTagReader,
                                      options: LiveOptions) throws -> [Int: StitchedKind] {
        let survey = try SegmentSurvey.run(playlist, loader: loader, reader: reader)
        let analyzer = StitchedAnalyzer(rules: options.stitched.rules, overrides: try options.stitched.loadOverrides())
        let layout: StitchedLayout
        if let tagged = try? analyzer.analyze(segments: survey.segments, marks: survey.marks) {
            layout = tagged
        } else {
            layout = try analyzer.analyze(segments: survey.segments, marks: [])
        }
        var kinds: [Int: StitchedKind] = [:]
        for (i, segment) in survey.segments.enumerated() {
            let run = layout.runs.last { $0.segments.contains(i) }
            let start = segment.firstVideoTicks + (run?.offsetTicks ?? 0)
            kinds[playlist.segments[i].mediaSequence] = layout.spans.last { $0.startTicks <= start }?.kind
        }
        return kinds
    }

    private static func streams(_ d: SegmentDemuxer, name: String) throws -> InputStreams {
        let base = try snapshot(d, name: name)
        guard let v = d.videoIndex, let video = d.streams.first(where: { $0.index == v }) else {
            throw StitchedError.segment(playlist: name, line: 1, uri: d.name, reason: "has no video stream")
        }
        let audio = d.streams.filter { $0.kind == .audio }.enumerated().map { j, s in
            StreamInfo(index: 1 + j, id: 0, kind: .audio, codecName: s.codecName, isSCTE35: false, timeBase: (1, 90_000), width: 0, height: 0)
        }
        let videoInfo = StreamInfo(index: 0, id: 0, kind: .video, codecName: video.codecName, isSCTE35: false, timeBase: (1, 90_000),
                                   width: video.width, height: video.height)
        let codecs = ([v] + d.audioIndices).compactMap(d.codecDescription)
        return InputStreams(all: [videoInfo] + audio, videos: [videoInfo], audio: audio, parameters: base,
                            variants: [VariantDescription(codecs: CodecString.list(codecs),
                                                          resolution: video.width > 0 ? (video.width, video.height) : nil, frameRate: nil)],
                            formatName: "hls", url: name, creationTime: nil, chapters: [], startTicks: nil)
    }

    private static func snapshot(_ d: SegmentDemuxer, name: String) throws -> CodecParametersSnapshot {
        var list: [(index: Int, stream: UnsafePointer<AVStream>)] = []
        if let v = d.videoIndex, let st = d.stream(at: v) { list.append((0, UnsafePointer(st))) }
        for (j, i) in d.audioIndices.enumerated() { if let st = d.stream(at: i) { list.append((1 + j, UnsafePointer(st))) } }
        return try CodecParametersSnapshot(streams: list, timeBase: AVRational(num: 1, den: 90_000), input: name)
    }

    func next() throws -> [PipelineEvent]? {
        guard !ended else { return nil }
        if !queued.isEmpty {
            defer { queued.removeAll() }
            return queued
        }
        if let (packets, offset) = current {
            if let p = try packets.next() { return event(p, offset: offset, demuxer: packets.demuxer) ?? [] }
            current = nil
        }
        if let segment = poller.nextSegment() { return try start(segment) }
        if poller.isFinished {
            ended = true
            return tracker.finish().map { .cue(StitchedCue.live($0)) } + [.end(lastVideoEnd: lastVideoEnd)]
        }
        try poller.reload(interrupt: interrupt)
        return []
    }

    /// Reads a new segment's facts, lets the tracker decide, and queues its span edges.
    private func start(_ segment: HLSSegment) throws -> [PipelineEvent] {
        let playlist = poller.playlist
        let bytes = try loader.bytes(of: segment, in: playlist)
        var marks: [CueMark] = []
        for tag in segment.cueTags { marks += try SegmentSurvey.marks(of: tag, segment: segment.index, playlist: playlist, reader: reader) }
        let reference = previous?.end
        let (facts, demuxer) = try SegmentSurvey.facts(of: segment, bytes: bytes, playlist: playlist, reference: reference,
                                                       previous: previous?.segment)
        let step = tracker.add(facts, marks: marks, known: known[segment.mediaSequence])
        if previous?.signature != facts.signature {
            streams.parameters.add(try Self.snapshot(demuxer, name: playlist.name), from: facts.firstVideoTicks + step.offsetTicks)
        }
        previous = (segment, facts.endVideoTicks, facts.signature)
        current = (try SegmentPackets(bytes: bytes, name: segment.uri, reference: reference), step.offsetTicks)
        return step.points.map { .cue(StitchedCue.live($0)) }
    }

    private func event(_ p: SegmentPackets.Packet, offset: Int64, demuxer: SegmentDemuxer) -> [PipelineEvent]? {
        let pts = p.pts + offset, dts = p.dts + offset
        if p.stream.kind == .video {
            guard p.stream.index == demuxer.videoIndex else { return nil }
            p.packet.retime(pts: pts, dts: dts, duration: p.duration, streamIndex: 0)
            if firstVideoTicks == nil { firstVideoTicks = pts }
            lastVideoEnd = max(lastVideoEnd ?? pts, pts + p.duration)
            return [.packet(MediaPacket(packet: p.packet, role: .video(rendition: 0), pts: pts, dts: dts))]
        }
        guard let j = demuxer.audioIndices.firstIndex(of: p.stream.index), j < streams.audio.count else { return nil }
        p.packet.retime(pts: pts, dts: dts, duration: p.duration, streamIndex: streams.audio[j].index)
        return [.packet(MediaPacket(packet: p.packet, role: .audio, pts: pts, dts: dts))]
    }
}

extension StitchedCue {
    /// A live span edge as a cue (its line is not tracked: live messages name the segment).
    static func live(_ point: StitchedCuePoint) -> DetectedCue {
        var cue = DetectedCue(origin: .playlist(line: point.line), bytes: point.section, section: nil, decodeError: nil,
                              arrivalPTS: nil, splicePTS: nil, effectiveTicks: point.ticks, arrivalTicks: point.ticks, chapter: nil)
        cue.stitched = point.signal
        return cue
    }
}
