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
    public static func run(input: String, output: URL, options: VodOptions, durability: PublishDurability = .process,
                           log: (String) -> Void = { _ in }) throws -> VodReport {
        let sink = try StagedDirectorySink(destination: output, durability: durability)
        return try run(input: input, sink: sink, options: options).warningUnsynced(by: sink)
    }

    /// Publishes to an HTTP origin (`base` is the presentation's prefix there); `http`: its
    /// headers, timeout and retry time (`output.http`).
    public static func run(input: String, origin base: URL, options: VodOptions,
                           http: HTTPSinkOptions = HTTPSinkOptions()) throws -> VodReport {
        try run(input: input, sink: originSink(base, http: http), options: options)
    }

    /// The sink a conversion publishes to an origin through: its puts wait for room in a full
    /// queue, since reading a recorded input may wait for the network (live never waits), and
    /// the first item it gives up on ends the conversion (nothing after it could complete it),
    /// and segments go `defaultParallelUploads` at a time unless `output.http.parallel` says.
    static func originSink(_ base: URL, http settings: HTTPSinkOptions) throws -> HTTPSink {
        var http = settings
        http.waitWhenFull = true
        http.stopAfterFailure = true
        http.parallelUploads = settings.parallelUploads ?? defaultParallelUploads
        return try HTTPSink(base: base, options: http)
    }

    /// Segments a conversion uploads at once: enough to hide an origin's round trip (4 × 6 s
    /// segments of 4 Mb/s in flight is 12 MB), few enough for any origin's connection limit.
    public static let defaultParallelUploads = 4

    static func run(input: String, sink: PublishSink, options: VodOptions) throws -> VodReport {
        // A playlist (judged by its bytes) is a stitched presentation with its own source.
        if StitchedInput.isPlaylist(input) { return try StitchedVod.run(input: input, sink: sink, options: options) }
        if let (source, formats) = ownFragmentedSource(input: input, options: options) {
            do {
                return try runOwnFragmented(source, formats: formats, sink: sink, options: options)
            } catch is TimestampReset {
                return try redoAfterReset(input: input, sink: sink, options: options)
            }
        }
        if let source = ownProbeSource(input: input, sink: sink, options: options) {
            do {
                return try runByteLevel(source, sink: sink, options: options)
            } catch is TimestampReset {
                return try redoAfterReset(input: input, sink: sink, options: options)
            }
        }
        var probe: InputReader? = try InputReader(url: input, mode: .media)
        if let source = try probe.flatMap({ try byteLevelSource(input: input, probed: $0, sink: sink, options: options) }) {
            // The byte-level pass needs only the probe's stream table: its demuxer is closed first.
            probe = nil
            ServiceHeap.returnFreedMemory()
            do {
                return try source.isDemuxing ? runDemuxed(source, sink: sink, options: options)
                    : runByteLevel(source, sink: sink, options: options)
            } catch is TimestampReset {
                return try redoAfterReset(input: input, sink: sink, options: options)
            }
        }
        // A sink that can drop its staged pass learns of a reset during the pass, as above; one
        // that cannot (an HTTP origin) is told before it by a scan of the whole file.
        let watching = sink.canDiscardUncommitted && FileManager.default.fileExists(atPath: input)
        guard watching else { return try runStitchedOrPlain(input: input, sink: sink, options: options, reader: probe) }
        let reader = try probe ?? InputReader(url: input, mode: .media)
        reader.stopsAtTimestampReset = true
        do {
            return try runPlain(reader, sink: sink, options: options)
        } catch is TimestampReset {
            return try redoAfterReset(input: input, sink: sink, options: options)
        }
    }

    /// A pass found the file's timestamps reset: nothing of it is visible before commit, so the
    /// staged pass is dropped and the file read again, as stitched.
    private static func redoAfterReset(input: String, sink: PublishSink, options: VodOptions) throws -> VodReport {
        guard try sink.discardUncommitted() else {
            throw VodError.output(path: input, reason: "its timestamps reset, and the output already sent cannot be withdrawn")
        }
        return try runStitchedOrPlain(input: input, sink: sink, options: options)
    }

    /// A TS file whose timestamps reset at spliced spans is re-timed into one timeline (its scan
    /// says so); any other input is demuxed and muxed by libavformat.
    private static func runStitchedOrPlain(input: String, sink: PublishSink, options: VodOptions,
                                           reader: InputReader? = nil) throws -> VodReport {
        if let stitched = try StitchedFileSource.open(input, options: options) {
            return try run(source: stitched, sink: sink, options: options, extendReport: { StitchedVod.report($0, file: stitched, name: input) })
        }
        return try runPlain(reader ?? InputReader(url: input, mode: .media), sink: sink, options: options)
    }

    private static func runPlain(_ reader: InputReader, sink: PublishSink, options: VodOptions) throws -> VodReport {
        try run(source: reader, sink: sink, options: options,
                splicer: edgeSplicer(streams: reader.streams, options: options, media: AVSpliceMedia()))
    }

    /// Accurate splices stay on the byte-level path: the re-encoded pictures go out as PES packets
    /// of their own in the input's TS, so the SCTE-35 PID (0x86 + CUEI, which libavformat 5.1
    /// cannot write) and every other PID survive as they do in keyframe mode.
    private static func runByteLevel(_ source: TSEventSource, sink: PublishSink, options: VodOptions) throws -> VodReport {
        let splicer = edgeSplicer(streams: source.streams, options: options,
                                  media: TSSpliceMedia(input: source.input, grid: source.indexer.grid))
        return try run(source: source, sink: sink, options: options, threaded: false, splicer: splicer, assemblers: { collector in
            let videoPIDs = source.streams.videos.map(\.id)
            let assemblers = videoPIDs.indices.map { k in
                let assembler = TSSegmentAssembler(input: source.input, indexer: source.indexer, rendition: k,
                                                   keepSCTE35: options.scte35Passthrough, singleFile: options.singleFile,
                                                   nearestAudioFrame: options.splice == .accurate) {
                    options.singleFile ? collector.singleFilePath(for: $0, rendition: $1)
                        : collector.directPath(for: $0, rendition: $1, index: $2)
                }
                assembler.otherRenditions = Set(videoPIDs).subtracting([videoPIDs[k]])
                return assembler
            }
            source.oldestNeeded = {
                (assemblers.map(\.oldestNeededOffset) + [splicer.oldestNeededOffset]).compactMap { $0 }.min()
            }
            return assemblers
        })
    }

    /// fMP4 of a TS file: the indexer's units as demuxed packets into libavformat's mp4 muxer,
    /// as the libavformat path does but without its TS demuxer and parsers. On one thread: with
    /// the reader on a second one the run took 0.42–0.49 s of CPU against 0.37–0.40 s (the
    /// hand-over's locks and wake-ups, 7 alternated runs each, bench input), for 25 % less wall
    /// time; a packager running many titles has no second core to spare.
    private static func runDemuxed(_ source: TSEventSource, sink: PublishSink, options: VodOptions) throws -> VodReport {
        try run(source: source, sink: sink, options: options, threaded: false,
                splicer: edgeSplicer(streams: source.streams, options: options, media: AVSpliceMedia()))
    }

    /// Span edges as `options.splice` says. Not for stitched sources: their spans start and end
    /// at segment boundaries (keyframes of separately encoded pieces, often with parameters of
    /// their own), where a splice window would straddle two encodings.
    private static func edgeSplicer(streams: InputStreams, options: VodOptions, media: SpliceMedia) -> EdgeSplicer {
        EdgeSplicer(streams: streams, policy: .init(mode: options.splice, holdsGOP: true, holdsPlannedEnds: false,
                                                    keepsPictureBuffers: true), media: media)
    }

    /// A local TS file read by the byte-level source instead of libavformat's demuxer: TS out,
    /// written into the sink's own files, has the input's packets cut and re-timed in place
    /// (TSEventSource + one TSSegmentAssembler per video rendition, each output keeping its own
    /// video PID) instead of demuxed and muxed again; fMP4 out has the indexer's units handed to libavformat's mp4 muxer as packets
    /// (H.264/HEVC and AAC, `TSUnitDemuxer.covers`). nil when neither applies.
    private static func byteLevelSource(input: String, probed: InputReader, sink: PublishSink,
                                        options: VodOptions) throws -> TSEventSource? {
        let streams = probed.streams
        guard options.engine == .auto, streams.formatName == "mpegts", FileManager.default.fileExists(atPath: input) else { return nil }
        switch options.segmentFormat {
        case .ts:
            guard (try? sink.directPath(for: OutputLayout.report)) != nil else { return nil }
            return try TSEventSource(path: input, probed: streams)
        case .fmp4:
            guard TSUnitDemuxer.covers(streams) else { return nil }
            return try TSEventSource(path: input, probed: streams, demuxing: true)
        }
    }

    /// A local TS file cut to TS whose stream table pkgctl's own probe can give exactly as
    /// libavformat would (`TSStreamProbe`): the byte-level source with no FFmpeg call at all
    /// unless a splice needs a re-encode — opening FFmpeg's libraries and probing were a quarter
    /// of such a run's CPU. nil when the probe declines (libavformat then probes as before).
    private static func ownProbeSource(input: String, sink: PublishSink, options: VodOptions) -> TSEventSource? {
        guard options.segmentFormat == .ts, (try? sink.directPath(for: OutputLayout.report)) != nil,
              let probe = ownProbe(input, options: options) else { return nil }
        return try? TSEventSource(path: input, probed: InputStreams(probe: probe, path: input))
    }

    /// pkgctl's own probe of a local file under `--engine auto` (nil: not a file it describes).
    private static func ownProbe(_ input: String, options: VodOptions) -> TSStreamProbe? {
        guard options.engine == .auto, FileManager.default.isReadableFile(atPath: input) else { return nil }
        return try? TSStreamProbe.read(path: input)
    }

    /// The same for fMP4 out, into any sink: a TS file of H.264 and AAC that pkgctl's probe
    /// describes, muxed by `FragmentedMP4Muxer` — FFmpeg is opened only if a splice re-encodes.
    /// Loading FFmpeg's libraries, its probe and its muxer were a third of such a run's CPU.
    private static func ownFragmentedSource(input: String, options: VodOptions) -> (TSEventSource, [Int: MP4StreamFormat])? {
        // The formats cover only H.264 and ADTS AAC, all the demuxer hands over (`TSUnitDemuxer.covers`).
        guard options.segmentFormat == .fmp4, let probe = ownProbe(input, options: options),
              let formats = MP4StreamFormat.formats(of: probe),
              let source = try? TSEventSource(path: input, probed: InputStreams(probe: probe, path: input), demuxing: true,
                                              ownBytes: true) else { return nil }
        return (source, formats)
    }

    /// fMP4 of a TS file by pkgctl's own muxer, on one thread (as `runDemuxed`).
    private static func runOwnFragmented(_ source: TSEventSource, formats: [Int: MP4StreamFormat], sink: PublishSink,
                                         options: VodOptions) throws -> VodReport {
        let splicer = edgeSplicer(streams: source.streams, options: options, media: AVSpliceMedia())
        return try run(source: source, sink: sink, options: options, threaded: false, splicer: splicer, assemblers: { collector in
            var config = SegmentAssembler.Configuration(format: .fmp4, segmentPath: { [collector] in
                collector.directPath(for: $0, rendition: $1, index: $2)
            }, nearestAudioFrame: options.splice == .accurate)
            config.ownMP4 = formats
            let streams = source.streams
            return streams.videos.enumerated().map { k, video in
                SegmentAssembler(parameters: streams.parameters, videoIndex: video.index, audioIndices: streams.audioIndices,
                                 config: config, rendition: k)
            }
        })
    }

    /// The VOD arrangement over any event source. `threaded`: read on a thread of its own;
    /// `assemblers` makes the muxing back end (the libavformat one unless told otherwise).
    /// `extendReport` may replace report.json's content (a stitched source adds why each span is
    /// what it is); it runs before anything is committed, so a failure there leaves no output.
    static func run(source reader: EventSource, sink: PublishSink, options: VodOptions, threaded: Bool = true,
                    splicer: EdgeSplicer? = nil, assemblers: ((VodCollector) -> [SegmentAssembling])? = nil,
                    extendReport: ((VodReport) throws -> JSONValue)? = nil) throws -> VodReport {
        let input = reader.streams.url
        let streams = reader.streams
        let collector = VodCollector(sink: sink, format: options.segmentFormat, singleFile: options.singleFile)
        let direct = (try? sink.directPath(for: OutputLayout.report)) != nil
        let rule = CutRule(targetSeconds: options.segmentDuration, hardCap: false)
        let cuts = assemblers.map { CutStage(rule: rule, assemblers: $0(collector), splicer: splicer) }
            ?? CutStage(streams: streams, rule: rule,
                        assembler: .init(format: options.segmentFormat.muxerFormat, segmentPath: direct ? { [collector] in
                            collector.directPath(for: $0, rendition: $1, index: $2)
                        } : nil, nearestAudioFrame: options.splice == .accurate,
                                         ownFragments: options.engine == .auto), splicer: splicer)
        let chain = StageChain([
            SpanStage(classifier: options.classifier, lostCues: options.lostCues, placement: options.placementRules,
                      external: try externalCues(options: options, streams: streams)),
            cuts, collector,
        ])
        let progress = options.progress.map(ReaderThread.ProgressReport.init)
        let sourceEnd: Int64?
        do {
            sourceEnd = threaded ? try ReaderThread.drive(reader, into: chain, progress: progress)
                : try ReaderThread.read(reader, into: chain, progress: progress)
            try sink.flush(timeout: 600)
        } catch HTTPSinkError.stopped {
            // An origin sink stopped at a segment it could not store (`stopAfterFailure`): the
            // run ends here, reported like any unstored segment below.
            throw VodError.unstored(input: input, first: sink.stats.firstFailure)
        }
        try PresentationIntegrity.check(collector, renditions: streams.videos.count, input: input)
        let startDate = options.startDate ?? streams.creationTime ?? VodOptions.fallbackStartDate
        var notes = streams.notes
        if cuts.droppedLeading > 0 { notes.append("\(cuts.droppedLeading) video packet(s) before the first keyframe dropped") }
        if cuts.refusedPackets > 0 {
            notes.append("\(cuts.refusedPackets) packet(s) of '\(input)' dropped: damaged timestamps (PTS before DTS) that no muxer takes")
        }
        let built = try VodPresentation(options: options, streams: streams, startDate: startDate,
                                        t0: cuts.firstFrame ?? 0, sourceEnd: sourceEnd ?? cuts.firstFrame ?? 0,
                                        collected: collector, notes: notes).build()
        guard sink.stats.failures == 0 else {
            throw VodError.unstored(input: input, first: sink.stats.firstFailure)
        }
        var files = built.files
        var report = built.report
        if splicer != nil { report.splices = VodSpliceReport(mode: options.splice, edges: cuts.spliceRecords) }
        if splicer != nil || extendReport != nil, let i = files.firstIndex(where: { $0.name == OutputLayout.report }) {
            files[i].data = Data(((try extendReport?(report) ?? report.json).serialized(pretty: true) + "\n").utf8)
        }
        for file in files { try sink.put(file.data, name: file.name, kind: file.kind) }
        try sink.commit()
        return report
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

    /// Hands `VodOptions.progress` the source's progress after each read that moved it (the
    /// demuxer still yields media after the last byte is in, so media time counts too).
    final class ProgressReport {
        private let report: (InputProgress) -> Void
        private var last: InputProgress?

        init(_ report: @escaping (InputProgress) -> Void) { self.report = report }

        func after(_ reader: EventSource) {
            guard let progress = reader.progress, progress != last else { return }
            last = progress
            report(progress)
        }
    }

    /// The same on the calling thread (a source cheap enough that a second thread would only add
    /// hand-over cost).
    static func read(_ reader: EventSource, into chain: StageChain, progress: ProgressReport? = nil) throws -> Int64? {
        var end: Int64?
        while let events = try reader.next() {
            progress?.after(reader)
            for event in events {
                if case .end(let last) = event { end = last }
                try chain.send(event)
            }
        }
        return end
    }

    /// Events handed to the chain's thread at a time (under a second of a programme's packets;
    /// with 4 batches queued, no more packets are in flight than with 256 single reads before).
    static let handOver = 64

    /// Returns where the leading video ended (from the reader's `.end`).
    static func drive(_ reader: EventSource, into chain: StageChain, progress: ProgressReport? = nil) throws -> Int64? {
        let pipe = WorkPipe<Batch>(capacity: 4)
        let stop = InterruptFlag()
        let thread = Thread { [reader] in
            defer { pipe.close() }
            // Events go over in batches of several reads: a hand-over per read (one demuxed
            // packet, 23,000 in a 5-minute fMP4 run) took a lock and a signal each; batches
            // halved that run's context switches (1746 -> 883).
            var batch: [PipelineEvent] = []
            var failure: Error?
            do {
                while !stop.isRaised, let events = try reader.next() {
                    progress?.after(reader)
                    batch += events
                    if batch.count >= handOver {
                        pipe.push(.events(batch))
                        batch = []
                    }
                }
            } catch {
                failure = error
            }
            if !batch.isEmpty { pipe.push(.events(batch)) }
            if let failure { pipe.push(.failed(failure)) }
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
