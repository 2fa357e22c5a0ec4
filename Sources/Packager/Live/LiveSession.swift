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
    /// pkgctl's own reader of the input, when it reads it (its overruns are logged).
    private var ownInput: LiveByteInput?
    private var overruns = OverrunReport()
    /// A jump larger than this between consecutive video timestamps is a timestamp reset.
    private static let resetThreshold: Int64 = 10 * 90_000

    /// - Parameter continuing: the input a byte-level session handed back at a programme change.
    init(options: LiveOptions, interrupt: InterruptFlag, stallSeconds: Double, continuing: TeeIOContext? = nil) throws {
        self.options = options
        self.interrupt = interrupt
        self.stallSeconds = stallSeconds
        interrupt.interrupt(after: Date().addingTimeInterval(max(stallSeconds, 10)))
        defer { interrupt.interrupt(after: nil) }
        if options.stitched.inputIsPlaylist || StitchedInput.isPlaylist(options.input) {
            reader = try StitchedLiveSource(location: options.input, options: options, interrupt: interrupt)
        } else {
            var continuing = continuing
            if continuing == nil, let own = try Self.ownInput(options: options, interrupt: interrupt) {
                ownInput = own
                let probed = try TSStreamProbe.read(from: own)
                // A stream table the own probe gives has video and is TS: the byte engine cuts it.
                if let probe = probed.probe {
                    reader = LiveTSSource(source: own, streams: InputStreams(probe: probe, path: options.input), probed: probed.bytes)
                    return
                }
                // Otherwise libavformat probes the bytes pkgctl read, and reads on through its reader.
                let tee = try TeeIOContext(source: own)
                tee.replayFirst(probed.bytes.flatMap { $0 })
                continuing = tee
            }
            let recording = options.engine == .auto && continuing == nil ? ProbeRecording() : nil
            let input = try InputReader(url: options.input == "-" ? "pipe:0" : options.input, options: options.inputOptions,
                                        interrupt: interrupt, mode: .media, recording: recording, continuing: continuing)
            if let recording, Self.cutsBytes(input.streams, options: options),
               let source = LiveTSSource(taking: input, recording: recording) {
                reader = source
            } else {
                _ = recording?.take()
                input.followsProgrammeChanges = true
                reader = input
            }
        }
    }

    /// Where the byte-level engine applies: TS in, TS out (each video rendition its own), keyframe
    /// splices, the wall clock. Under the media clock a pair's late instance must open with the audio the
    /// running one put in that segment; the byte engine's first segment lacked the AAC PES that
    /// straddles its first cut (RedundantPairTests), so a pair is cut by libavformat.
    private static func cutsBytes(_ streams: InputStreams, options: LiveOptions) -> Bool {
        streams.formatName == "mpegts" && !streams.videos.isEmpty && allowsBytes(options)
    }

    private static func allowsBytes(_ options: LiveOptions) -> Bool {
        options.segmentFormat == .ts && options.splice == .keyframe && !options.clock.isMedia
    }

    /// A local file, a pipe or a UDP socket for the byte-level engine, opened by pkgctl itself
    /// (to be probed by it too), so the channel never loads FFmpeg (see `LiveFileInput`,
    /// `LiveUDPInput`). Nil for any other input, or options the byte-level engine does not serve.
    private static func ownInput(options: LiveOptions, interrupt: InterruptFlag) throws -> LiveByteInput? {
        guard options.engine == .auto, allowsBytes(options) else { return nil }
        if options.inputOptions.isEmpty, let file = try LiveFileInput(url: options.input, interrupt: interrupt) { return file }
        return try LiveUDPInput(url: options.input, options: options.inputOptions, interrupt: interrupt)
    }

    /// The input, for the next session, when this one ended at a programme change the byte-level
    /// engine does not follow.
    func handBack() -> TeeIOContext? { (reader as? LiveTSSource)?.handBack() }

    /// The input's audio and video streams.
    var mediaStreams: [StreamInfo] { reader.streams.videos + reader.streams.audio }

    /// The engine that segments: "bytes" (TS packets cut in place) or "libavformat".
    var engineName: String { reader is LiveTSSource ? "bytes" : "libavformat" }

    var formatName: String { reader.streams.formatName }
    /// Warnings about the input's stream table (streams left out).
    var streamNotes: [String] { reader.streams.notes }
    /// The input ends the presentation when it ends (a stitched playlist's EXT-X-ENDLIST).
    var endIsFinal: Bool { reader is StitchedLiveSource }

    /// - Parameter delivering: called once, when the first video packet has gone through the
    ///   stages: the input is flowing again (an open that fails at its first segment is not).
    func run(publisher: LivePublisher, discontinuity: Bool, delivering: () -> Void = {}) -> End {
        var epoch: Epoch
        do {
            epoch = try Epoch(options: options, reader: reader, publisher: publisher, discontinuity: discontinuity)
        } catch {
            return .failed(error)
        }
        var pacer = RealtimePacer(speed: options.speed)
        var end = End.endOfFile
        var delivered = false
        reading: while true {
            interrupt.interrupt(after: Date().addingTimeInterval(stallSeconds))
            let events: [PipelineEvent]
            do {
                guard let next = try reader.next() else { break }
                events = next
                epoch.expectInputEnd(at: reader.forecastEnd())
                if let ownInput, let lost = overruns.check(dropped: ownInput.droppedBytes, now: Date()) {
                    publisher.log.warn(.input, ["action": "overrun", "url": .string(options.input), "dropped_bytes": .int(lost.since),
                                                "total_dropped_bytes": .int(lost.total),
                                                "note": "the channel fell behind the input by fifo_size packets; raise fifo_size"])
                }
                if let change = (reader as? InputReader)?.takeProgrammeChange() {
                    epoch = try ProgrammeChangeEpoch.begin(change, finishing: epoch.finish, publisher: publisher) {
                        try Epoch(options: options, reader: reader, publisher: publisher, discontinuity: true)
                    }
                    pacer.restart()
                }
            } catch {
                end = interrupt.isRaised && !interrupt.stalled ? .interrupted : .failed(error)
                break
            }
            do {
                for event in events {
                    if case .end = event { continue }          // the epoch is finished below
                    // One clock read an event: where the latency of a segment it closes starts,
                    // and the pacer's now (read again only after a pacing wait).
                    var arrived = Date()
                    if case .packet(let p) = event, p.role == .video(rendition: 0) {
                        if let last = epoch.lastVideo, abs(p.pts - last) > Self.resetThreshold {
                            publisher.log.warn(.input, ["action": "timestamp_reset", "from": .int(Int(last)), "to": .int(Int(p.pts))])
                            try epoch.finish()
                            (reader as? InputReader)?.resetClock()
                            epoch = try Epoch(options: options, reader: reader, publisher: publisher, discontinuity: true)
                            pacer.restart()
                            continue
                        }
                        if options.realtime, let due = pacer.due(pts: p.pts, now: arrived) {
                            interrupt.sleep(until: due)
                            arrived = Date()
                        }
                        epoch.note(p)
                    }
                    try epoch.send(event, arrivedAt: arrived)
                }
            } catch {
                end = .failed(error)
                break reading
            }
            // Once per read, not per event: a read whose events all went through with a video
            // packet among them (the epoch noted it) is media flowing.
            if !delivered, epoch.lastVideo != nil {
                delivered = true
                delivering()
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

    /// One stretch of continuous input timestamps: its own span tracking and cutting, publishing
    /// into the channel's one presentation.
    private final class Epoch {
        let chain: StageChain
        private(set) var lastVideo: Int64?
        private var lastVideoEnd: Int64?
        private let spanStage: SpanStage
        private let mediaClock: MediaClockGate?
        private let live: LiveStage
        private let cuts: CutStage
        private let publisher: LivePublisher

        init(options: LiveOptions, reader: EventSource, publisher: LivePublisher, discontinuity: Bool) throws {
            self.publisher = publisher
            let streams = reader.streams
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
            let bytes = reader as? LiveTSSource
            let splicer = EdgeSplicer(streams: streams, policy: .init(mode: options.splice, holdsGOP: false,
                                                                      holdsPlannedEnds: options.splice == .accurate),
                                      media: bytes.map { TSSpliceMedia(input: $0.input, grid: $0.indexer.grid) } ?? AVSpliceMedia())
            // Live puts a straddling audio frame on the side holding most of its samples in every
            // splice mode: hls.js ends a fragment at its last track's end but counts the primary
            // as buffered to the first track's, and starts an append-in-place interstitial only
            // once they are within 10 ms of its start. With the PTS rule the audio ran 16 ms past
            // the splice and a viewer froze there for 12 s (interop live-adserver-pos0).
            if let bytes {
                let videoPIDs = streams.videos.map(\.id)
                let assemblers = videoPIDs.indices.map { k in
                    let assembler = TSSegmentAssembler(input: bytes.input, indexer: bytes.indexer, rendition: k,
                                                       keepSCTE35: options.scte35Passthrough, nearestAudioFrame: true,
                                                       spool: publisher.makeSpool)
                    assembler.otherRenditions = Set(videoPIDs).subtracting([videoPIDs[k]])
                    assembler.endNear = SegmentEndNear(targetSeconds: options.segmentDuration)
                    return assembler
                }
                bytes.oldestNeeded = { [weak splicer] in
                    (assemblers.map(\.oldestNeededOffset) + [splicer?.oldestNeededOffset]).compactMap { $0 }.min()
                }
                cuts = CutStage(rule: rule, assemblers: assemblers, splicer: splicer)
            } else {
                cuts = CutStage(streams: streams, rule: rule,
                                assembler: .init(format: options.segmentFormat.muxerFormat, spool: publisher.makeSpool,
                                                 nearestAudioFrame: true, ownFragments: options.engine == .auto,
                                                 fragmentSeconds: options.fragmentDuration,
                                                 endNear: SegmentEndNear(targetSeconds: options.segmentDuration)),
                                splicer: splicer)
            }
            live = LiveStage(publisher: publisher, ids: { [spans] in spans.ids })
            chain = StageChain([spans, cuts, live])
            mediaClock = MediaClockGate(options: options, cuts: cuts, spans: spans, publisher: publisher)
        }

        /// Where the input is expected to end (`InputEndForecast`), for the cut stage.
        func expectInputEnd(at pts: Int64?) { cuts.inputEnd = pts }

        /// - Parameter arrivedAt: when the event entered the channel (after any pacing wait), where
        ///   the latency of a segment it closes starts.
        func send(_ event: PipelineEvent, arrivedAt: Date? = nil) throws {
            if let arrivedAt { live.arrived(at: arrivedAt) }
            if let mediaClock { try mediaClock.send(event, to: chain) } else { try chain.send(event) }
        }

        func note(_ packet: MediaPacket) {
            lastVideo = packet.pts
            let end = packet.pts + max(packet.duration, 0)
            lastVideoEnd = max(lastVideoEnd ?? end, end)
        }

        /// Every rendition's last segment closes at once here: they are listed together (see
        /// `LivePublisher.listingTogether`).
        func finish() throws {
            live.arrived(at: Date())
            try publisher.listingTogether { try chain.send(.end(lastVideoEnd: lastVideoEnd ?? lastVideo)) }
        }
    }
}
