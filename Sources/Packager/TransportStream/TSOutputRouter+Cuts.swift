import Foundation

extension TSOutputRouter {
    func applyPending() throws {
        guard let p = pending else { return }
        pending = nil
        switch p.action {
        case .regular:
            try end(primary, at: p.at - shift, isLast: false)
            try begin(primary, at: p.at - shift)
        case .startSpan(let serial): try startSpan(serial, at: p.at)
        case .endSpan(let serial): try endSpan(serial, at: p.at)
        case .assetRegular(let serial): try cut(assetOf: serial, at: p.at)
        }
        for (unit, _) in p.after { try write(unit) }
    }

    func decideCut(at pts: Int64) -> CutAction? {
        if let serial = active, let span = spans[serial] {
            if let end = span.endTicks, pts >= end { return .endSpan(serial) }
            if let open = assets[serial]?.open, pts - open.startTicks >= targetTicks { return .assetRegular(serial) }
            return nil
        }
        if let serial = nextSpanStarting(atOrBefore: pts) { return .startSpan(serial) }
        if let open = primary.open, (pts - shift) - open.startTicks >= targetTicks { return .regular }
        return nil
    }

    private func nextSpanStarting(atOrBefore pts: Int64) -> Int? {
        let candidates = spans.values.filter { !$0.isDone && $0.cutIn == nil && $0.startTicks <= pts }
            .sorted { $0.startTicks < $1.startTicks }
        for candidate in candidates {
            if let end = candidate.endTicks, end <= pts {
                spans[candidate.serial]?.skipped = end <= (firstVideoPTS ?? end)
                    ? "span lies before the first video frame" : "span contains no keyframe"
                continue
            }
            if let previous = lastCutOut, candidate.startTicks < previous.ticks {
                spans[candidate.serial]?.skipped = "overlaps span #\(previous.serial), which was already cut out"
                continue
            }
            return candidate.serial
        }
        return nil
    }

    private func startSpan(_ serial: Int, at pts: Int64) throws {
        guard spans[serial] != nil else { return }
        if let open = primary.open, open.units > 0 {
            try end(primary, at: pts - shift, isLast: false)
        } else {
            try discard(primary)
        }
        let writer = try Self.writer(for: .asset(AssetKey(span: serial, piece: 0)), input: input, indexer: indexer, layout: layout, path: segmentPath)
        writer.passthroughThreshold = passthroughThreshold
        let asset = Output(writer: writer, target: .asset(AssetKey(span: serial, piece: 0)))
        asset.sharesPrimary = shareOverlayAssets && spans[serial]?.placement == .overlay
        assets[serial] = asset
        try begin(asset, at: pts)
        spans[serial]?.cutIn = pts
        active = serial
        if spans[serial]?.placement == .overlay { try begin(primary, at: pts - shift) }
    }

    private func endSpan(_ serial: Int, at pts: Int64) throws {
        guard let asset = assets[serial], let cutIn = spans[serial]?.cutIn else { return }
        try end(asset, at: pts, isLast: true)
        assets[serial] = nil
        spans[serial]?.cutOut = pts
        lastCutOut = (serial, pts)
        active = nil
        if spans[serial]?.placement == .strip {
            shift += pts - cutIn
        } else {
            try end(primary, at: pts - shift, isLast: false)
        }
        try begin(primary, at: pts - shift)
    }

    private func cut(assetOf serial: Int, at pts: Int64) throws {
        guard let asset = assets[serial] else { return }
        try end(asset, at: pts, isLast: false)
        try begin(asset, at: pts)
        if spans[serial]?.placement == .overlay {
            try end(primary, at: pts - shift, isLast: false)
            try begin(primary, at: pts - shift)
        }
    }

    func begin(_ output: Output, at ticks: Int64) throws {
        if output.sharesPrimary {
            output.open = (output.nextIndex, ticks, 0)
            output.nextIndex += 1
            return
        }
        try output.writer.begin(path: segmentPath(output.target, output.nextIndex), shift: output.target == .primary ? shift : 0)
        output.open = (output.nextIndex, ticks, 0)
        output.nextIndex += 1
    }

    func end(_ output: Output, at ticks: Int64, isLast: Bool) throws {
        guard let open = output.open else { return }
        if output.sharesPrimary { return try endShared(output, open: open, at: ticks, isLast: isLast) }
        guard open.units > 0 else { return try discard(output) }
        let written = try output.writer.end()
        output.open = nil
        segments.append(TSRoutedSegment(target: output.target, index: open.index, startTicks: open.startTicks,
                                        durationTicks: ticks - open.startTicks, written: written, isLast: isLast))
    }

    /// An overlay asset's segment ends where the primary's does: that one is the asset's too.
    private func endShared(_ output: Output, open: (index: Int, startTicks: Int64, units: Int), at ticks: Int64,
                           isLast: Bool) throws {
        output.open = nil
        let before = segments.count
        try end(primary, at: ticks - shift, isLast: finishing)
        guard segments.count > before, let last = segments.last else {
            output.nextIndex -= 1
            return
        }
        segments.append(TSRoutedSegment(target: output.target, index: open.index, startTicks: open.startTicks,
                                        durationTicks: ticks - open.startTicks, written: last.written, isLast: isLast,
                                        sharedWithPrimary: true))
    }

    /// A segment nothing went into (its file holds only the tables) is removed, its index reused.
    private func discard(_ output: Output) throws {
        guard output.open != nil else { return }
        if !output.sharesPrimary { try output.writer.abandon() }
        output.open = nil
        output.nextIndex -= 1
    }

    /// Flushes everything: the open asset (its span ends with the input) and the primary.
    public func finish() throws -> [TSRoutedSegment] {
        let end = lastVideoEnd ?? 0
        finishing = true
        try releaseAll()
        try applyPending()
        if let serial = active, let asset = assets[serial] {
            try self.end(asset, at: end, isLast: true)
            spans[serial]?.cutOut = end
            if spans[serial]?.placement == .strip, let cutIn = spans[serial]?.cutIn { shift += end - cutIn }
            active = nil
            assets[serial] = nil
        }
        try self.end(primary, at: end - shift, isLast: true)
        for (serial, span) in spans where span.cutIn == nil && span.skipped == nil {
            spans[serial]?.skipped = span.startTicks >= end ? "span starts after the end of the media" : "span contains no keyframe"
        }
        return segments
    }

    private func releaseAll() throws {
        let all = positional + held
        positional.removeAll()
        held.removeAll()
        for unit in all { try route(unit, isVideo: false) }
    }
}
