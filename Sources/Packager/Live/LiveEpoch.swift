import CueDetect
import DateRangeWriter
import Foundation

/// One stretch of continuous input timestamps: its own segmenter and span tracker, and the
/// wall-clock anchor that maps its PTS to PDT. An input reconnect or an encoder restart (a
/// timestamp jump) ends the epoch; the next one starts with a DISCONTINUITY.
final class LiveEpoch {
    private let options: LiveOptions
    private let publisher: LivePublisher
    private let segmenter: RenditionGroup
    private var tracker: SpanTracker
    private var anchor: (ticks: Int64, millis: Int64)?
    private var ids: [Int: String] = [:]
    private var announced: [Int: SpanDescription] = [:]
    private var waiting: [Int: Span] = [:]
    private var assetRecords: [Int: [SegmentRecord]] = [:]
    private var brokenAssets: Set<Int> = []
    private var loggedLateTimeDescriptor = false
    /// Where each span ends, once known (an asset cut before it is incomplete).
    private var spanEnds: [Int: Int64?] = [:]
    /// Per rendition: the first segment of the epoch still to go out (it carries the
    /// DISCONTINUITY and, for fMP4, the epoch's init segment).
    private var startsEpoch: [Bool]
    private(set) var lastVideoTicks: Int64?
    private var playlistDirty = false
    private let clock: () -> Date

    private let discontinuity: Bool
    /// Cue-sheet cues waiting for media time to reach their arrival.
    private var external: [DetectedCue]

    /// - Parameter videos: every video stream of the input, one rendition each (the first leads).
    init(options: LiveOptions, publisher: LivePublisher, demuxer: MediaDemuxer, videos: [StreamInfo], audio: [Int],
         discontinuity: Bool, clock: @escaping () -> Date = Date.init) throws {
        self.options = options
        self.publisher = publisher
        self.clock = clock
        self.discontinuity = discontinuity
        startsEpoch = Array(repeating: true, count: videos.count)
        external = try options.sidecar.map { try SidecarCueSource(url: $0).cues(near: demuxer.startTicks) } ?? []
        tracker = SpanTracker(classifier: options.classifier)
        segmenter = try RenditionGroup(
            parameters: try CodecParametersSnapshot(demuxer: demuxer, streams: videos.map(\.index) + audio),
            videoIndices: videos.map(\.index), audioIndices: audio,
            config: .init(format: options.segmentFormat.muxerFormat,
                          targetTicks: ProgramClock.ticks(seconds: options.segmentDuration)))
        publisher.setRenditions(videos.map { v in
            (CodecString.list(demuxer.codecDescriptions(indices: [v.index] + audio)),
             v.width > 0 ? (v.width, v.height) : nil, demuxer.frameRate(streamIndex: v.index))
        })
    }

    /// PDT of a tick on this epoch's timeline.
    private func millis(_ ticks: Int64) -> Int64? { anchor.map { $0.millis + (ticks - $0.ticks) / 90 } }

    // MARK: cues and spans

    func ingest(_ cue: DetectedCue) {
        publisher.metrics?.cueDetected()
        publisher.log.info(.cue, ["command": .string(cue.commandName), "crc_ok": .bool(cue.section?.crcOK ?? false),
                                  "base64": .string(Data(cue.bytes).base64EncodedString())])
        guard let timed = cue.timedCue else { return }
        anchorFromTimeDescriptor(cue)
        apply(tracker.ingest(timed))
    }

    /// An SCTE-35 time_descriptor states the UTC time of the splice (TAI − UTC offset). When one
    /// arrives before the epoch has published anything, PDT is mapped from it instead of the
    /// wall clock; later ones are ignored, since moving the mapping would change published dates.
    private func anchorFromTimeDescriptor(_ cue: DetectedCue) {
        guard let section = cue.section, section.crcOK, let ticks = cue.effectiveTicks,
              let time = section.descriptors.lazy.compactMap({ d -> TimeDescriptor? in
                  if case .time(let t) = d { return t } else { return nil }
              }).first else { return }
        let utc = (Int64(time.taiSeconds) - Int64(time.utcOffset)) * 1000 + Int64(time.taiNanoseconds) / 1_000_000
        guard startsEpoch.allSatisfy({ $0 }), announced.isEmpty else {
            if !loggedLateTimeDescriptor {
                loggedLateTimeDescriptor = true
                publisher.log.info(.state, ["action": "time_descriptor", "used": false,
                                            "reason": "the epoch has already published dates"])
            }
            return
        }
        let candidate = (ticks: ticks, millis: utc)
        if let floor = publisher.state.lastSegmentEndMillis, let first = anchor?.ticks,
           candidate.millis + (first - candidate.ticks) / 90 < floor {
            publisher.log.warn(.state, ["action": "time_descriptor", "used": false,
                                        "reason": "it would move PDT before already published segments"])
            return
        }
        anchor = candidate
        publisher.log.info(.state, ["action": "time_descriptor", "used": true,
                                    "utc": .string(ProgramDateTimeText.format(millis: utc))])
    }

    private func apply(_ events: [SpanEvent]) {
        for event in events {
            switch event {
            case .opened(let span):
                ids[span.serial] = publisher.nextID(kind: span.kind, eventID: span.eventID)
                segmenter.update(span, placement: options.placement(for: span.kind))
                waiting[span.serial] = span
            case .closed(let span):
                spanEnds[span.serial] = span.endTicks
                segmenter.update(span, placement: options.placement(for: span.kind))
                announceWaiting()
                if let d = description(span, actual: span.durationTicks) {
                    publisher.complete(d)
                    playlistDirty = true
                }
            case .cancelled(let span):
                if waiting.removeValue(forKey: span.serial) != nil {
                    // Cancelled before any playlist carried it: it never appears.
                    segmenter.forget(serial: span.serial)
                    publisher.log.info(.span, ["action": "withdrawn", "event_id": .int(Int(span.eventID))])
                    continue
                }
                segmenter.withdraw(serial: span.serial, reason: "cancelled")
                // Already published: completed as a zero-length (or cut-short) interstitial —
                // DURATION, X-RESUME-OFFSET and X-PLAYOUT-LIMIT only ever get added.
                if let d = description(span, actual: span.durationTicks ?? 0) {
                    publisher.complete(d)
                    playlistDirty = true
                }
            }
        }
    }

