import Foundation

/// Applies one rendition's cuts with demuxed packets: one muxer per output (the primary, each
/// asset piece; libavformat's, or pkgctl's own fMP4 one), packets written to the outputs the
/// last cut opened, segments handed back as they close.
///
/// Video decides where cuts fall; audio waits in a short hold queue until the video timeline has
/// passed it, and a cut is applied only once audio has reached it (or video ran a second past
/// it), so each audio frame lands on the side of a cut its PTS says (accurate splices: the side
/// holding most of its samples, `AudioSpliceRule`), not where the multiplexer interleaved it.
final class SegmentAssembler: SegmentAssembling {
    struct Configuration {
        var format: SegmentMuxer.Format
        /// Where a segment's file goes when segments are written straight to files (a sink that
        /// can take them so): (target, rendition, index) → path; nil keeps a segment in memory.
        var segmentPath: ((OutputTarget, Int, Int) -> String?)? = nil
        /// Otherwise, a spool of the sink's to write each segment into while it is muxed (live
        /// into a directory), made for the rendition it is given; nil, or a nil spool, keeps a
        /// segment in memory.
        var spool: ((_ rendition: Int) -> SegmentSpool?)? = nil
        /// Audio frames straddling a cut go to the side holding most of their samples
        /// (`AudioSpliceRule`, accurate splices); false: the side their PTS says.
        var nearestAudioFrame = false
        /// fMP4 fragments after the first written by `FragmentWriter`; false: all by libavformat.
        var ownFragments = true
        /// Seconds of video per fMP4 fragment in the segments `FragmentWriter` writes (several per
        /// segment); nil: one fragment per segment.
        var fragmentSeconds: Double? = nil
        /// fMP4 by pkgctl's own muxer (`FragmentedMP4Muxer`, no FFmpeg), with these formats by
        /// input stream index; nil: libavformat's.
        var ownMP4: [Int: MP4StreamFormat]? = nil
        /// Live: when a segment's end is near (`SegmentEndNear`), from where its fMP4 fragment is
        /// closed and synced (`SegmentMuxing.closeFragmentEarly`), once a segment, when segments
        /// hold several fragments anyway. Never by default.
        var endNear = SegmentEndNear()
    }

    private final class Output {
        let muxer: SegmentMuxing
        let target: OutputTarget
        /// `cut`: the serial of the cut that opened the segment.
        var open: (index: Int, startTicks: Int64, packets: Int, cut: Int)?
        /// The primary's last segment (own fMP4 muxer), for an overlay asset that mirrors it:
        /// the cuts that opened and closed it, its packets, its file, and the muxer's state after it.
        var closed: (openedBy: Int, closedBy: Int, packets: Int, path: String, size: Int, state: FragmentedMP4Muxer.State)?
        var path: String?
        var nextIndex = 0
        init(muxer: SegmentMuxing, target: OutputTarget) {
            self.muxer = muxer
            self.target = target
        }
    }

    /// A cut decided at a video frame but not applied yet: audio that belongs before it may still arrive.
    private struct PendingCut {
        var cut: Cut
        /// Packets that belong after the cut, in arrival order: (packet, output stream, pts).
        var after: [(DemuxedPacket, Int, Int64)] = []
        var audioReached: Set<Int> = []
    }

    let rendition: Int
    private let parameters: CodecParametersSnapshot
    private let videoIndex: Int
    private let audioIndices: [Int]
    private let config: Configuration
    /// Input audio stream index → output stream index in every muxer (video is output 0).
    private let audioOutput: [Int: Int]
    private var outputs: [OutputTarget: Output] = [:]
    /// Cuts applied so far (serials for mirroring).
    private var cuts = 0
    /// Every own fMP4 muxer made, with its target: its init can be written again after the run.
    private var ownMuxers: [(OutputTarget, FragmentedMP4Muxer)] = []
    private var active: [Output] = []
    private var shift: Int64 = 0
    private var started = false
    private var pending: PendingCut?
    private var held: [(packet: DemuxedPacket, pts: Int64, duration: Int64)] = []
    private var stillHeld: [(packet: DemuxedPacket, pts: Int64, duration: Int64)] = []
    /// Video extradata for every muxer (an fMP4 init segment that also lists re-encoded
    /// pictures' parameter sets); nil keeps the input's.
    private let videoExtradata: [UInt8]?
    private var finished: [FinishedSegment] = []
    private var applied: [CutRecord] = []
    private(set) var droppedLeading = 0
    private var endNear: SegmentEndNear
    /// Whether fragments are closed early (`SegmentEndNear.closesFragmentsEarly`).
    private let closesFragmentsEarly: Bool
    /// Whether the open segments' fragments were closed early.
    private var closedEarly = false
    /// Packets no muxer would take: a PTS before the DTS (a damaged PES header).
    private(set) var refusedPackets = 0
    /// How far video may run past a pending cut before it is applied without audio.
    private let maxAudioLag: Int64 = 90_000

