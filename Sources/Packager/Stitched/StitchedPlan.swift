import CFFmpeg
import CueDetect
import Foundation

/// Everything the conversion of a stitched VOD presentation knows before it writes anything:
/// the survey of every rendition, the analysis of the first (checked against the others), the
/// offset that puts each segment on the continuous timeline, and the codec parameters of each run.
final class StitchedPlan {
    let input: StitchedInput
    let surveys: [SegmentSurvey]
    let layout: StitchedLayout
    /// Per rendition, per segment: ticks added to its own timestamps.
    let offsets: [[Int64]]
    let streams: InputStreams

    init(input: StitchedInput, loader: SegmentLoader, options: StitchedOptions, classifier: SpanClassifier) throws {
        self.input = input
        let reader = CueTagReader(classifier: classifier)
        var surveys: [SegmentSurvey] = []
        for playlist in input.renditions {
            guard !playlist.segments.isEmpty else {
                throw StitchedError.malformed(playlist: playlist.name, line: 1, reason: "the playlist lists no segment")
            }
            surveys.append(try SegmentSurvey.run(playlist, loader: loader, reader: reader))
        }
        self.surveys = surveys
        let analyzer = StitchedAnalyzer(rules: options.rules, overrides: try options.loadOverrides())
        var layouts: [StitchedLayout] = []
        for (k, survey) in surveys.enumerated() {
            do {
                layouts.append(try analyzer.analyze(segments: survey.segments, marks: survey.marks))
            } catch let error as StitchedAnalysisError {
                throw StitchedError.analysis(playlist: input.renditions[k].name, error)
            }
        }
        layout = layouts[0]
        try Self.checkAligned(layouts, input: input, surveys: surveys, tolerance: options.rules.toleranceTicks)
        offsets = zip(layouts, surveys).map { layout, survey in
            survey.segments.map { segment in layout.runs.last { $0.segments.contains(segment.index) }?.offsetTicks ?? 0 }
        }
        streams = try Self.streams(input: input, surveys: surveys, layouts: layouts)
    }

    /// Every rendition must find the same inserted spans (kind, edges) as the first.
    private static func checkAligned(_ layouts: [StitchedLayout], input: StitchedInput, surveys: [SegmentSurvey],
                                     tolerance: Int64) throws {
        let reference = layouts[0]
        for k in layouts.indices.dropFirst() {
            let mine = layouts[k].inserted, theirs = reference.inserted
            let name = input.renditions[k].name
            func line(_ span: StitchedSpan?) -> Int {
                span.map { surveys[k].segments[min($0.segments.lowerBound, surveys[k].segments.count - 1)].line } ?? 1
            }
            let t0 = layouts[k].runs.first?.startTicks ?? 0, r0 = reference.runs.first?.startTicks ?? 0
            for i in 0..<max(mine.count, theirs.count) {
                let a = i < mine.count ? mine[i] : nil, b = i < theirs.count ? theirs[i] : nil
                guard let a, let b else {
                    let extra = a ?? b
                    throw StitchedError.renditionsDisagree(playlist: input.name, rendition: name, line: line(a ?? mine.last), reason:
                        "it has \(mine.count) inserted span(s), the first rendition \(theirs.count)"
                        + (extra.map { String(format: " (the %@ at %.3f s)", $0.kind.rawValue, Double($0.startTicks - (a != nil ? t0 : r0)) / 90_000) } ?? ""))
                }
                let ds = (a.startTicks - t0) - (b.startTicks - r0), de = (a.endTicks - t0) - (b.endTicks - r0)
                guard a.kind == b.kind, abs(ds) <= tolerance, abs(de) <= tolerance else {
                    throw StitchedError.renditionsDisagree(playlist: input.name, rendition: name, line: line(a), reason: String(
                        format: "its span %d is a %@ at %.3f–%.3f s, the first rendition's a %@ at %.3f–%.3f s", i, a.kind.rawValue,
                        Double(a.startTicks - t0) / 90_000, Double(a.endTicks - t0) / 90_000, b.kind.rawValue,
                        Double(b.startTicks - r0) / 90_000, Double(b.endTicks - r0) / 90_000))
                }
            }
        }
    }

    /// The pipeline's streams: video rendition k is stream k, the first rendition's audio follows;
    /// every packet is re-timed to 90 kHz. The base codec parameters are the content's; each run's
    /// own take over from its start.
    private static func streams(input: StitchedInput, surveys: [SegmentSurvey], layouts: [StitchedLayout]) throws -> InputStreams {
        let v = surveys.count
        let first = layouts[0]
        let contentRun = first.spans.first { $0.kind == .content }.flatMap { first.run(at: $0.startTicks) } ?? first.runs[0]
        func demuxers(forRun r: Int) throws -> [SegmentDemuxer] {
            try layouts.indices.map { k in
                let start = first.runs[r].startTicks - first.runs[0].startTicks + layouts[k].runs[0].startTicks
                let run = layouts[k].run(at: start) ?? layouts[k].runs[0]
                guard let source = surveys[k].parameterSources[run.signature] else {
                    throw StitchedError.output(playlist: input.renditions[k].name, reason: "no segment with \(run.signature) was kept")
                }
                return source
            }
        }
        func snapshot(_ sources: [SegmentDemuxer]) throws -> CodecParametersSnapshot {
            var list: [(index: Int, stream: UnsafePointer<AVStream>)] = []
            for (k, d) in sources.enumerated() {
                if let i = d.videoIndex, let st = d.stream(at: i) { list.append((k, UnsafePointer(st))) }
            }
            for (j, i) in sources[0].audioIndices.enumerated() {
                if let st = sources[0].stream(at: i) { list.append((v + j, UnsafePointer(st))) }
            }
            return try CodecParametersSnapshot(streams: list, timeBase: AVRational(num: 1, den: 90_000), input: input.name)
        }
        let content = try demuxers(forRun: contentRun.index)
        let base = try snapshot(content)
        for run in first.runs { base.add(try snapshot(try demuxers(forRun: run.index)), from: run.startTicks) }
        let audioDescriptions = content[0].audioIndices.compactMap(content[0].codecDescription)
        var videos: [StreamInfo] = []
        var variants: [VariantDescription] = []
        for (k, d) in content.enumerated() {
            let video = d.streams.first { $0.kind == .video }
            videos.append(StreamInfo(index: k, id: 0, kind: .video, codecName: video?.codecName ?? "", isSCTE35: false,
                                     timeBase: (1, 90_000), width: video?.width ?? 0, height: video?.height ?? 0))
            let rate = layouts[k].run(at: contentRun.startTicks)?.signature.frameRate ?? 0
            let own = d.videoIndex.flatMap(d.codecDescription).map { [$0] } ?? []
            variants.append(VariantDescription(codecs: CodecString.list(own + audioDescriptions),
                                               resolution: (video?.width ?? 0) > 0 ? (video?.width ?? 0, video?.height ?? 0) : nil,
                                               frameRate: rate > 0 ? rate : nil))
        }
        let audio = content[0].streams.filter { $0.kind == .audio }.enumerated().map { j, s in
            StreamInfo(index: v + j, id: 0, kind: .audio, codecName: s.codecName, isSCTE35: false, timeBase: (1, 90_000), width: 0, height: 0)
        }
        let pdt = input.renditions[0].segments.first?.programDateTimeMillis.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        return InputStreams(all: videos + audio, videos: videos, audio: audio, parameters: base, variants: variants,
                            formatName: "hls", url: input.name, creationTime: pdt, chapters: [],
                            startTicks: first.runs.first?.startTicks)
    }
}
