import CueDetect
import DateRangeWriter
import Foundation

/// Publishes one live channel: segments before the playlists that list them, every playlist
/// version through the sink's atomic replace, date ranges through the same-ID ledger, expired
/// segments deleted after their availability time, and the restart state after each version.
final class LivePublisher {

    private let options: LiveOptions
    private let sink: PublishSink
    private let store: LiveStateStore<LiveState>
    let log: EventLog
    let metrics: LiveMetrics?
    private let registry: MetricsRegistry?
    private let metricsWriter: PrometheusTextfileWriter?
    private(set) var state: LiveState
    private var meters: [BandwidthMeter] = []
    private var variants: [(codecs: String, resolution: (Int, Int)?, frameRate: Double?)] = []
    private let clock: () -> Date
    private var currentMaps: [Int: String] = [:]

    init(options: LiveOptions, sink: PublishSink, store: LiveStateStore<LiveState>, state: LiveState, log: EventLog,
         registry: MetricsRegistry?, metrics: LiveMetrics?, clock: @escaping () -> Date = Date.init) {
        self.options = options
        self.sink = sink
        self.store = store
        self.state = state
        self.log = log
        self.registry = registry
        self.metrics = metrics
        metricsWriter = options.metricsFile.map(PrometheusTextfileWriter.init(file:))
        self.clock = clock
    }

    private var now: Double { clock().timeIntervalSince1970 }

    // MARK: segments

    /// Publishes a primary segment, then the playlist version that lists it.
    /// - Parameter receivedAt: when the packet that closed the segment was read; the log line
    ///   reports how long it took from there until the playlist listing the segment was replaced.
    func publishPrimary(rendition: Int = 0, bytes: Data, initSegment: Data?, durationTicks: Int64, startTicks: Int64,
                        pdtMillis: Int64, discontinuity: Bool, receivedAt: Date) throws {
        let dir = OutputLayout.rendition(rendition) + "/"
        let index = state.takeSegmentIndex(rendition: rendition)
        let ext = options.segmentFormat.segmentExtension
        let name = String(format: "seg_%08d.%@", index, ext)
        if let initSegment {
            // One init segment per input epoch: codecs may change across an encoder restart.
            let mapName = String(format: "init_%08d.mp4", index)
            do {
                try sink.put(initSegment, name: dir + mapName, kind: .segment)
                currentMaps[rendition] = mapName
            } catch {
                log.error(.publish, ["action": "init segment", "name": .string(dir + mapName),
                                     "error": .string(String(describing: error))])
            }
        }
        let mapURI = options.segmentFormat == .fmp4 ? currentMaps[rendition] : nil
        var gap = false
        do {
            try sink.put(bytes, name: dir + name, kind: .segment)
        } catch {
            // The segment could not be stored (disk full, origin refusing): it is listed as an
            // EXT-X-GAP so the timeline stays continuous and nothing already published changes.
            gap = true
            metrics?.publishFailed()
            log.error(.publish, ["action": "segment", "name": .string(dir + name), "error": .string(String(describing: error)),
                                 "listed_as": "gap"])
        }
        let record = SegmentRecord(uri: name, durationTicks: durationTicks, startTicks: startTicks, bytes: bytes.count,
                                   discontinuity: discontinuity, programDateTimeMillis: pdtMillis, mapURI: mapURI, gap: gap)
        let removed = state.append(record, rendition: rendition)
        let listedAt = now
        state.retention.noteListed(name: dir + name, duration: Double(durationTicks) / 90_000, at: listedAt)
        let playlistSeconds = Double(state.window(rendition).windowMillis) / 1000
        for old in removed {
            state.retention.noteRemoved(name: dir + old.uri, playlistDuration: playlistSeconds, at: listedAt)
        }
        if rendition == 0 { state.lastSegmentEndMillis = pdtMillis + durationTicks / 90 }
        if rendition < meters.count { meters[rendition].add(bytes: bytes.count, durationTicks: durationTicks) }
        try publishPlaylist(rendition: rendition)
        do {
            try publishMasterIfNeeded()
        } catch {
            log.error(.publish, ["action": "master", "error": .string(String(describing: error))])
        }
        deleteExpired()
        let latency = clock().timeIntervalSince(receivedAt)
        metrics?.segmentPublished(rendition: OutputLayout.rendition(rendition), at: clock())
        log.info(.segment, ["name": .string(dir + name), "duration": .double(Double(durationTicks) / 90_000),
                            "latency_ms": .double((latency * 10_000).rounded() / 10),
                            "bytes": .int(bytes.count), "pdt": .string(ProgramDateTimeText.format(millis: pdtMillis)),
                            "discontinuity": .bool(discontinuity),
                            "media_sequence": .int(state.window(rendition).mediaSequence)])
        writeMetrics()
    }

