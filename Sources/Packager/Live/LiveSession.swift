import CueDetect
import Foundation

/// One open input of a live channel: the InputReader feeding epochs of the shared stages
/// (SpanStage → CutStage → LiveStage). File inputs are paced in real time on request; a jump
/// in the leading video's timestamps (an encoder restart) ends the epoch and starts a new one,
/// whose first segment carries a DISCONTINUITY.
final class LiveSession {
    enum End { case interrupted, endOfFile, failed(Error) }

    private let options: LiveOptions
    private let interrupt: InterruptFlag
    private let stallSeconds: Double
    private let reader: EventSource
    /// A jump larger than this between consecutive video timestamps is a timestamp reset.
    private static let resetThreshold: Int64 = 10 * 90_000

    init(options: LiveOptions, interrupt: InterruptFlag, stallSeconds: Double) throws {
        self.options = options
        self.interrupt = interrupt
        self.stallSeconds = stallSeconds
        interrupt.interrupt(after: Date().addingTimeInterval(max(stallSeconds, 10)))
        defer { interrupt.interrupt(after: nil) }
        if options.stitched.inputIsPlaylist || StitchedInput.isPlaylist(options.input) {
            reader = try StitchedLiveSource(location: options.input, options: options, interrupt: interrupt)
        } else {
            let input = try InputReader(url: options.input == "-" ? "pipe:0" : options.input, options: options.inputOptions,
                                        interrupt: interrupt, mode: .media)
            input.followsProgrammeChanges = true
            reader = input
        }
    }

    var formatName: String { reader.streams.formatName }
    /// The input ends the presentation when it ends (a stitched playlist's EXT-X-ENDLIST).
    var endIsFinal: Bool { reader is StitchedLiveSource }

    func run(publisher: LivePublisher, discontinuity: Bool) -> End {
        var epoch: Epoch
        do {
            epoch = try Epoch(options: options, streams: reader.streams, publisher: publisher, discontinuity: discontinuity)
        } catch {
            return .failed(error)
        }
        var pacing: (wall: Date, ticks: Int64)?
        var end = End.endOfFile
        reading: while true {
            interrupt.interrupt(after: Date().addingTimeInterval(stallSeconds))
            let events: [PipelineEvent]
            do {
                guard let next = try reader.next() else { break }
                events = next
                if let change = (reader as? InputReader)?.takeProgrammeChange() {
                    epoch = try ProgrammeChangeEpoch.begin(change, finishing: epoch.finish, publisher: publisher) {
                        try Epoch(options: options, streams: reader.streams, publisher: publisher, discontinuity: true)
                    }
                    pacing = nil
                }
            } catch {
                end = interrupt.isRaised && !interrupt.stalled ? .interrupted : .failed(error)
                break
            }
            do {
                for event in events {
                    if case .end = event { continue }          // the epoch is finished below
                    if case .packet(let p) = event, p.role == .video(rendition: 0) {
                        if let last = epoch.lastVideo, abs(p.pts - last) > Self.resetThreshold {
                            publisher.log.warn(.input, ["action": "timestamp_reset", "from": .int(Int(last)), "to": .int(Int(p.pts))])
                            try epoch.finish()
                            (reader as? InputReader)?.resetClock()
                            epoch = try Epoch(options: options, streams: reader.streams, publisher: publisher, discontinuity: true)
                            pacing = nil
                            continue
                        }
                        if options.realtime { pace(p.pts, &pacing) }
                        epoch.note(p)
                    }
                    try epoch.send(event)
                }
            } catch {
                end = .failed(error)
                break reading
            }
            if interrupt.isRaised, !interrupt.stalled { end = .interrupted; break }
        }
        interrupt.interrupt(after: nil)
        do {
            try epoch.finish()
        } catch {
            publisher.log.error(.publish, ["action": "finish epoch", "error": .string(String(describing: error))])
        }
        return end
    }

