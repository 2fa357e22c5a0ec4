import DateRangeWriter

/// Extracted assets in live: each piece of a routed span (the span itself, or each ad of a
/// break) is stored segment by segment as it airs; once the span is complete and every piece
/// is stored, the piece playlists are published and then the interstitial that names them.
/// An asset cut short (input lost, shutdown) or with a segment that could not be stored is
/// never offered: the span stays SCTE-35 metadata, and players keep the primary.
extension LivePresentation {
    mutating func openPiece(_ asset: AssetKey) -> PublishPlan {
        guard let span = spans[asset.span] else { return [] }
        let owner = asset.owner.flatMap { key in span.nested.first { $0.key == key }?.id }
        spans[asset.span]?.pieces[asset] = LivePiece(id: OutputLayout.assetID(of: asset, spanID: span.id, ownerID: owner))
        spans[asset.span]?.pieceOrder.append(asset)
        return []
    }

    mutating func assetSegment(_ segment: FinishedSegment, key: AssetKey, token: Int) -> PublishPlan {
        // Assets come from the first rendition (a media playlist, which Interstitials allow).
        guard segment.rendition == 0, let piece = spans[key.span]?.pieces[key], !piece.broken,
              let pdt = millis(segment.startTicks - epoch.shift) else { return [] }
        let dir = OutputLayout.directory(id: piece.id) + "/"
        let name = OutputLayout.segment(segment.index, format: options.segmentFormat)
        var plan: PublishPlan = []
        if segment.index == 0, segment.initSegment != nil {
            plan.append(.putMedia(token: token, part: .initSegment, name: dir + OutputLayout.initName))
            spans[key.span]?.pieces[key]?.unconfirmed.insert(dir + OutputLayout.initName)
            assetNames[dir + OutputLayout.initName] = key
            noteAssetFile(dir + OutputLayout.initName, key: key)
        }
        plan.append(.putMedia(token: token, part: .segment, name: dir + name))
        noteAssetFile(dir + name, key: key)
        spans[key.span]?.pieces[key]?.unconfirmed.insert(dir + name)
        assetNames[dir + name] = key
        spans[key.span]?.pieces[key]?.records.append(SegmentRecord(
            uri: name, durationTicks: segment.durationTicks, startTicks: segment.startTicks,
            bytes: segment.fileSize ?? segment.bytes.count, discontinuity: false, programDateTimeMillis: pdt,
            mapURI: options.segmentFormat == .fmp4 ? OutputLayout.initName : nil))
        return plan
    }

    mutating func assetStored(_ name: String, key: AssetKey, ok: Bool, now: Double) -> PublishPlan {
        guard spans[key.span]?.pieces[key] != nil else { return [] }
        spans[key.span]?.pieces[key]?.unconfirmed.remove(name)
        var plan: PublishPlan = []
        if !ok, spans[key.span]?.pieces[key]?.broken == false {
            spans[key.span]?.pieces[key]?.broken = true
            plan.append(.log(.error, .publish, ["action": "asset", "name": .string(name), "asset": "abandoned"]))
        }
        return plan + assetProgress(key.span, now: now)
    }

    /// Publishes the span's assets once it is complete and all its pieces are stored. A span
    /// offered with its own media then gets its interstitial, once and complete: X-ASSET-URI
    /// for a single piece, an asset list (written first) for a break with nested ads.
    mutating func assetProgress(_ key: Int, now: Double) -> PublishPlan {
        guard let span = spans[key], span.completed, let description = span.announced, !span.pieceOrder.isEmpty,
              span.pieceOrder.allSatisfy({ span.pieces[$0]?.ended == true && span.pieces[$0]?.unconfirmed.isEmpty == true })
        else { return [] }
        spans[key]?.pieceOrder = []          // decided once
        if span.ending?.endedBy == .endOfInput || span.pieceOrder.contains(where: { span.pieces[$0]?.broken == true }) {
            retireAssets(of: span.id, playlistSeconds: 0, now: now)     // never offered: nothing can hold it
            return [.log(.warn, .publish, ["action": "asset", "id": .string(span.id), "asset": "incomplete, not listed"])]
        }
        var plan: PublishPlan = []
        var assets: [AssetList.Asset] = []
        for piece in span.pieceOrder.compactMap({ span.pieces[$0] }) where piece.isComplete {
            let target = MediaPlaylist.targetDuration(for: piece.records.map(\.durationTicks), requested: options.segmentDuration)
            plan.append(.put(name: OutputLayout.playlist(id: piece.id),
                             text: PlaylistRenderer.vod(piece.records, targetDuration: target).render(), kind: .playlist))
            state.assetFiles[span.id, default: []].append(OutputLayout.playlist(id: piece.id))
            guard let uri = OutputLayout.absolute(OutputLayout.playlist(id: piece.id), base: options.assetBaseURL) else { continue }
            assets.append(AssetList.Asset(uri: uri, duration: HLSDecimal(ticks90k: piece.records.reduce(0) { $0 + $1.durationTicks })))
        }
        guard span.shape == .ownAsset, !assets.isEmpty else { return plan }
        var complete = description
        if assets.count == 1 && span.nested.isEmpty {
            complete.extractedAssetURI = assets[0].uri
        } else {
            guard let json = try? AssetListWriter.json(AssetList(assets: assets)),
                  let listURI = OutputLayout.absolute(OutputLayout.list(id: span.id), base: options.assetBaseURL) else { return plan }
            plan.append(.put(name: OutputLayout.list(id: span.id), text: json, kind: .asset))
            state.assetFiles[span.id, default: []].append(OutputLayout.list(id: span.id))
            complete.extractedAssetList = listURI
        }
        return plan + publishInterstitial(key, complete, entries: assets.count)
    }

