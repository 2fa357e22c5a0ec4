import CueDetect

/// Reads an MPEG-TS input once and returns every SCTE-35 cue in it (see InBandCueFeed).
final class InBandCueReader {
    struct Result {
        var cues: [DetectedCue]
        var firstVideoTicks: Int64?
        var lastVideoTicks: Int64?
        var scan: TSScanStats
        var reconcile: SectionReconciler.Stats
        var formatName: String
        var streams: [StreamInfo]
        var chapters: [ChapterInfo]
        var startTicks: Int64?
    }

    private let url: String
    private let options: [String: String]

    init(url: String, options: [String: String] = [:]) {
        self.url = url
        self.options = options
    }

    /// A cue-only scan: libavformat discards audio and video packets early, which is most of the
    /// demux cost; the scanner still sees every byte.
    func read() throws -> Result {
        let feed = InBandCueFeed()
        let demuxer = try MediaDemuxer(url: url, options: options, observer: feed.observe)
        var cues: [DetectedCue] = []
        guard let packet = DemuxedPacket() else {
            throw FFmpegError(operation: "allocate a packet for", input: url, code: -12)
        }
        func discardMedia() {
            for s in demuxer.streams where !s.isSCTE35 { demuxer.discard(streamIndex: s.index) }
        }
        discardMedia()
        feed.track(demuxer.streams)
        while try demuxer.read(into: packet) {
            cues += feed.drain()
            if demuxer.refreshStreams() {
                discardMedia()
                feed.track(demuxer.streams)
            }
            _ = feed.takeSection(packet, into: &cues)
        }
        let last = feed.latestVideoTicks
        cues += feed.finish()
        return Result(cues: cues, firstVideoTicks: feed.firstVideoTicks, lastVideoTicks: last,
                      scan: feed.scanStats, reconcile: feed.reconcileStats, formatName: demuxer.formatName,
                      streams: demuxer.streams, chapters: demuxer.chapters, startTicks: demuxer.startTicks)
    }
}