    init(parameters: CodecParametersSnapshot, videoIndex: Int, audioIndices: [Int], config: Configuration,
         rendition: Int, videoExtradata: [UInt8]? = nil) {
        self.parameters = parameters
        self.videoExtradata = videoExtradata
        self.videoIndex = videoIndex
        self.audioIndices = audioIndices
        self.config = config
        self.rendition = rendition
        endNear = config.endNear
        closesFragmentsEarly = config.endNear.closesFragmentsEarly(fragmentSeconds: config.fragmentSeconds)
        audioOutput = Dictionary(uniqueKeysWithValues: audioIndices.enumerated().map { ($1, $0 + 1) })
    }

    /// A video packet of this rendition and the cut the planner decided before it (if any).
    /// Returns the segments that closed and the records of the cuts applied, in that order.
    func video(_ media: MediaPacket, cut: Cut?) throws -> ([FinishedSegment], [CutRecord]) {
        guard case .av(let packet) = media.payload else { return ([], []) }
        let pts = media.pts, dts = media.dts
        if !started {
            guard let cut else {
                droppedLeading += 1
                return ([], [])
            }
            started = true
            held.removeAll { $0.pts < cut.at }
            try apply(cut)
        } else {
            if let p = pending, cut != nil || packet.isKeyframe || pts >= p.cut.at + maxAudioLag { try applyPending() }
            if let cut { pending = PendingCut(cut: cut) }
        }
        if !closedEarly, pending == nil, closesFragmentsEarly, endNear.isNear(pts) {
            closedEarly = true
            for out in active { try out.muxer.closeFragmentEarly() }
        }
        try route(packet, output: 0, pts: pts, duration: 0)
        try release(before: dts)
        return drain()
    }

    func audio(_ media: MediaPacket) -> ([FinishedSegment], [CutRecord]) {
        if started, case .av(let packet) = media.payload, audioOutput[packet.streamIndex] != nil {
            held.append((packet, media.pts, ticks90k(packet.duration, stream: packet.streamIndex)))
        }
        return ([], [])
    }

    /// libavformat's muxers only carry the video and audio they were built with.
    func passthrough(_ media: MediaPacket) -> ([FinishedSegment], [CutRecord]) { ([], []) }

    func expectEdge(at pts: Int64?) { endNear.nextEdge = pts }

    /// End of input: held audio goes out, the pending cut and then the final one are applied.
    func finish(_ cut: Cut?) throws -> ([FinishedSegment], [CutRecord]) {
        try release(before: Int64.max)
        try applyPending()
        if let cut { try apply(cut) }
        return drain()
    }

    private func drain() -> ([FinishedSegment], [CutRecord]) {
        defer {
            finished.removeAll()
            applied.removeAll()
        }
        return (finished, applied)
    }

    // MARK: packets

    /// Audio whose PTS is before the video's decode time can no longer fall after a cut decided
    /// later (cuts are at video frames, whose PTS ≥ DTS), so its side of every cut is now known.
    private func release(before ticks: Int64) throws {
        guard !held.isEmpty else { return }
        stillHeld.removeAll(keepingCapacity: true)
        for item in held {
            if item.pts < ticks, let output = audioOutput[item.packet.streamIndex] {
                try route(item.packet, output: output, pts: item.pts, duration: item.duration)
            } else if item.pts >= ticks {
                stillHeld.append(item)
            }
        }
        swap(&held, &stillHeld)
        if let p = pending, !audioIndices.isEmpty, p.audioReached.count == audioIndices.count { try applyPending() }
    }

    private func route(_ packet: DemuxedPacket, output: Int, pts: Int64, duration: Int64) throws {
        // Mutated in place: a copy per packet would make a pending cut quadratic in its length.
        if let at = pending?.cut.at, output == 0 || AudioSpliceRule.side(pts: pts, duration: duration, cut: at,
                                                                                      nearest: config.nearestAudioFrame) == .after {
            pending?.after.append((packet, output, pts))
            if output > 0 { pending?.audioReached.insert(output) }
            return
        }
        try write(packet, output: output)
    }

    /// An audio duration in the input stream's time base as 90 kHz ticks.
    private func ticks90k(_ duration: Int64, stream: Int) -> Int64 {
        guard let base = parameters.timeBases[stream], base.den > 0 else { return duration }
        return duration * 90_000 * Int64(base.num) / Int64(base.den)
    }

    private func write(_ packet: DemuxedPacket, output: Int) throws {
        var refused = false
        for out in active {
            if try out.muxer.write(packet, output: output, shiftTicks: out.target == .primary ? shift : 0) {
                out.open?.packets += 1
            } else {
                refused = true
            }
        }
        if refused { refusedPackets += 1 }
    }

    // MARK: cuts

    private func applyPending() throws {
        guard let p = pending else { return }
        pending = nil
        try apply(p.cut)
        for (packet, output, _) in p.after { try write(packet, output: output) }
    }

