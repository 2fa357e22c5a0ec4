import CueDetect
import DateRangeWriter
import Foundation
import Primitives

/// The live channel as it is published, as a pure value: windows per rendition, the same-ID
/// ledger, IDs, retention, open spans and the PDT anchor. It takes what the pipeline produced
/// (segments, span decisions, cut records) and what the sink reported (stored, failed), and
/// returns publish plans — ordered puts, deletes and state saves — for a thin publisher to
/// execute. Rules it keeps:
/// - a segment is listed only once the sink confirmed it stored (and its init segment); one that
///   failed, or was not confirmed by its deadline, is listed as EXT-X-GAP, in order;
/// - the state is saved before every playlist that depends on it (`saveState` is the commit
///   point), so a restart can never go back in sequence or reuse a published name;
/// - interstitials are announced through the ledger and only ever completed by adding.
struct LivePresentation {
    var state: LiveState
    let options: LiveOptions
    var epoch = LiveEpochClock()
    var spans: [Int: LiveSpan] = [:]
    /// Keys of routed spans not announced yet, in the order they were routed.
    var unannounced: [Int] = []
    private var pending: [[PendingSegment]] = []
    /// Asset segment name → its piece (for confirmations).
    var assetNames: [String: AssetKey] = [:]
    private var variants: [VariantDescription] = []
    private var meters: [BandwidthMeter] = []
    /// Date ranges changed since the last playlist version.
    var rangesChanged = false
    /// Announced IDs no playlist version has carried yet (a cancel can still take them back).
    var uncarried: Set<String> = []
    /// When segments were last listed (the caller's clock): deletions wait until a tick
    /// `deletionQuiet` later.
    private var lastListed = -Double.infinity
    /// PDT where the last primary segment handed to the sink ends, listed or not yet: a new
    /// epoch starts after it, or it would date its first segment before ones still waiting
    /// for their upload (an origin outage at a loop or a reconnect put PDT 10 s back).
    private(set) var handedEndMillis: Int64?

    /// The earliest PDT a new epoch may start at.
    var pdtFloor: Int64? { [state.lastSegmentEndMillis, handedEndMillis].compactMap { $0 }.max() }

    /// How long a handed-over segment may wait for the sink's confirmation before it is listed
    /// as a gap: half a target duration of media keeps the playlist within the 1.5 × target
    /// update rule (a paced rehearsal at N× gets 1/N of it in wall time).
    var confirmationDeadline: Double {
        Double(state.window.targetDuration) / 2 / (options.realtime ? max(options.speed, 0.01) : 1)
    }

    init(state: LiveState, options: LiveOptions) {
        self.state = state
        self.options = options
    }

    // MARK: epochs and time

    /// A new stretch of continuous input timestamps begins (`discontinuity`: it follows another).
    mutating func startEpoch(variants list: [VariantDescription], discontinuity: Bool) {
        let codecs = list.map(\.codecs).joined(separator: " ")
        epoch = LiveEpochClock(discontinuity: options.clock.isMedia ? mediaClockDiscontinuity(codecs: codecs) : discontinuity,
                               renditions: list.count)
        epoch.codecs = codecs
        spans = [:]
        unannounced = []
        variants = list
        while meters.count < list.count { meters.append(BandwidthMeter(targetDuration: state.window.targetDuration)) }
        while pending.count < list.count { pending.append([]) }
        state.ensureRenditions(list.count, options: options)
    }

    /// The target the planner fixed when the first segment closed. A channel that never published
    /// a segment takes it; one that has keeps its own (the planner is given that one on restart).
    mutating func declare(targetDuration: Int) {
        guard state.window.targetDuration != targetDuration, state.nextSegmentIndex == 0 else { return }
        state.resetWindows(targetDuration: targetDuration, options: options)
        meters = meters.map { _ in BandwidthMeter(targetDuration: targetDuration) }
    }

    // MARK: segments

    /// A closed segment: name it and hand it (and its init segment) to the sink.
    mutating func segment(_ segment: FinishedSegment, token: Int, now: Double) -> PublishPlan {
        switch segment.target {
        case .primary: return primary(segment, token: token, now: now)
        case .asset(let key): return assetSegment(segment, key: key, token: token)
        }
    }