    /// The own-asset interstitial, after the files it names (the plan keeps that order).
    private mutating func publishInterstitial(_ key: Int, _ description: SpanDescription, entries: Int) -> PublishPlan {
        do {
            let line = try state.ledger.announce(try options.policy.completeRange(for: description))
            spans[key]?.interstitialPublished = true
            rangesChanged = true
            return [.log(.info, .publish, ["action": "asset", "id": .string(description.id), "entries": .int(entries),
                                           "tag": .string(line)])]
        } catch {
            return [.log(.error, .publish, ["action": "asset", "id": .string(description.id),
                                            "error": .string(String(describing: error))])]
        }
    }

    // MARK: retention

    private mutating func noteAssetFile(_ name: String, key: AssetKey) {
        guard let id = spans[key.span]?.id else { return }
        state.assetFiles[id, default: []].append(name)
    }

    /// The span's asset files may be deleted once a player that read the last playlist naming
    /// the span has had time to fetch them: the spec's availability rule for segments (the
    /// longest playlist that held it, plus `--keep-extra`), counted from now. Without this,
    /// extracted assets piled up for as long as the channel ran (issue 15: 137 MB after 3.3 h).
    mutating func retireAssets(of spanID: String, playlistSeconds: Double, now: Double) {
        guard let names = state.assetFiles.removeValue(forKey: spanID) else { return }
        for name in names {
            state.retention.noteRemoved(name: name, playlistDuration: playlistSeconds, at: availabilityClock(now))
        }
    }

    /// Ranges that left the playlists: their spans' assets follow after the availability time.
    mutating func rangesLeft(_ ids: [String], playlistSeconds: Double, now: Double) {
        let suffix = InterstitialPolicy.metadataID("")
        for id in ids {
            retireAssets(of: id.hasSuffix(suffix) ? String(id.dropLast(suffix.count)) : id, playlistSeconds: playlistSeconds, now: now)
        }
    }

    // MARK: legacy cue tags (overlay spans only: they mark a span the primary still carries)

    mutating func noteLegacyStart(_ d: SpanDescription) {
        guard !options.legacyDialects.isEmpty, d.placement == .overlay else { return }
        state.legacySpans.append(LegacyCueBlocks.Span(
            cue: LegacyCueSpan(id: d.id, startDate: d.startDate, plannedDuration: d.plannedDuration,
                               outSection: d.outSection ?? []),
            startMillis: d.startDate.millisecondsSinceEpoch, endMillis: nil))
    }

    mutating func noteLegacyEnd(_ d: SpanDescription) {
        guard let i = state.legacySpans.firstIndex(where: { $0.cue.id == d.id }), let actual = d.actualDuration else { return }
        state.legacySpans[i].cue.actualDuration = actual
        state.legacySpans[i].cue.inSection = d.inSection
        state.legacySpans[i].endMillis = d.startDate.millisecondsSinceEpoch + actual.milliseconds
    }

    /// The legacy lines for a window's segments; spans that ended before it are forgotten.
    mutating func legacyBlocks(for segments: [SegmentRecord]) -> [DateRangeBlock] {
        guard !options.legacyDialects.isEmpty, let first = segments.first else { return [] }
        state.legacySpans.removeAll { ($0.endMillis ?? Int64.max) < first.programDateTimeMillis }
        return LegacyCueBlocks.blocks(dialects: options.legacyDialects, spans: state.legacySpans, segments: segments) { _ in }
    }
}
