import CueDetect
import DateRangeWriter

/// Interstitials: announced through the ledger when routed (or when the announcement policy
/// says), completed once the span's media has been cut out, only ever by adding attributes.
extension LivePresentation {
    mutating func decision(_ decision: SpanDecision, now: Double) -> PublishPlan {
        switch decision {
        case .route(let route):
            let kind = SpanKindName(rawValue: route.span.kind.rawValue)
            spans[route.key] = LiveSpan(route: route, shape: options.policy.usesAdServer(kind, ownListTemplate: OutputLayout.listTemplate)
                                        ? .adServer : .ownAsset)
            unannounced.append(route.key)
            return announceDue() + publishIfRangesChanged(now: now)
        case .nest(let nested):
            spans[nested.parent]?.nested.append(nested)
            return []
        case .endAt(let ending):
            spans[ending.key]?.ending = ending
            return []
        case .forget(let key, let id):
            if spans[key] == nil {
                for parent in spans.keys { spans[parent]?.nested.removeAll { $0.key == key } }
                return []
            }
            return withdraw(key, reason: "cancelled before its splice", id: id, now: now)
        case .skip(let skipped):
            return [.log(.warn, .span, ["action": "skipped", "event_id": .int(Int(skipped.span.eventID)),
                                        "reason": .string(skipped.reason)])]
        }
    }

    mutating func record(_ record: CutRecord, now: Double) -> PublishPlan {
        switch record {
        case let .spanIn(key, input, primary):
            spans[key]?.cutIn = input
            spans[key]?.position = primary
            return announceDue() + publishIfRangesChanged(now: now)
        case let .spanOut(key, input, primary):
            spans[key]?.cutOut = input
            epoch.shift = input - primary
            return complete(key, now: now)
        case let .pieceIn(asset, _):
            return openPiece(asset)
        case let .pieceOut(asset, _):
            spans[asset.span]?.pieces[asset]?.ended = true
            return assetProgress(asset.span, now: now)
        case let .skipped(key, reason):
            return withdraw(key, reason: reason, id: spans[key]?.id ?? "?", now: now)
        case let .targetDuration(target):
            declare(targetDuration: target)
            return []
        case let .cutWithoutKeyframe(ticks, gop, target):
            return [.log(.warn, .segment, ["action": "cut_without_keyframe", "pts": .int(Int(ticks)),
                                           "gop": .double(Double(gop) / 90_000), "target_duration": .int(target),
                                           "reason": "a GOP is longer than the target duration; raise --target-duration"])]
        }
    }

    /// Announces routed spans whose time has come (the epoch has a PDT anchor). Spans offered
    /// through an ad server are announced once the segment starting at START-DATE is listed (or
    /// `announceLead` seconds before): announcing earlier, before that segment exists, froze
    /// hls.js viewers near the live edge ("Cannot set timelineOffset after playlists are loaded").
    /// A span offered with its own media is SCTE-35 metadata until the media is stored, and
    /// that metadata goes out at once.
    mutating func announceDue() -> PublishPlan {
        var plan: PublishPlan = []
        var still: [Int] = []
        for key in unannounced {
            guard let span = spans[key], let description = description(of: span) else {
                if spans[key] != nil { still.append(key) }
                continue
            }
            if span.shape == .adServer {
                let lead = Int64((options.announceLead * 1000).rounded())
                guard let edge = state.lastSegmentEndMillis, description.startDate.millisecondsSinceEpoch - edge < lead else {
                    still.append(key)
                    continue
                }
            }
            plan += announce(key, description)
        }
        unannounced = still
        return plan
    }

    private mutating func announce(_ key: Int, _ description: SpanDescription) -> PublishPlan {
        guard let shape = spans[key]?.shape else { return [] }
        do {
            let range = shape == .adServer ? try options.policy.liveAnnouncement(for: description)
                : options.policy.scte35Metadata(for: description)
            let line = try state.ledger.announce(range)
            spans[key]?.announced = description
            uncarried.insert(range.id)
            state.openSpans.append(.init(id: description.id, description: description, metadataOnly: shape == .ownAsset))
            noteLegacyStart(description)
            rangesChanged = true
            return [.log(.info, .span, ["action": "announce", "id": .string(range.id), "kind": .string(description.kind.rawValue),
                                        "tag": .string(line)])]
        } catch {
            return [.log(.error, .span, ["action": "announce", "id": .string(description.id),
                                         "error": .string(String(describing: error))])]
        }
    }

