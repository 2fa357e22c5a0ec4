import Foundation
import CueDetect

/// What flows between the stages of every mode: vod, live and cues are arrangements of the
/// same stages passing these along (Shaka Packager's media-handler chain, in Swift values).
enum PipelineEvent {
    /// The input's streams: once at open, again when a PMT change alters them.
    case streams(InputStreams)
    /// A media packet with unwrapped 90 kHz times.
    case packet(MediaPacket)
    /// An SCTE-35 cue (in-band, cue sheet or chapter), in arrival order.
    case cue(DetectedCue)
    /// What the span tracker made of the cues (the raw spans, as `pkgctl cues` reports them).
    case spanEvent(SpanEvent)
    /// What the router decided from a span event (what the cut stage and presentations act on).
    case span(SpanDecision)
    /// A cut applied by the leading rendition (after the segments it closed).
    case cut(CutRecord)
    /// What the splicer did at one span edge of one rendition, as soon as it did it (live logs
    /// each; VOD reads them all for report.json at the end).
    case spliced(SpliceEdgeRecord)
    case segment(FinishedSegment)
    /// An output's fMP4 init section written again once the input is read (pkgctl's own muxer,
    /// after pictures were re-encoded: it lists the re-encoder's parameter sets too).
    case revisedInit(target: OutputTarget, rendition: Int, bytes: Data)
    /// Something a report or log should say that is not an error (a rendition that disagrees,
    /// frames dropped before the first keyframe).
    case warning(String)
    /// End of input, or of an epoch: stages flush. `lastVideoEnd` is where the last video
    /// frame of the leading rendition ends.
    case end(lastVideoEnd: Int64?)
}

/// One media packet and its place in the presentation: a demuxed AVPacket (the libavformat
/// path), or an access unit of the input TS itself (the byte-level path).
struct MediaPacket {
    enum Role: Equatable {
        case video(rendition: Int)
        case audio
        /// Anything else the output carries where the input had it (SCTE-35 sections, other PES,
        /// PSI): only the byte-level TS path passes such units on.
        case passthrough
    }

    enum Payload {
        case av(DemuxedPacket)
        case ts(TSAccessUnit)
    }

    let payload: Payload
    let role: Role
    /// Unwrapped 90 kHz ticks.
    let pts: Int64
    let dts: Int64
    let isKeyframe: Bool
    let duration: Int64

    init(packet: DemuxedPacket, role: Role, pts: Int64, dts: Int64) {
        payload = .av(packet)
        self.role = role
        self.pts = pts
        self.dts = dts
        isKeyframe = packet.isKeyframe
        duration = packet.duration
    }

    init(unit: TSAccessUnit, role: Role, pts: Int64, dts: Int64) {
        payload = .ts(unit)
        self.role = role
        self.pts = pts
        self.dts = dts
        isKeyframe = unit.keyframe
        duration = unit.duration
    }
}

/// What the cut stage needs of a muxing back end: the FFmpeg `SegmentAssembler`, or the
/// byte-level `TSSegmentAssembler`. Each returns the segments that closed and the records of the
/// cuts it applied, in that order.
protocol SegmentAssembling: AnyObject {
    var droppedLeading: Int { get }
    /// Packets dropped because no muxer would take them (damaged timestamps).
    var refusedPackets: Int { get }
    func video(_ packet: MediaPacket, cut: Cut?) throws -> ([FinishedSegment], [CutRecord])
    func audio(_ packet: MediaPacket) throws -> ([FinishedSegment], [CutRecord])
    func passthrough(_ packet: MediaPacket) throws -> ([FinishedSegment], [CutRecord])
    func finish(_ cut: Cut?) throws -> ([FinishedSegment], [CutRecord])
    func revisedInitSegments(parameterSets: [UInt8]) -> [(OutputTarget, Data)]
    /// The next edge known before each video frame (nil: none): a span edge the cut planner knows
    /// of, or the input's forecast end (`InputEndForecast`), whichever comes first.
    func expectEdge(at pts: Int64?)
}

extension SegmentAssembling {
    var refusedPackets: Int { 0 }
    /// Init segments to write again after the run (own fMP4 outputs, once pictures were re-encoded).
    func revisedInitSegments(parameterSets: [UInt8]) -> [(OutputTarget, Data)] { [] }
    func expectEdge(at pts: Int64?) {}
}

/// A stage of the pipeline: handles one event and passes on (in order) what it produces and
/// what it does not consume. Stages hold their own state; nothing is shared between them.
protocol PipelineStage: AnyObject {
    func handle(_ event: PipelineEvent, next: (PipelineEvent) throws -> Void) throws
}

/// Stages chained in order; an event sent in runs through every stage.
final class StageChain {
    private let stages: [PipelineStage]

    init(_ stages: [PipelineStage]) {
        self.stages = stages
    }

    func send(_ event: PipelineEvent) throws {
        try deliver(event, to: 0)
    }

    private func deliver(_ event: PipelineEvent, to index: Int) throws {
        guard index < stages.count else { return }
        try stages[index].handle(event) { try self.deliver($0, to: index + 1) }
    }
}
