import CueDetect
import DateRangeWriter
import Foundation

/// Turns what the segmenter wrote into the VOD presentation: asset playlists, the primary media
/// playlist with one interstitial per span, the multivariant playlist and report.json.
struct VodPresentation {
    let options: VodOptions
    let startDate: Date
    let t0: Int64
    let segmenter: RenditionGroup
    let writer: VodSegmentWriter
    let state: VodSpanState
    let renditions: [Rendition]
    let input: String

    struct Rendition {
        var video: StreamInfo
        var codecs: [CodecDescription]
        var frameRate: Double?
    }


    private var startMillis: Int64 { Int64((startDate.timeIntervalSince1970 * 1000).rounded()) }

    private func millis(atPrimary ticks: Int64) -> Int64 { startMillis + (ticks - t0) / 90 }

    func write(to root: URL) throws -> VodReport {
        var warnings: [String] = []
        var entries: [VodReport.SpanEntry] = []
        var blocks: [DateRangeBlock] = []
        var legacy: [LegacyCueBlocks.Span] = []
        let routed = segmenter.spans.values.sorted { $0.span.startTicks < $1.span.startTicks }
        for r in routed {
            let id = state.ids[r.span.serial]
            var entry = VodReport.SpanEntry(id: id, span: r.span, placement: r.placement, cutIn: r.cutIn, cutOut: r.cutOut,
                                            skipped: r.skipped, assetURI: nil, primaryPosition: nil)
            if let reason = r.skipped {
                warnings.append("span \(id ?? "#\(r.span.serial)") (\(r.span.signalName) \(r.span.eventID)) skipped: \(reason)")
            } else if let id, let cutIn = r.cutIn, let cutOut = r.cutOut, let position = r.primaryPosition,
                      let segments = writer.assets[r.span.serial], !segments.isEmpty {
                let uri = try assetURI(id: id)
                try writeAssetPlaylist(segments, id: id, firstMillis: millis(atPrimary: position))
                let tag = try interstitialTag(r, id: id, assetURI: uri, position: position, duration: cutOut - cutIn)
                blocks.append(DateRangeBlock(anchorMillis: millis(atPrimary: position), lines: [tag]))
                if r.placement == .overlay, let startDate = try? HLSDate(millisecondsSinceEpoch: millis(atPrimary: position)) {
                    legacy.append(.init(cue: LegacyCueSpan(
                        id: id, startDate: startDate,
                        plannedDuration: r.span.plannedDurationTicks.map(HLSDecimal.init(ticks90k:)),
                        actualDuration: HLSDecimal(ticks90k: cutOut - cutIn), outSection: r.span.outSection,
                        inSection: r.span.inSection), start: position, end: position + (cutOut - cutIn)))
                } else if !options.legacyDialects.isEmpty {
                    warnings.append("legacy cue tags need overlay placement; span \(id) is stripped from the primary")
                }
                entry.assetURI = uri
                entry.primaryPosition = Double((position - t0) / 90) / 1000
            } else {
                entry.skipped = "no media was cut for it"
                warnings.append("span \(id ?? "#\(r.span.serial)") produced no asset segments")
            }
            entries.append(entry)
        }
        // Every media playlist carries the same date-range set (HLS §6.2.4) and the same target.
        let perRendition = renditions.indices.map { k in
            records(writer.primaries[k] ?? [], mapDirectory: OutputLayout.rendition(k)) {
                millis(atPrimary: $0)
            }
        }
        let primaryRecords = perRendition.first ?? []
        let target = MediaPlaylist.targetDuration(for: perRendition.flatMap { $0.map(\.durationTicks) },
                                                  requested: options.segmentDuration)
        blocks += LegacyCueBlocks.blocks(dialects: options.legacyDialects, spans: legacy, segments: primaryRecords) {
            warnings.append($0)
        }
        for (k, list) in perRendition.enumerated() {
            let playlist = MediaPlaylist(kind: .vod, targetDuration: target, segments: list, dateRanges: blocks,
                                         independentSegments: true, endList: true)
            try writer.store(playlist.render(), at: OutputLayout.renditionPlaylist(k))
        }
        try writer.store(multivariant(perRendition, target: target).render(), at: "master.m3u8")
        let primaryDuration = primaryRecords.reduce(0) { $0 + $1.durationTicks }
        let report = VodReport(input: input, output: options.assetBaseURL?.absoluteString ?? "", t0: t0,
                               sourceDurationTicks: (segmenter.lastVideoEnd ?? t0) - t0,
                               primaryDurationTicks: primaryDuration, primarySegments: primaryRecords.count,
                               spans: entries, withdrawn: state.withdrawn, cues: state.cues.count,
                               warnings: warnings + (segmenter.droppedLeading > 0
                                   ? ["\(segmenter.droppedLeading) video packet(s) before the first keyframe dropped"] : []))
        try writer.store(report.json.serialized(pretty: true) + "\n", at: "report.json")
        return report
    }

    private func records(_ written: [VodSegmentWriter.Written], mapDirectory: String,
                         pdt: (Int64) -> Int64) -> [SegmentRecord] {
        written.map { w in
            SegmentRecord(uri: w.uri, durationTicks: w.durationTicks, startTicks: w.startTicks,
                          bytes: w.bytes, discontinuity: false, programDateTimeMillis: pdt(w.startTicks),
                          mapURI: writer.initWritten.contains(mapDirectory) ? VodSegmentWriter.initName : nil)
        }
    }

    private func writeAssetPlaylist(_ written: [VodSegmentWriter.Written], id: String, firstMillis: Int64) throws {
        guard let first = written.first?.startTicks else { return }
        let list = records(written, mapDirectory: OutputLayout.directory(id: id)) { firstMillis + ($0 - first) / 90 }
        try writer.store(OutputLayout.mediaPlaylist(list, requestedDuration: options.segmentDuration).render(),
                         at: OutputLayout.playlist(id: id))
    }

    private func assetURI(id: String) throws -> String {
        guard let uri = OutputLayout.absolute(OutputLayout.playlist(id: id), base: options.assetBaseURL) else {
            throw VodError.output(path: OutputLayout.directory(id: id), reason: "--asset-base-url must be an absolute URL")
        }
        return uri
    }

    private func interstitialTag(_ r: RoutedSpan, id: String, assetURI: String, position: Int64,
                                 duration: Int64) throws -> String {
        let description = SpanDescription(
            kind: SpanKindName(rawValue: r.span.kind.rawValue), id: id,
            startDate: try HLSDate(millisecondsSinceEpoch: millis(atPrimary: position)),
            plannedDuration: r.span.plannedDurationTicks.map(HLSDecimal.init(ticks90k:)),
            actualDuration: HLSDecimal(ticks90k: duration),
            outSection: r.span.outSection.isEmpty ? nil : r.span.outSection, inSection: r.span.inSection,
            cancelled: false, placement: r.placement == .strip ? .strip : .overlay, extractedAssetURI: assetURI)
        return try options.policy.completeRange(for: description).tag()
    }

    private func multivariant(_ lists: [[SegmentRecord]], target: Int) -> MultivariantPlaylist {
        let variants = zip(renditions, lists).enumerated().map { k, pair -> VariantStream in
            let (rendition, list) = pair
            var meter = BandwidthMeter(targetDuration: target)
            for segment in list { meter.add(segment) }
            return VariantStream(uri: OutputLayout.renditionPlaylist(k), bandwidth: meter.peak, averageBandwidth: meter.average,
                                 codecs: CodecString.list(rendition.codecs),
                                 resolution: rendition.video.width > 0 ? (rendition.video.width, rendition.video.height) : nil,
                                 frameRate: rendition.frameRate)
        }
        return MultivariantPlaylist(variants: variants.sorted { $0.bandwidth > $1.bandwidth }, independentSegments: true)
    }
}
