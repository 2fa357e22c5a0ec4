import CueDetect

/// Reads an MPEG-TS input once and returns every SCTE-35 cue in it: the TS scanner sees the
/// bytes as libavformat reads them (all SCTE-35 PIDs, wherever the `CUEI` registration is),
/// libavformat's own `scte_35` stream is reconciled against it, and the video timeline
/// resolves splice times.
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

    /// Bytes flow from the tee callback into here while libavformat reads.
    private final class ScanState {
        var scanner = TSSectionScanner()
        var events: [TSScanEvent] = []
    }

    private let url: String
    private let options: [String: String]

    init(url: String, options: [String: String] = [:]) {
        self.url = url
        self.options = options
    }

    /// - Parameter mediaNeeded: false for cue-only scans: libavformat then discards audio and
    ///   video packets early, which is most of the demux cost.
    func read(mediaNeeded: Bool = false) throws -> Result {
        let state = ScanState()
        let demuxer = try MediaDemuxer(url: url, options: options) { bytes in
            state.scanner.feed(bytes, into: &state.events)
        }
        var assembler = InBandCueAssembler()
        var reconciler = SectionReconciler()
        var cues: [DetectedCue] = []
        var lastVideo: Int64?
        guard let packet = DemuxedPacket() else {
            throw FFmpegError(operation: "allocate a packet for", input: url, code: -12)
        }
        func drain() {
            for event in state.events {
                if case .section(let s) = event { reconciler.scannerSaw(s) }
                cues.append(contentsOf: assembler.ingest(event))
            }
            state.events.removeAll(keepingCapacity: true)
            lastVideo = assembler.latestVideoTicks
        }
        func discardMedia() {
            guard !mediaNeeded else { return }
            for s in demuxer.streams where !s.isSCTE35 { demuxer.discard(streamIndex: s.index) }
        }
        discardMedia()
        while try demuxer.read(into: packet) {
            drain()
            if demuxer.refreshStreams() { discardMedia() }
            let index = packet.streamIndex
            guard index >= 0, index < demuxer.streams.count, demuxer.streams[index].isSCTE35 else { continue }
            let pid = demuxer.streams[index].id
            let bytes = packet.bytes
            if reconciler.libavformatDelivered(pid: pid, bytes: bytes) {
                var cue = InBandCueAssembler.decode(bytes, origin: .transportStream(pid: pid),
                                                    arrival: packet.pts.map { UInt64($0) & ProgramClock.mask })
                let reference = lastVideo ?? cue.arrivalPTS.map { Int64($0) } ?? 0
                cue.arrivalTicks = cue.arrivalPTS.map { ProgramClock.unwrap($0, near: reference) }
                cue.effectiveTicks = cue.splicePTS.map { ProgramClock.unwrap($0, near: reference) } ?? cue.arrivalTicks
                cues.append(cue)
            }
        }
        drain()
        cues.append(contentsOf: assembler.finish())
        reconciler.finish()
        return Result(cues: cues, firstVideoTicks: assembler.firstVideoTicks, lastVideoTicks: lastVideo,
                      scan: state.scanner.stats, reconcile: reconciler.stats, formatName: demuxer.formatName,
                      streams: demuxer.streams, chapters: demuxer.chapters, startTicks: demuxer.startTicks)
    }
}
