import Foundation
/// Cuts and muxes every video rendition: each gets its own CutPlanner (the same rule and span
/// decisions) and SegmentAssembler, so renditions whose GOPs are aligned — as an ABR encoder
/// makes them — are cut at the same PTS. The leading rendition's cut records are passed on;
/// a rendition whose span edges land elsewhere is reported.
///
/// With an `EdgeSplicer`, packets reach the planners through it: each span edge then has a
/// keyframe exactly where the cut belongs (accurate mode: an IDR at the splice frame, the partial
/// GOP around it re-encoded), so the planners' keyframe rule cuts there.
final class CutStage: PipelineStage {
    private var planners: [CutPlanner]
    private let assemblers: [SegmentAssembling]
    private let splicer: EdgeSplicer?
    private var leaderEdges: [Int64] = []
    private var followerEdges: [[Int64]]
    private var warnedMisaligned = false
    /// Live: where the input is expected to end (`InputEndForecast`); a segment's end is near
    /// before it as before a span edge.
    var inputEnd: Int64?

    /// Muxing with libavformat: one SegmentAssembler per video rendition. fMP4 outputs of a
    /// spliced stream get an init segment that also lists the re-encoder's parameter sets.
    convenience init(streams: InputStreams, rule: CutRule, assembler config: SegmentAssembler.Configuration,
                     splicer: EdgeSplicer? = nil) {
        self.init(rule: rule, assemblers: streams.videos.enumerated().map { k, video in
            SegmentAssembler(parameters: streams.parameters, videoIndex: video.index, audioIndices: streams.audioIndices,
                             config: config, rendition: k,
                             videoExtradata: config.format == .fmp4 ? splicer?.muxerExtradata(rendition: k) : nil)
        }, splicer: splicer)
    }

    /// One assembler per video rendition, the first leading.
    init(rule: CutRule, assemblers: [SegmentAssembling], splicer: EdgeSplicer? = nil) {
        planners = Array(repeating: CutPlanner(rule: rule), count: assemblers.count)
        self.assemblers = assemblers
        self.splicer = splicer
        followerEdges = Array(repeating: [], count: max(0, assemblers.count - 1))
    }

    /// Init segments to write again now the input is read: the own fMP4 muxer's, of each
    /// rendition that had pictures re-encoded, listing the re-encoder's parameter sets too.
    private func revisedInitSegments() -> [(rendition: Int, target: OutputTarget, bytes: Data)] {
        assemblers.indices.flatMap { k -> [(rendition: Int, target: OutputTarget, bytes: Data)] in
            guard let sets = splicer?.muxerExtradataIfReencoded(rendition: k), NALUnits.isAnnexB(sets) else { return [] }
            return assemblers[k].revisedInitSegments(parameterSets: sets).map { (k, $0.0, $0.1) }
        }
    }

    /// What each span edge's cut did (empty without a splicer).
    var spliceRecords: [SpliceEdgeRecord] { splicer?.records ?? [] }

    /// The declared target of the leading rendition (fixed once its first segment closed).
    var rule: CutRule { planners[0].rule }
    var droppedLeading: Int { assemblers.reduce(0) { $0 + $1.droppedLeading } }
    var refusedPackets: Int { assemblers.reduce(0) { $0 + $1.refusedPackets } }
    /// PTS of the leading rendition's first keyframe.
    var firstFrame: Int64? { planners[0].firstFrame }

    /// Media clock: every rendition cuts on the same grid (before its first frame).
    func useGrid(_ grid: CutGrid) {
        for k in planners.indices { planners[k].useGrid(grid) }
    }

    func handle(_ event: PipelineEvent, next: (PipelineEvent) throws -> Void) throws {
        switch event {
        case .span(let decision):
            for k in planners.indices { planners[k].apply(decision) }
            splicer?.note(decision)
            try next(event)
        case .packet(let media):
            guard let splicer else { return try cut(media, next: next) }
            for released in try splicer.accept(media) { try cut(released, next: next) }
            try forward(splicer, next: next)
        case .end(let lastVideoEnd):
            if let splicer {
                for released in try splicer.finish() { try cut(released, next: next) }
                try forward(splicer, next: next)
            }
            for k in planners.indices {
                let cut = lastVideoEnd.flatMap { planners[k].finish(at: $0) }
                try emit(try assemblers[k].finish(cut), rendition: k, next: next)
            }
            for revised in revisedInitSegments() {
                try next(.revisedInit(target: revised.target, rendition: revised.rendition, bytes: revised.bytes))
            }
            try next(event)
        default:
            try next(event)
        }
    }

    /// The splicer's warnings and the records of the edges it cut since the last call.
    private func forward(_ splicer: EdgeSplicer, next: (PipelineEvent) throws -> Void) throws {
        for warning in splicer.takeWarnings() { try next(.warning(warning)) }
        for record in splicer.takeNewRecords() { try next(.spliced(record)) }
    }

    private func cut(_ media: MediaPacket, next: (PipelineEvent) throws -> Void) throws {
        switch media.role {
        case .video(let k):
            let cut = try planners[k].frame(pts: media.pts, isKeyframe: media.isKeyframe, duration: media.duration)
            if k == 0 { for note in planners[0].takeGridNotes() { try next(.warning(note)) } }
            let edge = planners[k].nextEdge(after: media.pts)
            assemblers[k].expectEdge(at: inputEnd.map { min(edge ?? $0, $0) } ?? edge)
            try emit(try assemblers[k].video(media, cut: cut), rendition: k, next: next)
        case .audio:
            for (k, assembler) in assemblers.enumerated() { try emit(try assembler.audio(media), rendition: k, next: next) }
        case .passthrough:
            for (k, assembler) in assemblers.enumerated() { try emit(try assembler.passthrough(media), rendition: k, next: next) }
        }
        try next(.packet(media))          // later stages may watch the clock (live anchors PDT on it)
    }

    private func emit(_ output: ([FinishedSegment], [CutRecord]), rendition k: Int,
                      next: (PipelineEvent) throws -> Void) throws {
        // The target fixed by the cut that closed the first segment goes first: the playlist
        // that lists that segment must already declare it (a lost keyframe can make it long).
        for record in output.1 where k == 0 { if case .targetDuration = record { try next(.cut(record)) } }
        for segment in output.0 { try next(.segment(segment)) }
        for record in output.1 {
            if case .targetDuration = record { continue }
            guard case .spanIn(_, let ticks, _) = record else {
                if k == 0 { try next(.cut(record)) }
                continue
            }
            if k == 0 {
                leaderEdges.append(ticks)
                try next(.cut(record))
            } else {
                followerEdges[k - 1].append(ticks)
                try checkAlignment(rendition: k, next: next)
            }
        }
    }

    /// Renditions must carry the same date ranges at the same media positions (HLS §6.2.4);
    /// if GOPs are not aligned the spans start elsewhere in a follower, which is said once.
    private func checkAlignment(rendition k: Int, next: (PipelineEvent) throws -> Void) throws {
        let edges = followerEdges[k - 1]
        guard !warnedMisaligned, let last = edges.last, edges.count <= leaderEdges.count,
              leaderEdges[edges.count - 1] != last else { return }
        warnedMisaligned = true
        try next(.warning("rendition \(k) starts a span at PTS \(last), the first rendition at "
                          + "\(leaderEdges[edges.count - 1]): their GOPs are not aligned, so the span's edges differ"))
    }
}