    /// Announces spans opened since the last playlist version (once the epoch has an anchor).
    private func announceWaiting() {
        guard anchor != nil else { return }
        for serial in waiting.keys.sorted() {
            guard let span = waiting.removeValue(forKey: serial), let d = description(span, actual: nil) else { continue }
            announced[serial] = d
            publisher.announce(d)
            playlistDirty = true
        }
    }

    private func description(_ span: Span, actual: Int64?) -> SpanDescription? {
        guard let id = ids[span.serial], let start = millis(span.startTicks),
              let startDate = try? HLSDate(millisecondsSinceEpoch: start) else { return nil }
        var d = announced[span.serial] ?? SpanDescription(
            kind: SpanKindName(rawValue: span.kind.rawValue), id: id, startDate: startDate,
            plannedDuration: span.plannedDurationTicks.map(HLSDecimal.init(ticks90k:)),
            outSection: span.outSection.isEmpty ? nil : span.outSection,
            placement: options.placement(for: span.kind) == .strip ? .strip : .overlay,
            extractedAssetURI: OutputLayout.absolute(OutputLayout.playlist(id: id), base: options.assetBaseURL))
        if let actual {
            d.actualDuration = HLSDecimal(ticks90k: max(0, actual))
            d.inSection = span.inSection
        }
        return d
    }


    // MARK: media

    func consume(_ packet: DemuxedPacket, pts: Int64, dts: Int64, isVideo: Bool) throws {
        if isVideo {
            if anchor == nil {
                let wall = Int64((clock().timeIntervalSince1970 * 1000).rounded())
                anchor = (pts, max(wall, publisher.state.lastSegmentEndMillis ?? wall))
            }
            lastVideoTicks = pts
            while let next = external.first, (next.arrivalTicks ?? 0) <= pts {
                external.removeFirst()
                ingest(next)
            }
            apply(tracker.advance(to: pts))
        }
        announceWaiting()
        if playlistDirty {
            playlistDirty = false
            try publisher.publishPlaylist()
        }
        let received = clock()
        try publish(try segmenter.consume(packet, pts: pts, dts: dts), receivedAt: received)
    }

    /// End of the epoch: spans still open end here, the last partial segment is published.
    func finish() throws {
        if let end = segmenter.lastVideoEnd ?? lastVideoTicks { apply(tracker.finish(at: end)) }
        announceWaiting()
        try publish(try segmenter.finish(), receivedAt: clock())
        if playlistDirty {
            playlistDirty = false
            try publisher.publishPlaylist()
        }
    }

    private func publish(_ segments: [FinishedSegment], receivedAt: Date) throws {
        for segment in segments {
            switch segment.target {
            case .primary:
                let k = segment.rendition
                guard let pdt = millis(segment.startTicks), k < startsEpoch.count else { continue }
                try publisher.publishPrimary(rendition: k, bytes: segment.bytes,
                                             initSegment: startsEpoch[k] ? segment.initSegment : nil,
                                             durationTicks: segment.durationTicks, startTicks: segment.startTicks,
                                             pdtMillis: pdt, discontinuity: startsEpoch[k] && discontinuity,
                                             receivedAt: receivedAt)
                startsEpoch[k] = false
            case .asset(let serial):
                // Assets come from the first rendition (a media playlist, which Interstitials allow).
                guard segment.rendition == 0 else { continue }
                guard let id = ids[serial], let pdt = millis(segment.startTicks), !brokenAssets.contains(serial) else { continue }
                do {
                    try publisher.publishAssetSegment(id: id, index: segment.index, bytes: segment.bytes,
                                                      initSegment: segment.initSegment)
                } catch {
                    // An asset that cannot be stored is abandoned (its list stays empty, so
                    // players keep the primary); the primary and the input carry on.
                    brokenAssets.insert(serial)
                    assetRecords[serial] = nil
                    publisher.log.error(.publish, ["action": "asset", "id": .string(id),
                                                   "error": .string(String(describing: error)), "asset": "abandoned"])
                    continue
                }
                assetRecords[serial, default: []].append(SegmentRecord(
                    uri: String(format: "seg_%05d.%@", segment.index, options.segmentFormat.segmentExtension),
                    durationTicks: segment.durationTicks, startTicks: segment.startTicks, bytes: segment.bytes.count,
                    discontinuity: false, programDateTimeMillis: pdt,
                    mapURI: options.segmentFormat == .fmp4 ? "init.mp4" : nil))
                if segment.isLast, let records = assetRecords.removeValue(forKey: serial) {
                    if let end = spanEnds[serial] ?? nil, segment.startTicks + segment.durationTicks + 3_000 < end {
                        // Cut short (shutdown or input loss before the span ended): not a
                        // usable asset, so its list stays empty and players keep the primary.
                        publisher.log.warn(.publish, ["action": "asset", "id": .string(id), "asset": "incomplete, not listed"])
                        continue
                    }
                    do {
                        try publisher.publishAssetPlaylist(id: id, segments: records)
                    } catch {
                        publisher.log.error(.publish, ["action": "asset playlist", "id": .string(id),
                                                       "error": .string(String(describing: error))])
                    }
                }
            }
        }
    }
}
