import CueDetect
import DateRangeWriter
import Foundation

/// `pkgctl vod`: one pass over a recorded programme — demux, cues, spans, segments — then the
/// playlists and report, built in a staging directory and swapped into place.
public enum VodPipeline {
    public static func run(input: String, output: URL, options: VodOptions,
                           log: (String) -> Void = { _ in }) throws -> VodReport {
        let directory = try OutputDirectory(destination: output)
        let feed = InBandCueFeed()
        let demuxer = try MediaDemuxer(url: input, observer: feed.observe)
        let videos = demuxer.streams.filter { $0.kind == .video }
        guard let video = videos.first else {
            throw VodError.noVideo(input: input, streams: demuxer.streams.map { "\($0.kind.rawValue) \($0.codecName)" }
                .joined(separator: ", "))
        }
        let audio = demuxer.streams.filter { $0.kind == .audio }.map(\.index)
        let writer = VodSegmentWriter(root: directory.staging, format: options.segmentFormat)
        let segmenter = try RenditionGroup(
            parameters: try CodecParametersSnapshot(demuxer: demuxer, streams: videos.map(\.index) + audio),
            videoIndices: videos.map(\.index), audioIndices: audio,
            config: .init(format: options.segmentFormat.muxerFormat,
                          targetTicks: ProgramClock.ticks(seconds: options.segmentDuration),
                          segmentPath: { [writer] in writer.path(for: $0, rendition: $1, index: $2) }))
        var state = VodSpanState(options: options)
        state.external = try externalCues(options: options, demuxer: demuxer)
        // Reading and segmenting run on two threads: libavformat's demux and the TS scanner on
        // one, cutting, muxing and writing on this one.
        let stage = VodDemuxStage(demuxer: demuxer, feed: feed, wanted: Set(videos.map(\.index) + audio))
        stage.start()
        var clock = PacketClock()
        var lastVideo: Int64?
        var failure: Error?
        while let work = stage.pipe.pop() {
            if failure != nil { continue }                  // drain so the reader can finish
            do {
                switch work {
                case .cues(let cues):
                    for cue in cues { state.ingest(cue, segmenter: segmenter) }
                    writer.ids = state.ids
                case .packet(let packet):
                    guard let (pts, dts) = clock.times(of: packet) else { continue }
                    if packet.streamIndex == video.index {   // the leader's clock
                        state.advance(to: pts, segmenter: segmenter)
                        writer.ids = state.ids
                    }
                    for segment in try segmenter.consume(packet, pts: pts, dts: dts) {
                        try writer.write(segment)
                    }
                case .finished(let last):
                    lastVideo = last
                case .failed(let error):
                    failure = error
                }
            } catch {
                failure = error
                stage.cancel()
            }
        }
        if let failure { throw failure }
        state.finish(at: segmenter.lastVideoEnd ?? lastVideo ?? 0, segmenter: segmenter)
        writer.ids = state.ids
        for segment in try segmenter.finish() {
            try writer.write(segment)
        }
        let startDate = options.startDate ?? demuxer.creationTime ?? VodOptions.fallbackStartDate
        let report = try VodPresentation(
            options: options, startDate: startDate, t0: segmenter.firstVideoPTS ?? 0, segmenter: segmenter,
            writer: writer, state: state,
            renditions: videos.map { v in
                VodPresentation.Rendition(video: v, codecs: demuxer.codecDescriptions(indices: [v.index] + audio),
                                          frameRate: demuxer.frameRate(streamIndex: v.index))
            }, input: input
        ).write(to: directory.staging)
        try directory.commit()
        return report
    }

    /// Sidecar and chapter cues, known before the media is read and fed as media time passes.
    private static func externalCues(options: VodOptions, demuxer: MediaDemuxer) throws -> [DetectedCue] {
        var cues: [DetectedCue] = []
        if let sidecar = options.sidecar { cues += try SidecarCueSource(url: sidecar).cues(near: demuxer.startTicks) }
        if options.chapters { cues += ChapterCueSource.cues(from: demuxer.chapters) }
        return cues.sorted { ($0.arrivalTicks ?? $0.effectiveTicks ?? 0) < ($1.arrivalTicks ?? $1.effectiveTicks ?? 0) }
    }
}
