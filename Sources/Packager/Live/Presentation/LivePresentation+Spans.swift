import CueDetect
import DateRangeWriter

/// Interstitials: announced through the ledger when routed (or when the announcement policy
/// says), completed once the span's media has been cut out, only ever by adding attributes.
extension LivePresentation {
    mutating func decision(_ decision: SpanDecision, now: Double) -> PublishPlan {
        switch decision {
        case .route(let route):
            spans[route.key] = LiveSpan(route: route)
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
            return assetProgress(asset.span)
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

    /// Announces routed spans whose time has come: the epoch has a PDT anchor and the span's
    /// START-DATE is within the announcement lead of the listed live edge.
    mutating func announceDue() -> PublishPlan {
        var plan: PublishPlan = []
        var still: [Int] = []
        for key in unannounced {
            guard let span = spans[key], let description = description(of: span) else {
                if spans[key] != nil { still.append(key) }
                continue
            }
            if let lead = options.announceLead {
                let edge = state.lastSegmentEndMillis ?? Int64.min
                guard description.startDate.millisecondsSinceEpoch - edge <= Int64(lead * 1000) else {
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
        var plan: PublishPlan = []
        do {
            let range = try options.policy.announcement(for: description)
            if range.interstitial?.assetList?.contains(OutputLayout.list(id: description.id)) == true {
                // The list must answer before any playlist names it.
                plan.append(.put(name: OutputLayout.list(id: description.id), text: try AssetListWriter.json(AssetList(assets: [])),
                                 kind: .asset))
            }
            let line = try state.ledger.announce(range)
            spans[key]?.announced = description
            uncarried.insert(description.id)
            state.openSpans.append(.init(id: description.id, description: description))
            noteLegacyStart(description)
            rangesChanged = true
            plan.append(.log(.info, .span, ["action": "announce", "id": .string(description.id),
                                            "kind": .string(description.kind.rawValue), "tag": .string(line)]))
        } catch {
            plan.append(.log(.error, .span, ["action": "announce", "id": .string(description.id),
                                             "error": .string(String(describing: error))]))
        }
        return plan
    }

    /// The span's media is cut out: DURATION (its real length), resume offset, SCTE35-IN and,
    /// on early return, X-PLAYOUT-LIMIT are added to the announced range.
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
        spans[key]?.completed = true
        plan += completion(description)
        noteLegacyEnd(description)
        return plan + assetProgress(key) + publishIfRangesChanged(now: now)
    }

    /// A span that will get no media: silently dropped if no playlist carried it yet, else
    /// completed as a zero-length interstitial (players skip it and keep the primary).
    private mutating func withdraw(_ key: Int, reason: String, id: String, now: Double) -> PublishPlan {
        unannounced.removeAll { $0 == key }
        var plan: PublishPlan = [.log(.info, .span, ["action": "withdrawn", "id": .string(id), "reason": .string(reason)])]
        guard let span = spans[key], !span.completed, var description = span.announced else {
            spans[key] = nil
            return plan
        }
        if uncarried.remove(description.id) != nil {
            // No playlist carried it: it is taken back, as if it had never been signalled.
            state.ledger.withdraw(id: description.id)
            state.openSpans.removeAll { $0.id == description.id }
            state.legacySpans.removeAll { $0.cue.id == description.id }
            spans[key] = nil
            return plan
        }
        description.actualDuration = HLSDecimal(ticks90k: 0)
        spans[key]?.completed = true
        plan += completion(description)
        return plan + publishIfRangesChanged(now: now)
    }

    /// Adds the completion through the ledger; a rejected update is logged and the original
    /// stays as published.
    mutating func completion(_ description: SpanDescription) -> PublishPlan {
        state.openSpans.removeAll { $0.id == description.id }
        do {
            let added = try state.ledger.update(try options.policy.completion(for: description))
            rangesChanged = rangesChanged || !added.isEmpty
            return [.log(.info, .span, ["action": "complete", "id": .string(description.id),
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
            plan += completion(d)
        }
        return plan + publishIfRangesChanged(now: now)
    }
}
