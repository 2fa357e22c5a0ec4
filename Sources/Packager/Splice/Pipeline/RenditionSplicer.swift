/// One video rendition's part in cutting span edges: it holds the rendition's packets from the
/// keyframe before a pending splice until the splice's window (`SpliceWindowRule`) is complete,
/// has `VideoSpliceCutter` cut it, and puts the result into the window's queue slots, so the cut
/// planner downstream sees a keyframe exactly where the cut belongs (an IDR at the splice frame
/// in accurate mode, the rewritten resume keyframe in keyframe mode) and cuts there unchanged.
///
/// The GOP before the splice is held when `holdsGOP` (vod: always the current GOP, so a span end
/// decided only as the video passes it still finds its window) or, in live accurate mode, from
/// the last keyframe at most two GOPs before a known splice. Without it (live keyframe mode, or a
/// splice decided after its GOP went out) the cut falls on the first keyframe at or after the
/// splice and its leading pictures are dropped (`resumeAtKeyframe`).
final class RenditionSplicer {
    struct Held {
        var slot: Int
        /// Cutter timeline.
        var pts: Int64
        var dts: Int64
        var isKeyframe: Bool
        var frame: SpliceFrame { SpliceFrame(pts: pts, dts: dts, isKeyframe: isKeyframe) }
    }

    /// One cut to make: every request at this time (cutter timeline).
    struct Pending {
        var at: Int64
        var requests: [SpliceRequest]
    }

    let rendition: Int
    let streamIndex: Int
    let timeline: SpliceTimeline
    let cutter: VideoSpliceCutter?
    /// Why there is no cutter (said once per span).
    let refusal: String?
    let mode: SpliceMode
    let holdsGOP: Bool
    let queue: SpliceQueue
    let media: SpliceMedia
    let log: SpliceLog
    var buffer: [Held] = []
    var pending: [Pending] = []
    var continuations: [SpliceContinuation] = []
    private var lastKeyframe: Int64?
    private var longestGOP: Int64?

    init(rendition: Int, streamIndex: Int, timeline: SpliceTimeline, cutter: VideoSpliceCutter?, refusal: String?,
         mode: SpliceMode, holdsGOP: Bool, queue: SpliceQueue, media: SpliceMedia, log: SpliceLog) {
        self.rendition = rendition
        self.streamIndex = streamIndex
        self.timeline = timeline
        self.cutter = cutter
        self.refusal = refusal
        self.mode = mode
        self.holdsGOP = holdsGOP
        self.queue = queue
        self.media = media
        self.log = log
    }

    /// The first queue slot this rendition still holds.
    var heldFrom: Int? { buffer.first?.slot }

    func add(_ request: SpliceRequest) {
        let at = timeline.streamTicks(request.ticks)
        if let refusal, !request.tentative { log.warn(span: request.spanID, topic: "refusal", "span \(request.spanID): \(refusal)") }
        if let i = pending.firstIndex(where: { $0.at == at }) {
            pending[i].requests.removeAll { $0.key == request.key && $0.edge == request.edge }
            pending[i].requests.append(request)
        } else {
            pending.append(Pending(at: at, requests: [request]))
            pending.sort { $0.at < $1.at }
        }
    }

    /// Drops what was asked for span `key` and not cut yet (a cancelled span; a planned end
    /// replaced by the real one when `onlyTentative`).
    func withdraw(key: Int, onlyTentative: Bool = false) {
        for i in pending.indices {
            pending[i].requests.removeAll { $0.key == key && (!onlyTentative || $0.tentative) }
        }
        pending.removeAll { $0.requests.isEmpty }
    }

    /// The video packet now in `slot`.
    func accept(slot: Int) throws {
        guard var packet = queue[slot] else { return }
        if !continuations.isEmpty {
            packet = try media.continued(packet, through: continuations, streamIndex: streamIndex)
            queue[slot] = packet
            continuations.removeAll { $0.isFinished }
        }
        let ticks = timeline.ticks(of: packet)
        if packet.isKeyframe { noteKeyframe(at: ticks.pts) }
        guard cutter != nil else { return passUnchanged(packet, pts: ticks.pts) }
        guard !buffer.isEmpty || packet.isKeyframe else { return }
        buffer.append(Held(slot: slot, pts: ticks.pts, dts: ticks.dts, isKeyframe: packet.isKeyframe))
        try resolve(atEnd: false)
    }

    /// End of input: a window still open is cut with what it holds; the rest goes out.
    func finish() throws {
        if cutter != nil { try resolve(atEnd: true) }
        buffer.removeAll()
        pending.removeAll()
    }

    private func resolve(atEnd: Bool) throws {
        while !buffer.isEmpty {
            guard let next = pending.first else { return idle(atEnd: atEnd) }
            if atEnd, let last = buffer.map(\.pts).max(), next.at > last {
                pending.removeFirst()                       // beyond the media: no cut
                continue
            }
            let frames = buffer.map(\.frame)
            if holdsGOP || mode == .accurate, let start = SpliceWindowRule.windowStart(frames, splice: next.at) {
                if start > 0 { buffer.removeFirst(start) }
                if !holdsGOP, let gop = longestGOP, next.at - buffer[0].pts > 2 * gop {
                    buffer.removeAll()                      // live: not worth the latency yet
                    return
                }
                guard let length = SpliceWindowRule.windowLength(buffer.map(\.frame), splice: next.at)
                    ?? (atEnd ? buffer.count : nil) else { return }
                try cutWindow(length, for: next)
                continue
            }
            // No keyframe before the splice is held: the cut falls on the first one at or after it.
            guard let k = buffer.firstIndex(where: { $0.isKeyframe && $0.pts >= next.at }) else {
                buffer.removeAll()
                return
            }
            if k > 0 { buffer.removeFirst(k) }
            let resume = buffer[0].pts
            guard let length = buffer.indices.dropFirst().first(where: { buffer[$0].pts > resume })
                ?? (atEnd ? buffer.count : nil) else { return }
            try cutAtResume(length, for: next)
        }
    }

    /// Nothing pending: vod keeps the current GOP (a span end may yet be decided inside it).
    private func idle(atEnd: Bool) {
        if holdsGOP, !atEnd, let k = buffer.lastIndex(where: \.isKeyframe) {
            buffer.removeFirst(k)
        } else {
            buffer.removeAll()
        }
    }

    private func noteKeyframe(at pts: Int64) {
        if let last = lastKeyframe, pts > last { longestGOP = max(longestGOP ?? 0, pts - last) }
        lastKeyframe = pts
    }

    /// No cutter: the planner cuts at the first keyframe at or after each edge; that is recorded.
    private func passUnchanged(_ packet: MediaPacket, pts: Int64) {
        guard packet.isKeyframe else { return }
        while let next = pending.first, next.at <= pts {
            pending.removeFirst()
            record(next, method: .keyframeUnchanged, landed: pts, splice: nil, notes: refusal.map { [$0] } ?? [])
        }
    }
}
