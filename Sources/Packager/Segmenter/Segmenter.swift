import CueDetect
import Foundation

/// Cuts the demuxed input into segments: at keyframes near the target duration, and forced at
/// every span edge (the first keyframe at or after the splice). Routes a span's packets to its
/// own asset output, and for strip placement removes them from the primary, shifting everything
/// after back so the primary stays continuous.
///
/// Video decides where cuts fall; audio waits in a short hold queue until the video timeline has
/// passed it, so each audio frame lands on the side of a cut its PTS says, not where the
/// multiplexer happened to interleave it.
final class Segmenter {
    struct Configuration {
        var format: SegmentMuxer.Format
        var targetTicks: Int64
        /// Where a segment's file goes, when segments are written straight to files (VOD):
        /// (target, rendition, index) → path. nil keeps segments in memory for a sink.
        var segmentPath: ((OutputTarget, Int, Int) -> String?)? = nil
    }

    private struct OpenSegment {
        var index: Int
        var startTicks: Int64          // on the target's timeline
        var packets = 0
    }

    private final class Output {
        let muxer: SegmentMuxer
        let target: OutputTarget
        var segment: OpenSegment?
        /// The file the open segment is written to, when segments go straight to files.
        var path: String?
        var nextIndex = 0
        init(muxer: SegmentMuxer, target: OutputTarget) {
            self.muxer = muxer
            self.target = target
        }
    }

    private let parameters: CodecParametersSnapshot
    private let videoIndex: Int
    private let audioIndices: [Int]
    private let config: Configuration
    private let primary: Output
    private var assets: [Int: Output] = [:]
    private(set) var spans: [Int: RoutedSpan] = [:]
    /// The span being cut out now; its asset output and placement are cached for the per-packet path.
    private var active: Int? {
        didSet {
            activeAsset = active.flatMap { assets[$0] }
            activeOverlay = active.flatMap { spans[$0]?.placement } == .overlay
        }
    }
    private var activeAsset: Output?
    private var activeOverlay = false
    /// Ticks of media removed from the primary so far (strip placement).
    private(set) var shift: Int64 = 0
    private var held: [(packet: DemuxedPacket, pts: Int64)] = []
    private var stillHeld: [(packet: DemuxedPacket, pts: Int64)] = []
    /// Input audio stream index → output stream index in every muxer (video is output 0).
    private let audioOutput: [Int: Int]
    private var started = false
    private(set) var lastVideoEnd: Int64?
    private(set) var firstVideoPTS: Int64?
    private(set) var droppedLeading = 0
    private var finished: [FinishedSegment] = []

    /// Output stream order in every muxer: video first, then the audio streams.
    private var mapped: [Int] { [videoIndex] + audioIndices }

    let rendition: Int

    init(parameters: CodecParametersSnapshot, videoIndex: Int, audioIndices: [Int], config: Configuration,
         rendition: Int = 0) throws {
        self.parameters = parameters
        self.rendition = rendition
        self.videoIndex = videoIndex
        self.audioIndices = audioIndices
        audioOutput = Dictionary(uniqueKeysWithValues: audioIndices.enumerated().map { ($1, $0 + 1) })
        self.config = config
        primary = Output(muxer: try SegmentMuxer(format: config.format, parameters: parameters,
                                                 streams: [videoIndex] + audioIndices, label: "primary"),
                         target: .primary)
    }

    // MARK: spans

    /// A span was opened or closed by the tracker. Nested spans ride inside their parent's asset.
    func update(_ span: Span, placement: Placement) {
        guard span.parent == nil else { return }
        if var existing = spans[span.serial] {
            existing.span = span
            spans[span.serial] = existing
        } else {
            spans[span.serial] = RoutedSpan(span: span, placement: placement)
        }
    }

    /// A span cancelled before its splice never existed as far as the output is concerned.
    func forget(serial: Int) {
        guard spans[serial]?.cutIn == nil else { return }
        spans[serial] = nil
    }

    func withdraw(serial: Int, reason: String) {
        guard var s = spans[serial], s.cutIn == nil else { return }
        s.skipped = reason
        spans[serial] = s
    }

    // MARK: packets

    /// A cut decided at a video keyframe but not yet applied: audio that belongs before it
    /// (by PTS) may still arrive, because multiplexers interleave audio late as well as early.
    private struct PendingCut {
        var action: CutAction
        var at: Int64
        /// Packets that belong after the cut, in arrival order: (packet, output index, pts).
        var after: [(DemuxedPacket, Int, Int64)] = []
        var audioReached: Set<Int> = []
    }