    /// Sleeps so that media time advances no faster than wall time × speed, in steps of at
    /// least `pacingStep`: input may run that far ahead of its due time, as a burst, the way
    /// FFmpeg's `-readrate` polls every 10 ms. Sleeping whenever a frame was early woke the
    /// channel 334 times a second at 30× (strace; FFmpeg 89), and those wake-ups were a third of
    /// its CPU (0.31 → 0.20 % of a core per real-time channel, alternated runs).
    private func pace(_ pts: Int64, _ pacing: inout (wall: Date, ticks: Int64)?) {
        guard let p = pacing else { pacing = (Date(), pts); return }
        let due = p.wall.addingTimeInterval(Double(pts - p.ticks) / 90_000 / max(options.speed, 0.01))
        guard due.timeIntervalSinceNow >= Self.pacingStep else { return }
        while !interrupt.isRaised {
            let wait = due.timeIntervalSinceNow
            if wait <= 0 { break }
            Thread.sleep(forTimeInterval: min(wait, 0.1))
        }
    }

    private static let pacingStep = 0.01

    /// One stretch of continuous input timestamps: its own span tracking and cutting, publishing
    /// into the channel's one presentation.
    private final class Epoch {
        let chain: StageChain
        private(set) var lastVideo: Int64?
        private var lastVideoEnd: Int64?
        private let spanStage: SpanStage
        private let mediaClock: MediaClockGate?

        init(options: LiveOptions, streams: InputStreams, publisher: LivePublisher, discontinuity: Bool) throws {
            let (ids, resumed, target) = publisher.read { ($0.state.ids, $0.state.nextSegmentIndex > 0, $0.state.window.targetDuration) }
            publisher.update { p, _ in
                p.startEpoch(variants: streams.variants, discontinuity: discontinuity)
                return []
            }
            let external = try options.sidecar.map { try SidecarCueSource(url: $0).cues(near: streams.startTicks) } ?? []
            let spans = SpanStage(classifier: options.classifier, lostCues: options.lostCues, placement: options.placementRules,
                                  ids: ids, external: external)
            spanStage = spans
            // A channel that has published keeps its target for life; so does one the operator fixed.
            let rule = CutRule(targetSeconds: options.segmentDuration, declaredTarget: target, hardCap: true,
                               targetFixed: resumed || options.fixedTargetDuration != nil || options.clock.isMedia)
            // Keyframe mode holds nothing ahead of an edge (only the resume keyframe's leading
            // pictures, to drop them); accurate mode holds the GOP before a known splice and
            // re-encodes it before the segment holding it closes.
            let splicer = EdgeSplicer(streams: streams, policy: .init(mode: options.splice, holdsGOP: false,
                                                                      holdsPlannedEnds: options.splice == .accurate),
                                      media: AVSpliceMedia())
            // Live puts a straddling audio frame on the side holding most of its samples in every
            // splice mode: hls.js ends a fragment at its last track's end but counts the primary
            // as buffered to the first track's, and starts an append-in-place interstitial only
            // once they are within 10 ms of its start. With the PTS rule the audio ran 16 ms past
            // the splice and a viewer froze there for 12 s (interop live-adserver-pos0).
            let cuts = CutStage(streams: streams, rule: rule,
                                assembler: .init(format: options.segmentFormat.muxerFormat, spool: publisher.makeSpool,
                                                 nearestAudioFrame: true),
                                splicer: splicer)
            chain = StageChain([spans, cuts, LiveStage(publisher: publisher, ids: { [spans] in spans.ids })])
            mediaClock = MediaClockGate(options: options, cuts: cuts, spans: spans, publisher: publisher)
        }

        func send(_ event: PipelineEvent) throws {
            if let mediaClock { try mediaClock.send(event, to: chain) } else { try chain.send(event) }
        }

        func note(_ packet: MediaPacket) {
            lastVideo = packet.pts
            let end = packet.pts + max(packet.duration, 0)
            lastVideoEnd = max(lastVideoEnd ?? end, end)
        }

        func finish() throws {
            try chain.send(.end(lastVideoEnd: lastVideoEnd ?? lastVideo))
        }
    }
}