    private func apply(_ cut: Cut) throws {
        cuts += 1
        endNear.cut(at: cut.at)
        closedEarly = false
        // The primary first: an asset mirroring it then finds the segment it just closed (even
        // the primary's last, so it is held on to here).
        let closingPrimary = outputs[.primary]
        for edge in cut.closes.primaryFirst {
            guard let out = outputs[edge.target] else { continue }
            try end(out, at: edge.ticks, isLast: edge.isLast, primary: closingPrimary)
            if edge.isLast { outputs[edge.target] = nil }
        }
        // An overlay asset opening with an unshifted primary gets the same packets as it: from
        // the primary's muxer state its bytes are the primary's, and the primary's file can
        // stand for its segment (`end`), as TSSegmentAssembler does for TS.
        let leader = cut.shift == 0 && cut.opens.contains { $0.target == .primary }
            ? outputs[.primary]?.muxer as? FragmentedMP4Muxer : nil
        var next: [Output] = []
        for edge in cut.opens.primaryFirst {
            let out = try outputs[edge.target] ?? makeOutput(edge.target, at: cut.at)
            outputs[edge.target] = out
            var mirrored: FragmentedMP4Muxer?
            if case .asset = edge.target { mirrored = leader }
            try begin(out, at: edge.ticks, mirroring: mirrored)
            next.append(out)
        }
        active = next
        shift = cut.shift
        applied += cut.records
    }

    /// An output's muxer takes the codec parameters of the media it starts with (a stitched span
    /// may have its own), and only the audio streams that media has.
    private func makeOutput(_ target: OutputTarget, at ticks: Int64) throws -> Output {
        let label: String
        switch target {
        case .primary: label = "primary"
        case .asset(let key): label = "asset piece \(key.piece) of span \(key.span)"
        }
        if let formats = config.ownMP4 {
            // A TS file read by pkgctl's own probe: one set of streams throughout.
            let streams = ([videoIndex] + audioIndices).compactMap { formats[$0] }
            let muxer = FragmentedMP4Muxer(formats: streams, label: label)
            ownMuxers.append((target, muxer))
            return Output(muxer: muxer, target: target)
        }
        let inForce = parameters.inForce(at: ticks)
        let audio = audioIndices.prefix { inForce.parameters(of: $0) != nil }
        return Output(muxer: try SegmentMuxer(format: config.format, parameters: inForce, streams: [videoIndex] + audio,
                                              label: label, extradata: videoExtradata.map { [videoIndex: $0] } ?? [:],
                                              ownFragments: config.ownFragments, fragmentSeconds: config.fragmentSeconds),
                      target: target)
    }

    /// Every own fMP4 output's init segment again, its avcC made of `parameterSets` (the source's
    /// and a re-encoder's, Annex B).
    func revisedInitSegments(parameterSets: [UInt8]) -> [(OutputTarget, Data)] {
        ownMuxers.compactMap { target, muxer in muxer.initSegment(parameterSets: parameterSets).map { (target, $0) } }
    }

    /// - Parameter leader: the primary's own fMP4 muxer, for an asset segment that may mirror it
    ///   (its first, or one whose muxer is still in the primary's state).
    private func begin(_ out: Output, at ticks: Int64, mirroring leader: FragmentedMP4Muxer? = nil) throws {
        out.path = config.segmentPath?(out.target, rendition, out.nextIndex)
        if let leader, let path = out.path, let own = out.muxer as? FragmentedMP4Muxer, out.nextIndex == 0 || own.state == leader.state {
            own.beginMirroring(path: path, leader: leader.state)
        } else {
            let spool = out.path == nil && out.muxer.writesStraightThrough ? config.spool?(rendition) : nil
            try out.muxer.beginSegment(path: out.path, spool: spool)
        }
        out.open = (out.nextIndex, ticks, 0, cuts)
        out.nextIndex += 1
    }

    private func end(_ out: Output, at ticks: Int64, isLast: Bool, primary: Output?) throws {
        guard let open = out.open else { return }
        let bytes: Data
        if let own = out.muxer as? FragmentedMP4Muxer, own.isMirroring {
            // The primary's segment stands for this one if it began and ended with it, with the
            // same packets (every packet goes to every open output: the counts tell).
            let same = primary?.closed.flatMap { c in
                c.openedBy == open.cut && c.closedBy == cuts && c.packets == open.packets ? (c.path, c.size, c.state) : nil
            }
            bytes = try own.endMirroring(leader: same)
        } else {
            bytes = try out.muxer.endSegment()
        }
        out.open = nil
        guard open.packets > 0 else {
            // Nothing went in (a cut right after another): the index is used again, the file removed.
            out.nextIndex -= 1
            if let path = out.path, out.muxer.lastFileSize != nil { unlink(path) }
            out.muxer.lastSpool?.discard()
            return
        }
        if out.target == .primary, let own = out.muxer as? FragmentedMP4Muxer, let path = out.path, let size = own.lastFileSize {
            out.closed = (open.cut, cuts, open.packets, path, size, own.state)
        }
        finished.append(FinishedSegment(target: out.target, rendition: rendition, index: open.index,
                                        startTicks: open.startTicks, durationTicks: ticks - open.startTicks, bytes: bytes,
                                        fileSize: out.muxer.lastFileSize, spool: out.muxer.lastSpool,
                                        initSegment: out.muxer.initSegment,
                                        isLast: isLast))
    }
}