    /// An asset segment (the span's own media, extracted while it airs).
    func publishAssetSegment(id: String, index: Int, bytes: Data, initSegment: Data?) throws {
        let dir = OutputLayout.directory(id: id) + "/"
        if index == 0, let initSegment { try sink.put(initSegment, name: dir + "init.mp4", kind: .asset) }
        let name = dir + String(format: "seg_%05d.%@", index, options.segmentFormat.segmentExtension)
        try sink.put(bytes, name: name, kind: .asset)
    }

    /// The asset's VOD playlist, once the span has ended, and the asset list that names it.
    func publishAssetPlaylist(id: String, segments: [SegmentRecord]) throws {
        let playlist = OutputLayout.mediaPlaylist(segments, requestedDuration: options.segmentDuration)
        try sink.put(Data(playlist.render().utf8), name: OutputLayout.playlist(id: id), kind: .playlist)
        guard let uri = OutputLayout.absolute(OutputLayout.playlist(id: id), base: options.assetBaseURL) else { return }
        let duration = HLSDecimal(ticks90k: segments.reduce(0) { $0 + $1.durationTicks })
        try publishAssetList(id: id, assets: [AssetList.Asset(uri: uri, duration: duration)])
        log.info(.publish, ["action": "asset", "id": .string(id), "duration": .string(duration.text),
                            "segments": .int(segments.count)])
    }

    /// `assets/<id>/list.json`: empty when announced, the extracted asset once it is complete.
    func publishAssetList(id: String, assets: [AssetList.Asset]) throws {
        let json = try AssetListWriter.json(AssetList(assets: assets))
        try sink.put(Data(json.utf8), name: OutputLayout.list(id: id), kind: .asset)
    }

    // MARK: interstitials

    /// A range ID never used before in this presentation (the counter survives restarts).
    func nextID(kind: SpanKind, eventID: UInt32) -> String {
        state.ids.next(kind: SpanKindName(rawValue: kind.rawValue), eventID: eventID)
    }

    func announce(_ description: SpanDescription) {
        do {
            let range = try options.policy.announcement(for: description)
            if range.interstitial?.assetList?.contains(OutputLayout.list(id: description.id)) == true {
                // The list must answer before any playlist names it.
                try publishAssetList(id: description.id, assets: [])
            }
            let line = try state.ledger.announce(range)
            state.openSpans.append(.init(id: description.id, description: description))
            log.info(.span, ["action": "announce", "id": .string(description.id), "kind": .string(description.kind.rawValue),
                             "tag": .string(line)])
        } catch {
            log.error(.span, ["action": "announce", "id": .string(description.id), "error": .string(String(describing: error))])
        }
    }

    /// Adds what the end of a span made known (DURATION, X-RESUME-OFFSET, SCTE35-IN, …); a
    /// rejected update is logged and the original stays as published.
    func complete(_ description: SpanDescription) {
        state.openSpans.removeAll { $0.id == description.id }
        do {
            let added = try state.ledger.update(try options.policy.completion(for: description))
            metrics?.spanCompleted(kind: description.kind.rawValue)
            log.info(.span, ["action": "complete", "id": .string(description.id),
                             "added": .string(added.map(\.name).joined(separator: ","))])
        } catch {
            log.error(.span, ["action": "complete", "id": .string(description.id), "error": .string(String(describing: error))])
        }
    }

