import CueDetect
import DateRangeWriter
import Foundation

/// Turns what the VOD chain collected into the presentation's remaining files — asset
/// playlists (and asset lists for breaks that hold ads), the primary media playlists with one
/// interstitial per routed span, the multivariant playlist, report.json — without touching the
/// sink itself: the caller puts the files, playlists after every segment they name.
struct VodPresentation {
    struct File {
        var name: String
        var data: Data
        var kind: PublishedKind
    }

    let options: VodOptions
    let streams: InputStreams
    let startDate: Date
    /// PTS of the first primary frame: PDT `startDate`, report time 0.
    let t0: Int64
    let sourceEnd: Int64
    let collected: VodCollector
    let notes: [String]

    private var startMillis: Int64 { Int64((startDate.timeIntervalSince1970 * 1000).rounded()) }
    private func millis(atPrimary ticks: Int64) -> Int64 { startMillis + (ticks - t0) / 90 }

    func build() throws -> (files: [File], report: VodReport) {
        var files: [File] = []
        var warnings = collected.warnings + notes
        var entries: [VodReport.SpanEntry] = []
        var blocks: [DateRangeBlock] = []
        var legacy: [LegacyCueBlocks.Span] = []
        let summaries = SpanCutSummary.gather(collected.records)
        let perRendition = streams.videos.indices.map { k in
            records(collected.primaries[k] ?? [], directory: OutputLayout.rendition(k)) { millis(atPrimary: $0) }
        }
        let target = MediaPlaylist.targetDuration(for: perRendition.flatMap { $0.map(\.durationTicks) },
                                                  requested: options.segmentDuration)
        let meters = perRendition.map { list -> BandwidthMeter in
            var meter = BandwidthMeter(targetDuration: target)
            for segment in list { meter.add(segment) }
            return meter
        }
        let primary = perRendition.first ?? []
        let primaryTicks = primary.reduce(0) { $0 + $1.durationTicks }
        let primaryEndMillis = startMillis + primaryTicks / 90
        let tail = options.tailResumeHorizon.map { TailResumeRule(horizonMilliseconds: Int64(($0 * 1000).rounded())) }
            ?? TailResumeRule.hlsjsDefaults(lowestBandwidth: meters.map(\.peak).min() ?? 0, targetDurationSeconds: target)
        let routes = collected.routes.values.filter { collected.forgotten[$0.key] == nil }
            .sorted { ($0.startTicks, $0.key) < ($1.startTicks, $1.key) }
        for route in routes {
            let span = collected.ends[route.key]?.span ?? route.span
            let summary = summaries[route.key] ?? SpanCutSummary()
            var entry = VodReport.SpanEntry(id: route.id, span: span, placement: route.placement, cutIn: summary.cutIn,
                                            cutOut: summary.cutOut, skipped: summary.skipped)
            if let reason = summary.skipped {
                warnings.append("span \(route.id) (\(span.signalName) \(span.eventID)) skipped: \(reason)")
            } else if let cutIn = summary.cutIn, let cutOut = summary.cutOut, let position = summary.position,
                      let assets = try assets(of: route, summary, cutIn: cutIn, position: position, into: &files) {
                var range = try interstitialRange(route, span: span, position: position, duration: cutOut - cutIn, assets: assets)
                if tail.applies(startMillis: millis(atPrimary: position), primaryEndMillis: primaryEndMillis) {
                    range = tail.reshaped(range)
                }
                let tag = try range.tag()
                blocks.append(DateRangeBlock(anchorMillis: millis(atPrimary: position), lines: [tag]))
                if route.placement == .overlay, let date = try? HLSDate(millisecondsSinceEpoch: millis(atPrimary: position)) {
                    legacy.append(.init(cue: LegacyCueSpan(
                        id: route.id, startDate: date, plannedDuration: span.plannedDurationTicks.map(HLSDecimal.init(ticks90k:)),
                        actualDuration: HLSDecimal(ticks90k: cutOut - cutIn), outSection: span.outSection,
                        inSection: span.inSection), startMillis: millis(atPrimary: position),
                        endMillis: millis(atPrimary: position + (cutOut - cutIn))))
                } else if !options.legacyDialects.isEmpty {
                    warnings.append("legacy cue tags need overlay placement; span \(route.id) is stripped from the primary")
                }
                entry.assetURI = assets.uri
                entry.primaryPosition = Double((position - t0) / 90) / 1000
                entry.nested = assets.nested
            } else {
                entry.skipped = "no media was cut for it"
                warnings.append("span \(route.id) produced no asset segments")
            }
            entries.append(entry)
        }
        for skip in collected.skips {
            entries.append(VodReport.SpanEntry(id: skip.id, span: skip.span, placement: options.placementRules.placement(for: skip.span.kind),
                                               skipped: skip.reason))
            warnings.append("span \(skip.span.signalName) \(skip.span.eventID) skipped: \(skip.reason)")
        }
        blocks += LegacyCueBlocks.blocks(dialects: options.legacyDialects, spans: legacy, segments: perRendition.first ?? []) {
            warnings.append($0)
        }
        for (k, list) in perRendition.enumerated() {
            files.append(text(PlaylistRenderer.vod(list, targetDuration: target, dateRanges: blocks).render(),
                              OutputLayout.renditionPlaylist(k)))
        }
        files.append(text(PlaylistRenderer.multivariant(streams.variants, meters: meters, headroomPercent: 0).render(),
                          OutputLayout.master))
        let report = VodReport(input: streams.url, output: options.assetBaseURL?.absoluteString ?? "", t0: t0,
                               sourceDurationTicks: sourceEnd - t0, primaryDurationTicks: primaryTicks,
                               primarySegments: primary.count, spans: entries, withdrawn: collected.withdrawn,
                               cues: collected.cues.count, warnings: warnings)
        files.append(File(name: OutputLayout.report, data: Data((report.json.serialized(pretty: true) + "\n").utf8), kind: .other))
        return (files, report)
    }

