/// Frame-accurate span edges for the cut stage: learns every span edge from the span decisions,
/// and passes the input's packets on in order, with each video rendition's packets around an
/// edge replaced by what `VideoSpliceCutter` made of them (see `RenditionSplicer`). Packets wait
/// only while some rendition holds a splice window (in vod: its current GOP); everything that
/// arrived after the held window's start waits with it, so the interleaving is the input's.
///
/// The cut planner then needs nothing new: it cuts at keyframes, and after the splicer there is
/// one exactly at each edge.
final class EdgeSplicer {
    struct Policy: Equatable, Sendable {
        var mode: SpliceMode
        /// vod: always hold the current GOP (edges decided as the video passes them still find
        /// their window); live: hold only ahead of a known splice (accurate mode).
        var holdsGOP: Bool
        /// live: a span's planned end is held for before its end is decided (auto-returns are
        /// decided only as the video passes them).
        var holdsPlannedEnds: Bool
        /// vod: freed picture buffers stay in the heap for the next splice (`SpliceHeap`); a live
        /// channel gives memory back instead.
        var keepsPictureBuffers = false
    }

    let policy: Policy
    private let queue = SpliceQueue()
    private let media: SpliceMedia
    private let log: SpliceLog
    private(set) var renditions: [RenditionSplicer] = []
    /// Span key → interstitial ID, for records and warnings.
    private var ids: [Int: String] = [:]

    init(streams: InputStreams, policy: Policy, media: SpliceMedia) {
        self.policy = policy
        self.media = media
        log = SpliceLog(input: streams.url)
        for (k, video) in streams.videos.enumerated() {
            let timeline = SpliceTimeline(timeBase: video.timeBase)
            let frameDuration = timeline.frameDuration(framesPerSecond: k < streams.variants.count ? streams.variants[k].frameRate : nil)
            var cutter: VideoSpliceCutter?
            var refusal: String?
            do {
                cutter = try VideoSpliceCutter(parameters: streams.parameters, streamIndex: video.index, input: streams.url,
                                               options: .init(frameDuration: frameDuration, keepsPictureBuffers: policy.keepsPictureBuffers))
            } catch {
                refusal = "\(error)"
            }
            renditions.append(RenditionSplicer(rendition: k, streamIndex: video.index, timeline: timeline, cutter: cutter,
                                               refusal: refusal, mode: policy.mode, holdsGOP: policy.holdsGOP, queue: queue,
                                               media: media, log: log))
        }
    }

    var records: [SpliceEdgeRecord] { log.records }
    func takeWarnings() -> [String] { log.takeWarnings() }
    func takeNewRecords() -> ArraySlice<SpliceEdgeRecord> { log.takeNewRecords() }

    /// The earliest input byte a held packet needs (TS input: the source may drop what is before it).
    var oldestNeededOffset: Int64? { media.oldestOffset(of: queue.held) }

    /// What an fMP4 init segment of rendition `k` needs as its video extradata so that re-encoded
    /// pictures need no new EXT-X-MAP (nil: the source's own will do, or nothing is re-encoded).
    func muxerExtradata(rendition k: Int) -> [UInt8]? {
        guard k < renditions.count, let cutter = renditions[k].cutter else { return nil }
        let duration = cutter.options.frameDuration ?? 0
        guard duration > 0 else { return nil }
        return try? cutter.muxerExtradata(frameDuration: duration)
    }

    /// The same, but only once rendition `k` has had pictures re-encoded: for an init segment
    /// written after the run (pkgctl's own fMP4 muxer), which so lists the re-encoder's
    /// parameter sets only where they occur and never opens FFmpeg to learn them otherwise.
    func muxerExtradataIfReencoded(rendition k: Int) -> [UInt8]? {
        guard k < renditions.count, renditions[k].cutter?.hasReencoded == true else { return nil }
        return muxerExtradata(rendition: k)
    }

    func note(_ decision: SpanDecision) {
        switch decision {
        case .route(let r):
            ids[r.key] = r.id
            add(SpliceRequest(key: r.key, spanID: r.id, edge: .start, ticks: r.startTicks))
            if policy.holdsPlannedEnds, let planned = r.span.plannedDurationTicks, planned > 0 {
                add(SpliceRequest(key: r.key, spanID: r.id, edge: .end, ticks: r.startTicks + planned, tentative: true))
            }
        case .nest(let n):
            ids[n.key] = n.id
            add(SpliceRequest(key: n.key, spanID: n.id, edge: .start, ticks: n.span.startTicks))
        case .endAt(let e):
            for rendition in renditions { rendition.withdraw(key: e.key, onlyTentative: true) }
            add(SpliceRequest(key: e.key, spanID: ids[e.key] ?? "span \(e.key)", edge: .end, ticks: e.ticks))
        case .forget(let key, _):
            for rendition in renditions { rendition.withdraw(key: key) }
        case .skip:
            break
        }
    }

    /// A packet in; the packets that may go on, in order.
    func accept(_ packet: MediaPacket) throws -> [MediaPacket] {
        let slot = queue.append(packet)
        if case .video(let k) = packet.role, k < renditions.count { try renditions[k].accept(slot: slot) }
        return queue.release(before: renditions.compactMap(\.heldFrom).min() ?? queue.nextSlot)
    }

    /// End of input: open windows are cut with what they hold; everything goes on.
    func finish() throws -> [MediaPacket] {
        for rendition in renditions { try rendition.finish() }
        return queue.release(before: nil)
    }

    private func add(_ request: SpliceRequest) {
        for rendition in renditions { rendition.add(request) }
    }
}