    /// The span's media is cut out. Ad server: DURATION, X-PLAYOUT-LIMIT and SCTE35-IN are added
    /// to the interstitial. Own media: the metadata gets DURATION and SCTE35-IN; the interstitial
    /// follows once the extracted asset is stored (`assetProgress`).
    private mutating func complete(_ key: Int, now: Double) -> PublishPlan {
        var plan = announceDue()
        guard var span = spans[key], !span.completed, let cutIn = span.cutIn, let cutOut = span.cutOut else { return plan }
        if span.announced == nil, let description = description(of: span) {
            unannounced.removeAll { $0 == key }
            plan += announce(key, description)
            span = spans[key] ?? span
        }
        guard var description = span.announced else { return plan }
        description.actualDuration = HLSDecimal(ticks90k: max(0, cutOut - cutIn))
        description.inSection = span.ending?.inSection
        spans[key]?.announced = description
        spans[key]?.completed = true
        plan += completion(description, metadataOnly: span.shape == .ownAsset)
        noteLegacyEnd(description)
        return plan + assetProgress(key, now: now) + publishIfRangesChanged(now: now)
    }

    /// A span that will get no media: taken back if no playlist carried it yet, else completed
    /// as zero-length (an interstitial with DURATION=0 and X-PLAYOUT-LIMIT=0 players skip, or
    /// metadata with DURATION=0).
    private mutating func withdraw(_ key: Int, reason: String, id: String, now: Double) -> PublishPlan {
        unannounced.removeAll { $0 == key }
        var plan: PublishPlan = [.log(.info, .span, ["action": "withdrawn", "id": .string(id), "reason": .string(reason)])]
        guard let span = spans[key], !span.completed, var description = span.announced else {
            spans[key] = nil
            return plan
        }
        let rangeID = span.shape == .ownAsset ? InterstitialPolicy.metadataID(description.id) : description.id
        if uncarried.remove(rangeID) != nil {
            // No playlist carried it: it is taken back, as if it had never been signalled.
            state.ledger.withdraw(id: rangeID)
            retireAssets(of: description.id, playlistSeconds: 0, now: now)
            state.openSpans.removeAll { $0.id == description.id }
            state.legacySpans.removeAll { $0.cue.id == description.id }
            spans[key] = nil
            return plan
        }
        description.actualDuration = HLSDecimal(ticks90k: 0)
        spans[key]?.completed = true
        spans[key]?.pieceOrder = []                 // no interstitial will follow
        plan += completion(description, metadataOnly: span.shape == .ownAsset)
        return plan + publishIfRangesChanged(now: now)
    }

    /// Adds a completion through the ledger; a rejected update is logged and the original stays
    /// as published.
    mutating func completion(_ description: SpanDescription, metadataOnly: Bool) -> PublishPlan {
        state.openSpans.removeAll { $0.id == description.id }
        do {
            let range = metadataOnly ? options.policy.scte35Metadata(for: description)
                : try options.policy.liveCompletion(for: description)
            let added = try state.ledger.update(range)
            rangesChanged = rangesChanged || !added.isEmpty
            return [.log(.info, .span, ["action": "complete", "id": .string(range.id),
                                        "added": .string(added.map(\.name).joined(separator: ","))])]
        } catch {
            return [.log(.error, .span, ["action": "complete", "id": .string(description.id),
                                         "error": .string(String(describing: error))])]
        }
    }

    /// What a routed span becomes as a date range, once the epoch has a PDT anchor: its
    /// START-DATE is where its media starts on the primary (re-timed like the PDT under strip),
    /// predicted from the splice while the cut has not happened yet.
    private func description(of span: LiveSpan) -> SpanDescription? {
        if let announced = span.announced { return announced }
        let position = span.position ?? span.route.startTicks - epoch.shift
        guard let start = millis(position), let startDate = try? HLSDate(millisecondsSinceEpoch: start) else { return nil }
        let s = span.route.span
        return SpanDescription(kind: SpanKindName(rawValue: s.kind.rawValue), id: span.id, startDate: startDate,
                               plannedDuration: s.plannedDurationTicks.map(HLSDecimal.init(ticks90k:)),
                               outSection: s.outSection.isEmpty ? nil : s.outSection,
                               placement: span.route.placement == .strip ? .strip : .overlay)
    }

    mutating func publishIfRangesChanged(now: Double) -> PublishPlan {
        rangesChanged ? publishAll(now: now) : []
    }

    /// A restart cannot know where a break that was open at the crash ended; it is completed at
    /// its planned end, or where the last published segment ended.
    mutating func completeSpansLeftOpen(now: Double) -> PublishPlan {
        var plan: PublishPlan = []
        for open in state.openSpans {
            var d = open.description
            let start = d.startDate.millisecondsSinceEpoch
            let fallback = max(0, (state.lastSegmentEndMillis ?? start) - start)
            d.actualDuration = d.plannedDuration ?? HLSDecimal(milliseconds: fallback)
            plan += completion(d, metadataOnly: open.metadataOnly)
        }
        return plan + publishIfRangesChanged(now: now)
    }
}
