extension RenditionSplicer {
    /// Cuts the window `buffer[..<length]` (it starts at the keyframe before the splice).
    func cutWindow(_ length: Int, for next: Pending) throws {
        guard let cutter else { return }
        let window = Array(buffer[..<length])
        let inputs = try window.map { held -> SpliceInputPacket in
            guard let packet = queue[held.slot] else { throw SpliceMediaError.wrongPayload(pts: held.pts) }
            return try media.input(packet, ticks: (held.pts, held.dts), streamIndex: streamIndex)
        }
        let resume = window.indices.dropFirst().first { window[$0].isKeyframe && window[$0].pts >= next.at }
        var method = SpliceEdgeRecord.Method.accurate
        var notes: [String] = []
        let splice: VideoSplice
        do {
            switch mode {
            case .accurate:
                // The splice frame: the first picture displayed at or after the requested time.
                guard let frame = window.map(\.pts).filter({ $0 >= next.at }).min() else { return skip(next) }
                splice = try cutter.cut(inputs, at: frame)
            case .keyframe:
                method = .keyframe
                guard let resume else { return skip(next) }
                let keyframe = window[resume].pts
                let leading = window[(resume + 1)...].contains { $0.pts < keyframe }
                // Leading pictures predict across the cut: re-encoded onto the near side, or none to move.
                splice = leading ? try cutter.cut(inputs, at: keyframe) : try cutter.cutAtKeyframe(inputs, at: next.at)
            }
        } catch {
            guard resume != nil else { return skip(next) }
            warn(next, topic: "fallback", "the cut at \(seconds(next.at)) could not be made as asked (\(error)); it falls on the next keyframe")
            notes.append("\(error)")
            do {
                splice = try cutter.cutAtKeyframe(inputs, at: next.at)
                method = splice.notes.contains(where: { if case .leadingPicturesDropped = $0 { return true } else { return false } })
                    ? .keyframeDroppingLeading : .keyframe
            } catch {
                notes.append("\(error)")
                pending.removeFirst()
                record(next, method: .keyframeUnchanged, landed: resume.map { window[$0].pts }, splice: nil, notes: notes)
                return
            }
        }
        try place(splice, replacing: length, for: next, method: method, notes: notes)
    }

    /// Cuts at the keyframe `buffer[0]` with no GOP before it: its leading pictures are dropped.
    func cutAtResume(_ length: Int, for next: Pending) throws {
        guard let cutter else { return }
        let window = Array(buffer[..<length])
        var notes: [String] = []
        if mode == .accurate || holdsGOP {
            notes.append("the splice was signalled after the GOP before it had gone out; cut at the next keyframe")
            warn(next, topic: "late", "the splice at \(seconds(next.at)) was signalled too late for a frame-accurate cut; it falls on the keyframe at \(seconds(window[0].pts))")
        }
        let splice: VideoSplice
        do {
            let inputs = try window.map { held -> SpliceInputPacket in
                guard let packet = queue[held.slot] else { throw SpliceMediaError.wrongPayload(pts: held.pts) }
                return try media.input(packet, ticks: (held.pts, held.dts), streamIndex: streamIndex)
            }
            splice = try cutter.resumeAtKeyframe(inputs)
        } catch {
            warn(next, topic: "fallback", "the keyframe at \(seconds(window[0].pts)) could not be rewritten for its cut (\(error))")
            pending.removeFirst()
            record(next, method: .keyframeUnchanged, landed: window[0].pts, splice: nil, notes: notes + ["\(error)"])
            return
        }
        try place(splice, replacing: length, for: next, method: length > 1 ? .keyframeDroppingLeading : .keyframe, notes: notes)
    }

    /// The cut's packets into the window's slots (in decode order; a dropped picture's slot is
    /// emptied), later held packets through its continuation, and the record.
    private func place(_ splice: VideoSplice, replacing length: Int, for next: Pending,
                       method: SpliceEdgeRecord.Method, notes: [String]) throws {
        let window = Array(buffer[..<length])
        let outputs = splice.before + splice.after
        guard outputs.count <= window.count else {
            throw VideoSpliceError.badTimestamps(input: log.input, pts: next.at,
                                                 reason: "the cut made \(outputs.count) pictures from \(window.count)")
        }
        let originals = window.map { queue[$0.slot] }
        var placed: [Held] = []
        for (i, out) in outputs.enumerated() {
            let packet: MediaPacket
            if out.origin == .source, let k = window.firstIndex(where: { $0.pts == out.pts }), let original = originals[k] {
                packet = original
            } else if let slot = originals[i] {
                // A re-encode of the near side starts with an IDR of its own; where the source had
                // no keyframe it is not offered to the cut planner as one, so segments are cut
                // where keyframe mode cuts them (not a sliver just before the splice).
                let keyframe = out.packet.isKeyframe
                    && (i >= splice.before.count || window.contains { $0.isKeyframe && $0.pts == out.pts })
                packet = try media.output(out, in: slot, timeline: timeline, keyframe: keyframe)
            } else {
                throw SpliceMediaError.wrongPayload(pts: out.pts)
            }
            queue[window[i].slot] = packet
            placed.append(Held(slot: window[i].slot, pts: out.pts, dts: out.dts, isKeyframe: packet.isKeyframe))
        }
        for held in window[outputs.count...] { queue[held.slot] = nil }
        buffer.replaceSubrange(..<length, with: placed)
        if let continuation = splice.continuation {
            continuations.append(continuation)
            for held in buffer[placed.count...] {
                guard let packet = queue[held.slot] else { continue }
                queue[held.slot] = try media.continued(packet, through: [continuation], streamIndex: streamIndex)
            }
        }
        pending.removeFirst()
        record(next, method: method, landed: splice.landedPTS, splice: splice, notes: notes)
    }

    private func skip(_ next: Pending) {
        pending.removeFirst()
    }

    func record(_ next: Pending, method: SpliceEdgeRecord.Method, landed: Int64?, splice: VideoSplice?, notes: [String]) {
        let confirmed = next.requests.filter { !$0.tentative }
        var record = SpliceEdgeRecord(edges: (confirmed.isEmpty ? next.requests : confirmed).map(\.label), rendition: rendition,
                                      method: method, requestedTicks: (confirmed.first ?? next.requests[0]).ticks,
                                      landedTicks: landed.map(timeline.ticks90k))
        if let splice {
            record.framesDecoded = splice.cost.framesDecoded
            record.framesReencoded = splice.cost.framesReencoded
            record.framesDropped = splice.notes.reduce(0) { n, note in
                if case .leadingPicturesDropped(let count, _) = note { return n + count }
                return n
            }
            record.cpuMilliseconds = splice.cost.cpuMilliseconds
            record.wallMilliseconds = splice.cost.wallMilliseconds
            record.notes = splice.notes.map(\.description)
        }
        record.notes += notes
        if confirmed.isEmpty { record.notes.append("the span's planned end; no end was decided there") }
        log.record(record)
    }

    private func warn(_ next: Pending, topic: String, _ text: String) {
        for request in next.requests where !request.tentative {
            log.warn(span: request.spanID, topic: topic, "span \(request.spanID) (\(request.edge.rawValue)): \(text)")
        }
    }

    private func seconds(_ ticks: Int64) -> String { "PTS \(timeline.ticks90k(ticks))" }
}