    private enum CutAction {
        case regular, startSpan(Int), endSpan(Int), assetRegular(Int)
    }

    private var pending: PendingCut?
    /// How far video may run past a pending cut before it is applied without audio.
    private let maxAudioLag: Int64 = 90_000

    /// Consumes one packet; `pts`/`dts` are unwrapped 90 kHz ticks. Returns segments closed by it.
    func consume(_ packet: DemuxedPacket, pts: Int64, dts: Int64) throws -> [FinishedSegment] {
        let index = packet.streamIndex
        if index == videoIndex {
            try consumeVideo(packet, pts: pts, dts: dts)
        } else if started, audioOutput[index] != nil {
            held.append((packet, pts))
        }
        defer { finished.removeAll() }
        return finished
    }

    private func consumeVideo(_ packet: DemuxedPacket, pts: Int64, dts: Int64) throws {
        if !started {
            guard packet.isKeyframe else { droppedLeading += 1; return }
            started = true
            firstVideoPTS = pts
            held.removeAll { $0.pts < pts }
            try begin(primary, at: pts)
        }
        if let p = pending, packet.isKeyframe || pts >= p.at + maxAudioLag {
            try applyPending()
        }
        if packet.isKeyframe, pending == nil, let action = decideCut(at: pts) {
            pending = PendingCut(action: action, at: pts)
        }
        try route(packet, output: 0, pts: pts)
        let end = pts + max(packet.duration, 0)
        lastVideoEnd = max(lastVideoEnd ?? end, end)
        try release(before: dts)
    }

    /// Audio whose PTS is before the video's decode time can no longer fall after a cut decided
    /// later (cuts are at keyframes, whose PTS ≥ DTS), so its side of every cut is now known.
    private func release(before ticks: Int64) throws {
        guard !held.isEmpty else { return }
        stillHeld.removeAll(keepingCapacity: true)
        for item in held {
            if item.pts < ticks {
                guard let output = audioOutput[item.packet.streamIndex] else { continue }
                try route(item.packet, output: output, pts: item.pts)
            } else {
                stillHeld.append(item)
            }
        }
        swap(&held, &stillHeld)
        if let p = pending, p.audioReached.count == audioIndices.count, !audioIndices.isEmpty {
            try applyPending()
        }
    }

    private func route(_ packet: DemuxedPacket, output: Int, pts: Int64) throws {
        // Mutated in place: a copy per packet would make a pending cut quadratic in its length.
        if let at = pending?.at, output == 0 || pts >= at {
            pending?.after.append((packet, output, pts))
            if output > 0 { pending?.audioReached.insert(output) }
            return
        }
        try write(packet, index: output, pts: pts)
    }

    private func applyPending() throws {
        guard let p = pending else { return }
        pending = nil
        switch p.action {
        case .regular:
            try end(primary, at: p.at - shift, isLast: false, target: .primary)
            try begin(primary, at: p.at - shift)
        case .startSpan(let serial): try startSpan(serial, at: p.at)
        case .endSpan(let serial): try endSpan(serial, at: p.at)
        case .assetRegular(let serial): try cut(assetOf: serial, at: p.at)
        }
        for (packet, output, pts) in p.after { try write(packet, index: output, pts: pts) }
    }

    private func write(_ packet: DemuxedPacket, index: Int, pts: Int64) throws {
        if let asset = activeAsset {
            try asset.muxer.write(packet, output: index, shiftTicks: 0)
            asset.segment?.packets += 1
            guard activeOverlay else { return }
        }
        try primary.muxer.write(packet, output: index, shiftTicks: shift)
        primary.segment?.packets += 1
    }

    // MARK: cuts

    private func decideCut(at pts: Int64) -> CutAction? {
        if let serial = active, let span = spans[serial] {
            if let end = span.span.endTicks, pts >= end { return .endSpan(serial) }
            if let segment = assets[serial]?.segment, pts - segment.startTicks >= config.targetTicks {
                return .assetRegular(serial)
            }
            return nil
        }
        if let serial = nextSpanStarting(atOrBefore: pts) { return .startSpan(serial) }
        if let segment = primary.segment, (pts - shift) - segment.startTicks >= config.targetTicks { return .regular }
        return nil
    }

