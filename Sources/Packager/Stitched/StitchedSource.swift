import CueDetect
import Foundation

/// The conversion read of a stitched presentation: segment after segment (each rendition's
/// segment i in turn), every packet moved onto the continuous timeline — each run continues
/// where the previous one ended, so no discontinuity is left — and each span's edges sent as
/// cues just before the media they apply to. The same PipelineEvents as the InputReader's.
final class StitchedSource: EventSource {
    let streams: InputStreams
    private(set) var firstVideoTicks: Int64?
    private let plan: StitchedPlan
    private let loader: SegmentLoader
    private let order: [(rendition: Int, segment: Int)]
    private var position = 0
    private var current: (packets: SegmentPackets, rendition: Int, segment: Int)?
    private var cues: [StitchedCuePoint]
    private var nextCue = 0
    private var lastVideoEnd: Int64?
    private var ended = false

    init(plan: StitchedPlan, loader: SegmentLoader) {
        self.plan = plan
        self.loader = loader
        streams = plan.streams
        cues = plan.layout.cuePoints
        let counts = plan.input.renditions.map(\.segments.count)
        order = (0..<(counts.max() ?? 0)).flatMap { i in counts.indices.filter { i < counts[$0] }.map { ($0, i) } }
    }

    func next() throws -> [PipelineEvent]? {
        guard !ended else { return nil }
        while true {
            if current == nil {
                guard position < order.count else {
                    ended = true
                    return dueCues(through: Int64.max) + [.end(lastVideoEnd: lastVideoEnd)]
                }
                let (k, i) = order[position]
                position += 1
                let playlist = plan.input.renditions[k]
                let reference = i > 0 ? plan.surveys[k].segments[i - 1].endVideoTicks : nil
                let segment = playlist.segments[i]
                do {
                    current = (try SegmentPackets(bytes: try loader.bytes(of: segment, in: playlist), name: segment.uri,
                                                  reference: reference), k, i)
                } catch let error as FFmpegError {
                    throw StitchedError.segment(playlist: playlist.name, line: segment.line, uri: segment.uri,
                                                reason: "is not media libavformat can read (\(error.reason))")
                }
            }
            guard let (packets, k, i) = current else { continue }
            let next: SegmentPackets.Packet?
            do {
                next = try packets.next()
            } catch let error as FFmpegError {
                let segment = plan.input.renditions[k].segments[i]
                throw StitchedError.segment(playlist: plan.input.renditions[k].name, line: segment.line, uri: segment.uri,
                                            reason: "cannot be demuxed (\(error.reason))")
            }
            guard let p = next else {
                current = nil
                continue
            }
            if let event = try event(p, rendition: k, segment: i, demuxer: packets.demuxer) {
                return event
            }
        }
    }

    private func event(_ p: SegmentPackets.Packet, rendition k: Int, segment i: Int, demuxer: SegmentDemuxer) throws -> [PipelineEvent]? {
        let offset = plan.offsets[k][i]
        let pts = p.pts + offset, dts = p.dts + offset
        if p.stream.kind == .video {
            guard p.stream.index == demuxer.videoIndex else { return nil }
            p.packet.retime(pts: pts, dts: dts, duration: p.duration, streamIndex: k)
            var events: [PipelineEvent] = []
            if k == 0 {
                events = dueCues(through: pts)
                if firstVideoTicks == nil { firstVideoTicks = pts }
                lastVideoEnd = max(lastVideoEnd ?? pts, pts + p.duration)
            }
            return events + [.packet(MediaPacket(packet: p.packet, role: .video(rendition: k), pts: pts, dts: dts))]
        }
        guard k == 0, let j = demuxer.audioIndices.firstIndex(of: p.stream.index), j < streams.audio.count else { return nil }
        p.packet.retime(pts: pts, dts: dts, duration: p.duration, streamIndex: streams.audio[j].index)
        return [.packet(MediaPacket(packet: p.packet, role: .audio, pts: pts, dts: dts))]
    }

    /// The span edges due by `ticks`, as cues.
    private func dueCues(through ticks: Int64) -> [PipelineEvent] {
        var events: [PipelineEvent] = []
        while nextCue < cues.count, cues[nextCue].ticks <= ticks {
            events.append(.cue(StitchedCue.detected(cues[nextCue], layout: plan.layout, segments: plan.surveys[0].segments)))
            nextCue += 1
        }
        return events
    }
}

/// A span edge as the cue the SpanStage ingests.
enum StitchedCue {
    static func detected(_ point: StitchedCuePoint, layout: StitchedLayout, segments: [StitchedSegment]) -> DetectedCue {
        let index = Int(point.signal.index)
        let span = index < layout.spans.count ? layout.spans[index]
            : layout.pods.first { $0.index == index }.flatMap { $0.members.first.map { layout.spans[$0] } }
        let line = span.map { segments[min($0.segments.lowerBound, segments.count - 1)].line } ?? 0
        var cue = DetectedCue(origin: .playlist(line: line), bytes: point.section, section: nil, decodeError: nil,
                              arrivalPTS: nil, splicePTS: nil, effectiveTicks: point.ticks, arrivalTicks: point.ticks, chapter: nil)
        cue.stitched = point.signal
        return cue
    }
}