    private mutating func primary(_ segment: FinishedSegment, token: Int, now: Double) -> PublishPlan {
        let k = segment.rendition
        guard k < pending.count, let pdt = millis(segment.startTicks) else { return [] }
        let dir = OutputLayout.rendition(k) + "/"
        var index = state.takeSegmentIndex(rendition: k)
        var plan: PublishPlan = []
        if let step = epoch.gridStep {
            // Media clock: the number is the grid cell (the counter above only says "has published").
            switch gridPlacement(of: segment, step: step) {
            case .drop(let log): return log
            case let .list(cell, gaps, gapFrom):
                index = cell
                var records = gaps
                if let from = gapFrom {
                    records.append(gapRecord(cell, from: from, to: segment.startTicks + segment.durationTicks, rendition: k))
                }
                for gap in records { pending[k].append(PendingSegment(record: gap, waiting: [], deadline: now)) }
                if gapFrom != nil { return list(now: now) }
            }
        }
        let name = OutputLayout.segment(index, format: options.segmentFormat)
        var waiting: Set<String> = [dir + name]
        if epoch.startsEpoch[k], let _ = segment.initSegment {
            let map = OutputLayout.liveInit(firstSegment: index)
            epoch.maps[k] = map
            waiting.insert(dir + map)
            plan.append(.putMedia(token: token, part: .initSegment, name: dir + map))
        }
        plan.append(.putMedia(token: token, part: .segment, name: dir + name))
        let record = SegmentRecord(uri: name, durationTicks: segment.durationTicks, startTicks: segment.startTicks,
                                   bytes: segment.fileSize ?? segment.bytes.count,
                                   discontinuity: epoch.startsEpoch[k] && epoch.discontinuity, programDateTimeMillis: pdt,
                                   mapURI: options.segmentFormat == .fmp4 ? epoch.maps[k] : nil)
        epoch.startsEpoch[k] = false
        if k == 0 { handedEndMillis = max(handedEndMillis ?? .min, pdt + segment.durationTicks / 90) }
        pending[k].append(PendingSegment(record: record, waiting: waiting, deadline: now + confirmationDeadline))
        return plan
    }

    /// The sink stored `name`.
    mutating func stored(_ name: String, now: Double) -> PublishPlan { resolve([name], ok: true, now: now) }

    /// Video renditions the epoch publishes.
    var renditionCount: Int { max(1, variants.count) }

    /// The sink stored each of `names`: one listing for all of them.
    mutating func stored(_ names: [String], now: Double) -> PublishPlan { resolve(names, ok: true, now: now) }

    /// The sink could not store `name` (or gave up on it).
    mutating func failed(_ name: String, now: Double) -> PublishPlan { resolve([name], ok: false, now: now) }

    /// Notes what became of each of `names`; the primary's queue is listed once if any waited there.
    private mutating func resolve(_ names: [String], ok: Bool, now: Double) -> PublishPlan {
        var plan: PublishPlan = []
        var lists = false
        for name in names {
            if let key = assetNames.removeValue(forKey: name) {
                plan += assetStored(name, key: key, ok: ok, now: now)
                continue
            }
            for k in pending.indices {
                guard let i = pending[k].firstIndex(where: { $0.waiting.contains(name) }) else { continue }
                pending[k][i].waiting.remove(name)
                if !ok { pending[k][i].failed.insert(name) }
                lists = true
                break
            }
        }
        return lists ? plan + list(now: now) : plan
    }

    /// Deadlines passed: what is still unconfirmed is listed as a gap; removed segments whose
    /// availability ended are deleted.
    mutating func tick(now: Double) -> PublishPlan {
        var expired = false
        for k in pending.indices {
            for i in pending[k].indices where !pending[k][i].waiting.isEmpty && pending[k][i].deadline <= now {
                pending[k][i].failed.formUnion(pending[k][i].waiting)
                pending[k][i].waiting = []
                expired = true
            }
        }
        var plan = expired ? list(now: now) : []
        // A file read as fast as it goes lists all the time, and nobody waits for its playlists.
        let listsAllTheTime = !options.realtime && options.isFileInput
        if listsAllTheTime || now - lastListed >= Self.deletionQuiet { plan += deletions(now: now) }
        return plan
    }

