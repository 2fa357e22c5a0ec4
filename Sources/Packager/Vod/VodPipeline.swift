import CueDetect
import DateRangeWriter
import Foundation
import Primitives

/// `pkgctl vod`: the shared stages arranged for a recorded programme. One pass on two threads —
/// the InputReader (demux with the TS scanner on the tee) on one, span routing, cutting,
/// muxing and the sink on the other — then the playlists and report, put after every segment
/// they name, and the sink committed: a staged directory is swapped in whole, an HTTP origin
/// gets its playlists only once every segment landed.
public enum VodPipeline {
    public static func run(input: String, output: URL, options: VodOptions,
                           log: (String) -> Void = { _ in }) throws -> VodReport {
        try run(input: input, sink: try StagedDirectorySink(destination: output), options: options)
    }

    /// Publishes to an HTTP origin (`base` is the presentation's prefix there).
    public static func run(input: String, origin base: URL, options: VodOptions) throws -> VodReport {
        var http = HTTPSinkOptions()
        http.waitWhenFull = true
        return try run(input: input, sink: HTTPSink(base: base, options: http), options: options)
    }

    static func run(input: String, sink: PublishSink, options: VodOptions) throws -> VodReport {
        // A playlist (judged by its bytes) is a stitched presentation with its own source.
        if StitchedInput.isPlaylist(input) { return try StitchedVod.run(input: input, sink: sink, options: options) }
        // A TS file whose timestamps reset at spliced spans is re-timed into one timeline.
        if let stitched = try StitchedFileSource.open(input, options: options) {
            return try run(source: stitched, sink: sink, options: options) { StitchedVod.report($0, file: stitched, name: input) }
        }
        return try run(source: try InputReader(url: input, mode: .media), sink: sink, options: options)
    }

    /// The VOD arrangement over any event source. `extendReport` may replace report.json's
    /// content (a stitched source adds why each span is what it is); it runs before anything
    /// is committed, so a failure there leaves no output.
    static func run(source reader: EventSource, sink: PublishSink, options: VodOptions,
                    extendReport: ((VodReport) throws -> JSONValue)? = nil) throws -> VodReport {
        let input = reader.streams.url
        let streams = reader.streams
        let collector = VodCollector(sink: sink, format: options.segmentFormat)
        let direct = (try? sink.directPath(for: OutputLayout.report)) != nil
        let cuts = CutStage(streams: streams, rule: CutRule(targetSeconds: options.segmentDuration, hardCap: false),
                            assembler: .init(format: options.segmentFormat.muxerFormat, segmentPath: direct ? { [collector] in
                                collector.directPath(for: $0, rendition: $1, index: $2)
                            } : nil))
        let chain = StageChain([
            SpanStage(classifier: options.classifier, placement: options.placementRules,
                      external: try externalCues(options: options, streams: streams)),
            cuts, collector,
        ])
        let sourceEnd = try ReaderThread.drive(reader, into: chain)
        try sink.flush(timeout: 600)
        let startDate = options.startDate ?? streams.creationTime ?? VodOptions.fallbackStartDate
        let notes = cuts.droppedLeading > 0 ? ["\(cuts.droppedLeading) video packet(s) before the first keyframe dropped"] : []
        let built = try VodPresentation(options: options, streams: streams, startDate: startDate,
                                        t0: cuts.firstFrame ?? 0, sourceEnd: sourceEnd ?? cuts.firstFrame ?? 0,
                                        collected: collector, notes: notes).build()
        guard sink.stats.failures == 0 else {
            throw VodError.output(path: input, reason: "\(sink.stats.failures) segment(s) could not be stored; no playlist was published")
        }
        var files = built.files
        if let extendReport, let i = files.firstIndex(where: { $0.name == OutputLayout.report }) {
            files[i].data = Data((try extendReport(built.report).serialized(pretty: true) + "\n").utf8)
        }
        for file in files { try sink.put(file.data, name: file.name, kind: file.kind) }
        try sink.commit()
        return built.report
    }

    /// Sidecar and chapter cues, known before the media is read and fed as media time passes.
    private static func externalCues(options: VodOptions, streams: InputStreams) throws -> [DetectedCue] {
        var cues: [DetectedCue] = []
        if let sidecar = options.sidecar { cues += try SidecarCueSource(url: sidecar).cues(near: streams.startTicks) }
        if options.chapters { cues += ChapterCueSource.cues(from: streams.chapters) }
        return cues
    }
}

/// Runs an InputReader on its own thread, feeding a chain on the calling thread through a
/// bounded pipe: demuxing overlaps cutting and writing.
enum ReaderThread {
    private enum Batch {
        case events([PipelineEvent])
        case failed(Error)
    }

    /// Returns where the leading video ended (from the reader's `.end`).
    static func drive(_ reader: EventSource, into chain: StageChain) throws -> Int64? {
        let pipe = WorkPipe<Batch>(capacity: 256)
        let stop = InterruptFlag()
        let thread = Thread { [reader] in
            defer { pipe.close() }
            do {
                while !stop.isRaised, let events = try reader.next() { pipe.push(.events(events)) }
            } catch {
                pipe.push(.failed(error))
            }
        }
        thread.name = "pkgctl-reader"
        thread.start()
        var failure: Error?
        var end: Int64?
        while let batch = pipe.pop() {
            guard failure == nil else { continue }          // drain so the reader can finish
            do {
                switch batch {
                case .failed(let error): throw error
                case .events(let events):
                    for event in events {
                        if case .end(let last) = event { end = last }
                        try chain.send(event)
                    }
                }
            } catch {
                failure = error
                stop.raise()
            }
        }
        if let failure { throw failure }
        return end
    }
}