    /// The assets a routed span became: one playlist per piece that got media, and for a break
    /// that holds nested spans an asset list naming each in order. nil when no piece has media.
    private func assets(of route: SpanRoute, _ summary: SpanCutSummary, cutIn: Int64, position: Int64,
                        into files: inout [File]) throws -> SpanAssets? {
        var listed: [(id: String, uri: String, ticks: Int64, owner: Int?)] = []
        for piece in summary.pieces {
            guard let written = collected.pieces[piece.key], let first = written.first else { continue }
            let id = OutputLayout.assetID(of: piece.key, spanID: route.id, ownerID: piece.key.owner.flatMap { collected.nests[$0]?.id })
            let firstMillis = millis(atPrimary: position) + (piece.inTicks - cutIn) / 90
            let list = records(written, directory: OutputLayout.directory(id: id)) { firstMillis + ($0 - first.startTicks) / 90 }
            let target = MediaPlaylist.targetDuration(for: list.map(\.durationTicks), requested: options.segmentDuration)
            files.append(text(PlaylistRenderer.vod(list, targetDuration: target).render(), OutputLayout.playlist(id: id)))
            listed.append((id, try absolute(OutputLayout.playlist(id: id), what: id), list.reduce(0) { $0 + $1.durationTicks },
                           piece.key.owner))
        }
        guard !listed.isEmpty else { return nil }
        let nested = collected.nests.values.filter { $0.parent == route.key }.sorted { $0.key < $1.key }.map { n in
            let piece = listed.first { $0.owner == n.key }
            return VodReport.NestedEntry(id: n.id, span: collected.ends[n.key]?.span ?? n.span, assetURI: piece?.uri,
                                         assetDurationTicks: piece?.ticks,
                                         outcome: piece == nil ? (collected.forgotten[n.key] != nil ? "withdrawn before its splice"
                                                                  : "no media of its own") : "asset-list entry")
        }
        guard !nested.isEmpty || listed.count > 1 else { return SpanAssets(uri: listed[0].uri, listURI: nil, nested: []) }
        let list = AssetList(assets: listed.map { AssetList.Asset(uri: $0.uri, duration: HLSDecimal(ticks90k: $0.ticks)) })
        files.append(File(name: OutputLayout.list(id: route.id), data: Data(try AssetListWriter.json(list).utf8), kind: .asset))
        return SpanAssets(uri: nil, listURI: try absolute(OutputLayout.list(id: route.id), what: route.id), nested: nested)
    }

    private struct SpanAssets {
        var uri: String?
        var listURI: String?
        var nested: [VodReport.NestedEntry]
    }

    private func interstitialRange(_ route: SpanRoute, span: Span, position: Int64, duration: Int64,
                                   assets: SpanAssets) throws -> DateRange {
        let description = SpanDescription(
            kind: SpanKindName(rawValue: span.kind.rawValue), id: route.id,
            startDate: try HLSDate(millisecondsSinceEpoch: millis(atPrimary: position)),
            plannedDuration: span.plannedDurationTicks.map(HLSDecimal.init(ticks90k:)),
            actualDuration: HLSDecimal(ticks90k: duration),
            outSection: span.outSection.isEmpty ? nil : span.outSection, inSection: span.inSection,
            placement: route.placement == .strip ? .strip : .overlay,
            extractedAssetURI: assets.uri, extractedAssetList: assets.listURI)
        return try options.policy.completeRange(for: description)
    }

    private func records(_ written: [VodCollector.Written], directory: String, pdt: (Int64) -> Int64) -> [SegmentRecord] {
        let map = collected.initSections[directory]
        return written.map { w in
            SegmentRecord(uri: w.uri, durationTicks: w.durationTicks, startTicks: w.startTicks, bytes: w.bytes,
                          discontinuity: false, programDateTimeMillis: pdt(w.startTicks), mapURI: map?.uri,
                          byteRange: w.range, mapByteRange: map?.range)
        }
    }

    private func absolute(_ relative: String, what id: String) throws -> String {
        guard let uri = OutputLayout.absolute(relative, base: options.assetBaseURL) else {
            throw VodError.output(path: OutputLayout.directory(id: id), reason: "--asset-base-url must be an absolute URL")
        }
        return uri
    }

    private func text(_ body: String, _ name: String) -> File { File(name: name, data: Data(body.utf8), kind: .playlist) }
}