    private func nextSpanStarting(atOrBefore pts: Int64) -> Int? {
        let candidates = spans.values.filter { !$0.isDone && $0.cutIn == nil && $0.span.startTicks <= pts }
            .sorted { $0.span.startTicks < $1.span.startTicks }
        for candidate in candidates {
            let serial = candidate.span.serial
            if let end = candidate.span.endTicks, end <= pts {
                withdraw(serial: serial, reason: end <= (firstVideoPTS ?? end)
                         ? "span lies before the first video frame" : "span contains no keyframe")
                continue
            }
            if let previous = lastCutOut, candidate.span.startTicks < previous.ticks {
                withdraw(serial: serial, reason: "overlaps span #\(previous.serial), which was already cut out")
                continue
            }
            return serial
        }
        return nil
    }

    private var lastCutOut: (serial: Int, ticks: Int64)?

    private func startSpan(_ serial: Int, at pts: Int64) throws {
        guard var routed = spans[serial] else { return }
        if let segment = primary.segment, segment.packets > 0 {
            try end(primary, at: pts - shift, isLast: false, target: .primary)
        } else {
            primary.segment = nil
        }
        let asset = Output(muxer: try SegmentMuxer(format: config.format, parameters: parameters, streams: mapped,
                                                   label: "asset of span \(serial)"),
                           target: .asset(serial))
        assets[serial] = asset
        try begin(asset, at: pts)
        routed.cutIn = pts
        routed.primaryPosition = pts - shift
        spans[serial] = routed
        active = serial
        if routed.placement == .overlay { try begin(primary, at: pts - shift) }
    }

    private func endSpan(_ serial: Int, at pts: Int64) throws {
        guard var routed = spans[serial], let asset = assets[serial], let cutIn = routed.cutIn else { return }
        try end(asset, at: pts, isLast: true, target: .asset(serial))
        assets[serial] = nil
        routed.cutOut = pts
        spans[serial] = routed
        lastCutOut = (serial, pts)
        active = nil
        if routed.placement == .strip {
            shift += pts - cutIn
        } else {
            try end(primary, at: pts - shift, isLast: false, target: .primary)
        }
        try begin(primary, at: pts - shift)
    }

    private func cut(assetOf serial: Int, at pts: Int64) throws {
        guard let asset = assets[serial] else { return }
        try end(asset, at: pts, isLast: false, target: .asset(serial))
        try begin(asset, at: pts)
        if spans[serial]?.placement == .overlay {
            try end(primary, at: pts - shift, isLast: false, target: .primary)
            try begin(primary, at: pts - shift)
        }
    }

    private func begin(_ output: Output, at ticks: Int64) throws {
        output.path = config.segmentPath?(output.target, rendition, output.nextIndex)
        try output.muxer.beginSegment(path: output.path)
        output.segment = OpenSegment(index: output.nextIndex, startTicks: ticks)
        output.nextIndex += 1
    }

    private func end(_ output: Output, at ticks: Int64, isLast: Bool, target: OutputTarget) throws {
        guard let segment = output.segment else { return }
        let bytes = try output.muxer.endSegment()
        output.segment = nil
        guard segment.packets > 0 else {
            output.nextIndex -= 1
            if let path = output.path, output.muxer.lastFileSize != nil { unlink(path) }   // nothing went in
            return
        }
        finished.append(FinishedSegment(target: target, rendition: rendition, index: segment.index, startTicks: segment.startTicks,
                                        durationTicks: ticks - segment.startTicks, bytes: bytes,
                                        fileSize: output.muxer.lastFileSize,
                                        initSegment: output.muxer.initSegment, isLast: isLast))
    }

    // MARK: end of input

    /// Flushes everything: the open asset (its span ends with the input) and the primary.
    func finish() throws -> [FinishedSegment] {
        let end = lastVideoEnd ?? 0
        try release(before: Int64.max)
        try applyPending()
        if let serial = active, var routed = spans[serial], let asset = assets[serial] {
            try closeFinal(asset, endingAt: end, target: .asset(serial))
            routed.cutOut = end
            spans[serial] = routed
            if routed.placement == .strip, let cutIn = routed.cutIn { shift += end - cutIn }
            active = nil
            assets[serial] = nil
            }
        try closeFinal(primary, endingAt: end - shift, target: .primary)
        for (serial, routed) in spans where routed.cutIn == nil && routed.skipped == nil {
            withdraw(serial: serial, reason: routed.span.startTicks >= end
                     ? "span starts after the end of the media" : "span contains no keyframe")
        }
        defer { finished.removeAll() }
        return finished
    }

    private func closeFinal(_ output: Output, endingAt ticks: Int64, target: OutputTarget) throws {
        try end(output, at: ticks, isLast: true, target: target)
    }
}
