import CueDetect
import Foundation

/// One MPEG-TS file whose timestamps reset where the stitcher spliced spans in (SSAI output
/// recorded as one file): the InputReader's events, each run of timestamps moved to follow the
/// previous run, with the spans the analysis found sent as cues just before their media. The
/// in-band cues the reader finds are moved the same way and paired as usual.
final class StitchedFileSource: EventSource {
    let layout: StitchedLayout
    let segments: [StitchedSegment]
    private let reader: InputReader
    private(set) var firstVideoTicks: Int64?
    private var runOfStream: [Int: Int] = [:]
    private var lastDTS: [Int: Int64] = [:]
    private let cues: [StitchedCuePoint]
    private var nextCue = 0
    private var videoRun = 0
    private var lastVideoEnd: Int64?

    var streams: InputStreams { reader.streams }

    /// nil when `path` is not a local TS file or its timestamps never reset (the plain reader
    /// then reads it as it always has).
    static func open(_ path: String, options: VodOptions) throws -> StitchedFileSource? {
        guard let (runs, sections) = TimestampResetScan.scan(path), runs.count > 1 else { return nil }
        let reader = try InputReader(url: path, mode: .media)
        let video = reader.streams.videos.first
        let signature = MediaSignature(videoCodec: video?.codecName ?? "", width: video?.width ?? 0, height: video?.height ?? 0,
                                       frameRate: 0, audio: [])
        let segments = runs.enumerated().map { i, run -> StitchedSegment in
            let frame = run.frames > 1 ? (run.lastTicks - run.firstTicks) / Int64(run.frames - 1) : 3000
            return StitchedSegment(index: i, line: 0, uri: "\(path) run \(i)", extinfTicks: run.lastTicks + frame - run.firstTicks,
                                   discontinuity: false, newMap: false, firstVideoTicks: run.firstTicks,
                                   endVideoTicks: run.lastTicks + frame, signature: signature, programDateTimeMillis: nil)
        }
        let analyzer = StitchedAnalyzer(rules: options.stitched.rules, overrides: try options.stitched.loadOverrides())
        let layout: StitchedLayout
        do {
            layout = try analyzer.analyze(segments: segments, marks: [])
        } catch let error as StitchedAnalysisError {
            throw StitchedError.analysis(playlist: path, error)
        }
        // In-band SCTE-35 may still mark spans; only a file with neither is refused.
        if layout.inserted.isEmpty, sections == 0, !options.stitched.allowNoSpans {
            throw StitchedError.noSpans(playlist: path, reason: "its timestamps reset \(runs.count - 1) time(s), but no run sets itself "
                + "apart from the content; give --span-overrides FILE to name spans, or --allow-no-spans to convert it as one programme")
        }
        return StitchedFileSource(reader: reader, layout: layout, segments: segments)
    }

    private init(reader: InputReader, layout: StitchedLayout, segments: [StitchedSegment]) {
        self.reader = reader
        self.layout = layout
        self.segments = segments
        cues = layout.cuePoints
    }

    func next() throws -> [PipelineEvent]? {
        guard let events = try reader.next() else { return nil }
        var out: [PipelineEvent] = []
        for event in events {
            switch event {
            case .packet(let p):
                // The reader demuxes with libavformat, so every packet is an AVPacket.
                guard case .av(let packet) = p.payload else {
                    out.append(event)
                    continue
                }
                let run = advance(packet.streamIndex, dts: p.dts)
                let offset = layout.runs[run].offsetTicks
                let pts = p.pts + offset, dts = p.dts + offset
                packet.retime(pts: pts, dts: dts, duration: p.duration, streamIndex: packet.streamIndex)
                if p.role == .video(rendition: 0) {
                    videoRun = run
                    out += due(through: pts)
                    if firstVideoTicks == nil { firstVideoTicks = pts }
                    lastVideoEnd = max(lastVideoEnd ?? pts, pts + max(p.duration, 0))
                }
                out.append(.packet(MediaPacket(packet: packet, role: p.role, pts: pts, dts: dts)))
            case .cue(var cue):
                let offset = layout.runs[videoRun].offsetTicks
                cue.effectiveTicks = cue.effectiveTicks.map { $0 + offset }
                cue.arrivalTicks = cue.arrivalTicks.map { $0 + offset }
                out.append(.cue(cue))
            case .end:
                out += due(through: Int64.max) + [.end(lastVideoEnd: lastVideoEnd)]
            default:
                out.append(event)
            }
        }
        return out
    }

    /// The run a stream's packet belongs to: each stream moves on to the next run where its own
    /// timestamps jump.
    private func advance(_ stream: Int, dts: Int64) -> Int {
        var run = runOfStream[stream] ?? 0
        if let last = lastDTS[stream], TimestampResetScan.isReset(from: last, to: dts) { run = min(run + 1, layout.runs.count - 1) }
        runOfStream[stream] = run
        lastDTS[stream] = dts
        return run
    }

    private func due(through ticks: Int64) -> [PipelineEvent] {
        var events: [PipelineEvent] = []
        while nextCue < cues.count, cues[nextCue].ticks <= ticks {
            events.append(.cue(StitchedCue.live(cues[nextCue])))
            nextCue += 1
        }
        return events
    }
}