    /// Deletions run at a tick this long (seconds of wall time) after the last listing, never
    /// inside one: an unlink of a 3 MB segment took 2.0–3.1 ms here, median 2.4 (ext4 mounted
    /// with discard trims the freed blocks in the call). Inside the listing, after the playlists, it made a
    /// channel's p50 5.4 ms instead of 2.4 once it deleted (30×, `power`), and with two
    /// renditions the first one's deletion held up the second's segment of the same cut.
    /// On a queue of its own, it ran beside that second publish and slowed it (two renditions,
    /// p50 3.0–3.4 against 2.5–2.7 ms; 2026-12-07).
    static let deletionQuiet = 0.05

    /// Lists every resolved segment at the head of each rendition's queue, then publishes.
    private mutating func list(now: Double) -> PublishPlan {
        var listed: [Int] = []
        var plan: PublishPlan = []
        var lines: PublishPlan = []
        for k in pending.indices {
            while let head = pending[k].first, head.waiting.isEmpty {
                pending[k].removeFirst()
                var record = head.record
                if !head.failed.isEmpty {
                    record.gap = true
                    plan.append(.log(.error, .publish, ["action": "segment", "name": .string(head.failed.sorted().joined(separator: ",")),
                                                        "listed_as": "gap"]))
                }
                append(record, rendition: k, now: now)
                listed.append(k)
                lines.append(.log(.info, .segment, [
                    "name": .string(OutputLayout.rendition(k) + "/" + record.uri),
                    "duration": .double(Double(record.durationTicks) / 90_000), "bytes": .int(record.bytes),
                    "pdt": .string(ISO8601Text.format(millis: record.programDateTimeMillis)),
                    "discontinuity": .bool(record.discontinuity), "gap": .bool(record.gap),
                    "media_sequence": .int(state.mediaSequence(k))]))
            }
        }
        guard !listed.isEmpty else { return plan }
        plan += announceDue()
        let renditions = rangesChanged ? Array(pending.indices) : Array(Set(listed)).sorted()
        lastListed = now
        return plan + publish(renditions: renditions, now: now) + lines
    }

    private mutating func append(_ record: SegmentRecord, rendition k: Int, now: Double) {
        let dir = OutputLayout.rendition(k) + "/"
        let removed = state.append(record, rendition: k)
        state.retention.noteListed(name: dir + record.uri, duration: Double(record.durationTicks) / 90_000,
                                   at: availabilityClock(now))
        let playlistSeconds = Double(state.window(k).windowMillis) / 1000
        for old in removed {
            state.retention.noteRemoved(name: dir + old.uri, playlistDuration: playlistSeconds, at: availabilityClock(now))
        }
        if k == 0 { state.lastSegmentEndMillis = record.programDateTimeMillis + record.durationTicks / 90 }
        if k < meters.count, !record.gap { meters[k].add(record) }
    }

    // MARK: playlists

    /// The commit point, then every named rendition's playlist and, when due, the master.
    /// `final`: the channel is stopping, so what it has is published even if still held back.
    private mutating func publish(renditions: [Int], endList: Bool = false, final: Bool = false, now: Double) -> PublishPlan {
        let endList = endList || state.endListed      // once ended, every later version stays ended
        guard endList || final || startIsLongEnough else { return [] }
        state.startPublished = true
        var plan: PublishPlan = []
        var texts: [(String, String)] = []
        for k in renditions {
            guard let text = playlistText(k, endList: endList, now: now) else { continue }
            texts.append((OutputLayout.renditionPlaylist(k), text))
        }
        guard !texts.isEmpty else { return [] }
        rangesChanged = false
        uncarried = []
        if endList { state.endListed = true }
        plan.append(.saveState)
        plan += texts.map { .put(name: $0.0, text: $0.1, kind: .playlist) }
        if let master = masterIfDue() { plan.append(.put(name: OutputLayout.master, text: master, kind: .playlist)) }
        return plan
    }