    // MARK: playlists

    /// Publishes every rendition's playlist (date ranges changed) or just one (a new segment).
    /// Every rendition carries the same date-range set (HLS §6.2.4).
    func publishPlaylist(endList: Bool = false) throws {
        for rendition in 0..<max(1, variants.count) { try publishPlaylist(rendition: rendition, endList: endList) }
    }

    func publishPlaylist(rendition: Int, endList: Bool = false) throws {
        let window = state.window(rendition)
        guard let first = window.segments.first else { return }
        let windowStart = try HLSDate(millisecondsSinceEpoch: first.programDateTimeMillis)
        state.ledger.removeRanges(endingBefore: windowStart)
        let blocks = state.ledger.groups(forWindowStarting: windowStart).map {
            DateRangeBlock(anchorMillis: $0.startMilliseconds, lines: $0.lines)
        }
        let started = clock()
        let playlist = window.playlist(dateRanges: blocks, endList: endList)
        let name = OutputLayout.renditionPlaylist(rendition)
        if endList { state.endListed = true }
        // State first: after a crash between the two, a restart re-publishes what the state
        // holds, so no ID or segment name that a client may have seen is ever handed out again.
        saveState()
        do {
            try sink.put(Data(playlist.render().utf8), name: name, kind: .playlist)
            metrics?.publishCompleted(latencySeconds: clock().timeIntervalSince(started))
        } catch {
            metrics?.publishFailed()
            log.error(.publish, ["action": "playlist", "name": .string(name),
                                 "error": .string(String(describing: error)), "kept": "previous version"])
        }
    }

    /// The video renditions of the current input (codecs, size, rate), for the master.
    func setRenditions(_ list: [(codecs: String, resolution: (Int, Int)?, frameRate: Double?)]) {
        variants = list
        while meters.count < list.count { meters.append(BandwidthMeter(targetDuration: options.targetDuration)) }
        state.ensureRenditions(list.count, options: options)
    }

    /// The multivariant playlist, republished when the measured peak outgrows what it says.
    private func publishMasterIfNeeded() throws {
        guard !variants.isEmpty, meters.count >= variants.count,
              (0..<variants.count).allSatisfy({ !state.window($0).segments.isEmpty }) else { return }
        let peak = meters.map(\.peak).max() ?? 0
        guard state.announcedBandwidth == 0 || peak > state.announcedBandwidth + state.announcedBandwidth / 10 else { return }
        state.announcedBandwidth = peak + peak / 5
        let list = variants.enumerated().map { k, v -> VariantStream in
            let measured = meters[k].peak
            return VariantStream(uri: OutputLayout.renditionPlaylist(k), bandwidth: measured + measured / 5,
                                 averageBandwidth: meters[k].average, codecs: v.codecs,
                                 resolution: v.resolution.map { (width: $0.0, height: $0.1) }, frameRate: v.frameRate)
        }
        let text = MultivariantPlaylist(variants: list.sorted { $0.bandwidth > $1.bandwidth }, independentSegments: true).render()
        try sink.put(Data(text.utf8), name: "master.m3u8", kind: .playlist)
    }

    private func deleteExpired() {
        for name in state.retention.due(at: now) {
            do {
                try sink.delete(name: name)
                state.retention.noteDeleted(name: name)
            } catch {
                log.warn(.publish, ["action": "delete", "name": .string(name), "error": .string(String(describing: error))])
            }
        }
    }

    func saveState() {
        do {
            try store.save(state, at: clock())
        } catch {
            log.error(.state, ["action": "save", "error": .string(String(describing: error))])
        }
    }

    func writeMetrics() {
        guard let registry, let metricsWriter else { return }
        do {
            try metricsWriter.write(registry)
        } catch {
            log.warn(.state, ["action": "metrics", "error": .string(String(describing: error))])
        }
    }

    func flush() {
        do {
            try sink.flush(timeout: 30)
        } catch {
            log.error(.publish, ["action": "flush", "error": .string(String(describing: error))])
        }
    }
}