    /// A viewer joining the first version must find room to buffer: hls.js 1.6.16 joining a
    /// playlist of two target durations froze at its end, three played (docs/interop.md).
    /// Counted in segments and in time, so short segments cut at splices do not count double.
    private var startIsLongEnough: Bool {
        if state.startPublished { return true }
        let n = options.minStartSegments
        let w = state.window
        return w.segments.count >= n && Double(w.windowMillis) >= (Double(n) - 0.5) * Double(w.targetDuration) * 1000
    }

    /// Every rendition's playlist (the date ranges changed, or the channel is ending).
    mutating func publishAll(endList: Bool = false, final: Bool = false, now: Double) -> PublishPlan {
        let published = publish(renditions: Array(0..<renditionCount), endList: endList, final: final, now: now)
        return final && !published.isEmpty ? published + deletions(now: now) : published
    }

    private mutating func playlistText(_ k: Int, endList: Bool, now: Double) -> String? {
        let window = state.window(k)
        guard let first = window.segments.first, let windowStart = try? HLSDate(millisecondsSinceEpoch: first.programDateTimeMillis)
        else { return nil }
        let left = state.ledger.removeRanges(endingBefore: windowStart)
        if !left.isEmpty {
            rangesLeft(left, playlistSeconds: Double(window.windowMillis) / 1000, now: now)
            if !options.event { state.ledger.forgetRetired(keepingLast: Self.idMemory) }
        }
        var blocks = state.ledger.groups(forWindowStarting: windowStart).map {
            DateRangeBlock(anchorMillis: $0.startMilliseconds, lines: $0.lines)
        }
        blocks += legacyBlocks(for: window.segments)
        var playlist = window.playlist(dateRanges: blocks, endList: endList)
        playlist.mediaSequence = state.mediaSequence(k)
        return playlist.render()
    }

    /// The multivariant playlist once every rendition has a segment, again when the measured
    /// peak outgrows what it says by 10 %.
    private mutating func masterIfDue() -> String? {
        guard !variants.isEmpty, (0..<variants.count).allSatisfy({ !state.window($0).segments.isEmpty }) else { return nil }
        let peak = meters.map(\.peak).max() ?? 0
        guard state.announcedBandwidth == 0 || peak > state.announcedBandwidth + state.announcedBandwidth / 10 else { return nil }
        state.announcedBandwidth = peak + peak / 5
        return PlaylistRenderer.multivariant(variants, meters: Array(meters.prefix(variants.count)), headroomPercent: 20).render()
    }

    private func deletions(now: Double) -> PublishPlan {
        state.retention.due(at: availabilityClock(now)).map { .delete(name: $0) }
    }

    /// The clock availability times run on: the wall clock whenever viewers can follow the
    /// channel (a live input, or a file paced at real time), else — a file read as fast as it
    /// decodes, a soak test, or a rehearsal paced at N× — the published media's own PDT, so that
    /// hours of input read in a minute are retained for what they last, not for ever. A channel
    /// paced at 30× on the wall clock kept every segment for 66 s of wall time (33 minutes of
    /// media): the bench's 20 s runs never deleted one, and so never paid for it as a channel at
    /// real time does once a segment.
    func availabilityClock(_ now: Double) -> Double {
        let wallPaced = options.realtime && options.speed == 1
        guard !wallPaced, options.isFileInput, let edge = state.lastSegmentEndMillis else { return now }
        return Double(edge) / 1000
    }

    /// The sink deleted `name` (it is no longer due).
    mutating func deleted(_ name: String) { state.retention.noteDeleted(name: name) }

    /// The state could not be saved: what depended on it was not published; try again next time.
    mutating func stateSaveFailed() { rangesChanged = true }

    /// IDs handed out by the epoch's router: kept so a restart never repeats one.
    mutating func note(ids: InterstitialIDMaker) { state.ids = options.event ? ids : ids.pruned(keeping: Self.idMemory) }

    /// How many ID stems and retired IDs a sliding-window channel remembers: far more than any
    /// playlist window holds, and a bound on the state file over weeks of uptime.
    static let idMemory = 256
}
