import Foundation

/// Applies the cut planner's cuts to the input TS's own packets, with no demux or remux: one
/// TSSegmentWriter per output (PAT/PMT first, every PID kept — SCTE-35 as 0x86 with its CUEI
/// registration — continuity counters renumbered, PTS/DTS/PCR and pts_adjustment shifted in
/// place for the re-timed primary). The same mechanics as the libavformat SegmentAssembler:
/// audio waits until the video's decode time has passed it and a cut is applied once audio has
/// reached it, so each PES lands on the side its PTS says — an AAC PES that straddles a cut is
/// split per frame, as the libavformat path cuts; sections and PES without timestamps go where
/// their position in the input says.
final class TSSegmentAssembler: SegmentAssembling {
    private final class Output {
        let writer: TSSegmentWriter
        let target: OutputTarget
        /// `cut`: the serial of the cut that opened the segment.
        var open: (index: Int, startTicks: Int64, units: Int, cut: Int)?
        var nextIndex = 0
        /// The primary: what its last segment was (the cut that opened it, its units, its file),
        /// and the cut that closed it, for an overlay asset that mirrors it.
        var closed: (openedBy: Int, closedBy: Int, units: Int, written: TSWrittenSegment)?
        init(writer: TSSegmentWriter, target: OutputTarget) {
            self.writer = writer
            self.target = target
        }
    }

    private struct PendingCut {
        var cut: Cut
        var after: [(unit: TSAccessUnit, isVideo: Bool)] = []
        var audioReached: Set<Int> = []
    }

    let rendition: Int
    private let input: TSInputWindow
    private let indexer: TSIndexer
    /// (target, rendition, index) → the file a segment is written to.
    private let segmentPath: (OutputTarget, Int, Int) -> String?
    /// Live: each segment goes into a spool of the sink's (a nil spool: into memory) instead.
    private let spool: ((_ rendition: Int) -> SegmentSpool?)?
    private var isLive: Bool { spool != nil }
    /// Live: when a segment's end is near (its target, or the next span edge: `SegmentEndNear`),
    /// from where its writers write small (`TSSegmentWriter.writeSmall`). Cut at a splice before
    /// span edges counted, segments ended with a whole batch unwritten and the spool up to 512 KiB
    /// unsynced: the 2 and 4 s segments of the two-rendition bench were nearly all of its slowest
    /// (6.1–8.0 ms from segment to playlist against 2.4 ms at the median, 2026-12-07).
    var endNear = SegmentEndNear()
    private var outputs: [OutputTarget: Output] = [:]
    private var active: [Output] = []
    private var started = false
    /// Cuts applied so far (a segment is known by the cut that opened it).
    private var cuts = 0
    private var pending: PendingCut?
    private var held: [TSAccessUnit] = []
    private var stillHeld: [TSAccessUnit] = []
    private var positional: [TSAccessUnit] = []
    /// SCTE-35 sections before the first segment starts: they announce splices in it (a cue is
    /// sent seconds ahead), so they open it rather than being dropped with the leading packets.
    private var early: [TSAccessUnit] = []
    private var audioPIDs: Set<Int> = []
    private var finished: [FinishedSegment] = []
    private var applied: [CutRecord] = []
    private(set) var droppedLeading = 0
    private let maxAudioLag: Int64 = 90_000

    private let keepSCTE35: Bool
    /// Audio frames straddling a cut go to the side holding most of their samples
    /// (`AudioSpliceRule`, accurate splices) instead of the side their PTS says.
    private let nearestAudioFrame: Bool
    /// One file per output (segments are byte ranges of it, `segmentPath(target, rendition, 0)`).
    private let singleFile: Bool
    /// Unchanged input stretches at least this long go through copy_file_range.
    var passthroughThreshold = 256 * 1024
    /// The other renditions' video PIDs, which this rendition's outputs leave out of their PMTs.
    var otherRenditions: Set<Int> = []

    init(input: TSInputWindow, indexer: TSIndexer, rendition: Int = 0, keepSCTE35: Bool = true, singleFile: Bool = false,
         nearestAudioFrame: Bool = false, segmentPath: @escaping (OutputTarget, Int, Int) -> String?) {
        self.input = input
        self.nearestAudioFrame = nearestAudioFrame
        self.indexer = indexer
        self.keepSCTE35 = keepSCTE35
        self.singleFile = singleFile
        self.rendition = rendition
        self.segmentPath = segmentPath
        spool = nil
    }

    /// Live: segments are written into the sink's spools (`spool`), or into memory.
    init(input: TSInputWindow, indexer: TSIndexer, rendition: Int = 0, keepSCTE35: Bool, nearestAudioFrame: Bool,
         spool: @escaping (_ rendition: Int) -> SegmentSpool?) {
        self.input = input
        self.indexer = indexer
        self.keepSCTE35 = keepSCTE35
        self.nearestAudioFrame = nearestAudioFrame
        singleFile = false
        self.rendition = rendition
        segmentPath = { _, _, _ in nil }
        self.spool = spool
    }

    /// The earliest input offset some unit not yet written starts at (the input may release
    /// everything before it).
    var oldestNeededOffset: Int64? {
        var oldest: Int64?
        func note(_ o: Int64?) { if let o { oldest = min(oldest ?? o, o) } }
        for out in outputs.values { note(out.writer.oldestPendingOffset) }
        for u in held { note(u.firstPacket) }
        for u in positional { note(u.firstPacket) }
        for u in pending?.after ?? [] { note(u.unit.firstPacket) }
        for u in early { note(u.firstPacket) }
        return oldest
    }

    func video(_ media: MediaPacket, cut: Cut?) throws -> ([FinishedSegment], [CutRecord]) {
        guard case .ts(let unit) = media.payload else { return ([], []) }
        try releasePositional(before: unit.firstPacket)
        if !started {
            guard let cut else {
                droppedLeading += 1
                return ([], [])
            }
            started = true
            held.removeAll { ($0.pts ?? 0) < cut.at }
            try apply(cut)
            for section in early { try write(section) }
            early = []
        } else {
            if let p = pending, cut != nil || media.isKeyframe || media.pts >= p.cut.at + maxAudioLag { try applyPending() }
            if let cut { pending = PendingCut(cut: cut) }
        }
        try route(unit, isVideo: true)
        try release(before: media.dts)
        if endNear.isNear(media.pts) {
            for out in active { out.writer.writeSmall() }
        }
        return drain()
    }

    func audio(_ media: MediaPacket) throws -> ([FinishedSegment], [CutRecord]) {
        guard case .ts(let unit) = media.payload else { return ([], []) }
        audioPIDs.insert(unit.pid)
        if started { held.append(unit) }
        return ([], [])
    }

    func passthrough(_ media: MediaPacket) throws -> ([FinishedSegment], [CutRecord]) {
        guard case .ts(let unit) = media.payload else { return ([], []) }
        switch unit.kind {
        case .programTable:
            for out in outputs.values { setTables(out.writer) }
        case .scte35 where !keepSCTE35:
            break
        case .scte35 where !started:
            if early.count < 64 { early.append(unit) }
        case .other where unit.pts != nil:
            if started { held.append(unit) }
        default:
            // Units complete out of input order (a section before a keyframe's first packet
            // completes before it): each waits for the first video unit that starts after it.
            if started { positional.append(unit) }
        }
        return ([], [])
    }

    func expectEdge(at pts: Int64?) { endNear.nextEdge = pts }

    func finish(_ cut: Cut?) throws -> ([FinishedSegment], [CutRecord]) {
        try release(before: Int64.max)
        try releasePositional(before: Int64.max)
        try applyPending()
        if let cut { try apply(cut) }
        return drain()
    }

    private func drain() -> ([FinishedSegment], [CutRecord]) {
        defer {
            finished.removeAll()
            applied.removeAll()
        }
        return (finished, applied)
    }

    // MARK: units

    private func releasePositional(before offset: Int64) throws {
        guard let first = positional.first, first.firstPacket < offset else { return }
        let ready = positional.prefix { $0.firstPacket < offset }
        positional.removeFirst(ready.count)
        for unit in ready { try route(unit, isVideo: true) }
    }

    /// A held PES is released once its last frame is before the video's decode time.
    private func release(before ticks: Int64) throws {
        guard !held.isEmpty else { return }
        stillHeld.removeAll(keepingCapacity: true)
        for unit in held {
            if let pts = unit.pts, pts + max(unit.duration, 0) <= ticks || (unit.duration <= 0 && pts < ticks) || ticks == Int64.max {
                try route(unit, isVideo: false)
            } else {
                stillHeld.append(unit)
            }
        }
        swap(&held, &stillHeld)
        if let p = pending, !audioPIDs.isEmpty, p.audioReached.isSuperset(of: audioPIDs) { try applyPending() }
    }

    private func route(_ unit: TSAccessUnit, isVideo: Bool) throws {
        if let at = pending?.cut.at, !isVideo, unit.kind == .audio, let pts = unit.pts, pts < at, pts + unit.duration > at,
           let (before, after) = try TSAudioPESSplit.split(unit, at: at, input: input, grid: indexer.grid,
                                                               nearest: nearestAudioFrame) {
            if let before { try write(before) }
            if let after { pending?.after.append((after, false)) }
            pending?.audioReached.insert(unit.pid)
            return
        }
        if let at = pending?.cut.at, isVideo || (unit.pts ?? at) >= at {
            pending?.after.append((unit, isVideo))
            if !isVideo, unit.kind == .audio { pending?.audioReached.insert(unit.pid) }
            return
        }
        try write(unit)
    }

    private func write(_ unit: TSAccessUnit) throws {
        for out in active {
            try out.writer.append(unit)
            out.open?.units += 1
        }
    }

    // MARK: cuts

    private func applyPending() throws {
        guard let p = pending else { return }
        pending = nil
        try apply(p.cut)
        for (unit, _) in p.after { try write(unit) }
    }

    private func apply(_ cut: Cut) throws {
        cuts += 1
        endNear.cut(at: cut.at)
        // The primary first: an asset mirroring it then finds the segment it just closed (even
        // the primary's last, so it is held on to here).
        let closingPrimary = outputs[.primary]
        for edge in cut.closes.primaryFirst {
            guard let out = outputs[edge.target] else { continue }
            try end(out, at: edge.ticks, isLast: edge.isLast, primary: closingPrimary)
            if edge.isLast { outputs[edge.target] = nil }
        }
        // An overlay asset opening with an unshifted primary holds the same packets as it: from
        // the primary's counters as they were before its tables went out, its bytes are the
        // primary's, and the primary's file can stand for its segment (`end(_:at:isLast:)`).
        let primary = outputs[.primary]
        let mirrorable = !isLive && cut.shift == 0 && cut.opens.contains { $0.target == .primary }
            && primary?.writer.droppedPCRPIDs.isEmpty ?? true
        let counters = mirrorable ? primary.map { Array(UnsafeBufferPointer(start: $0.writer.lastCC, count: 8192)) } : nil
        var next: [Output] = []
        for edge in cut.opens.primaryFirst {
            // Assets come from the first rendition (VodCollector, LivePresentation): a later one
            // writes none, nor a target the layout names no file for.
            if rendition > 0, case .asset = edge.target { continue }
            let path = isLive ? nil : segmentPath(edge.target, rendition, outputs[edge.target]?.nextIndex ?? 0)
            if !isLive, path == nil { continue }
            let out = try outputs[edge.target] ?? makeOutput(edge.target)
            outputs[edge.target] = out
            let shift = edge.target == .primary ? cut.shift : 0
            if let spool {
                try out.writer.begin(spool: spool(rendition), shift: shift)
            } else if case .asset = edge.target, let counters, let path,
                      out.nextIndex == 0 || out.writer.hasCounters(counters) {
                // A single file cannot borrow the primary's bytes, but starts from its counters
                // all the same, so it holds what the segment files do.
                if singleFile {
                    out.writer.adoptCounters(counters)
                    try out.writer.begin(path: path, shift: shift)
                } else {
                    out.writer.beginMirroring(path: path, shift: shift, counters: counters)
                }
            } else {
                try out.writer.begin(path: path, shift: shift)
            }
            out.open = (out.nextIndex, edge.ticks, 0, cuts)
            out.nextIndex += 1
            next.append(out)
        }
        active = next
        applied += cut.records
    }

    private func makeOutput(_ target: OutputTarget) throws -> Output {
        let label: String
        switch target {
        case .primary: label = "primary"
        case .asset(let key): label = "asset piece \(key.piece) of span \(key.span)"
        }
        let layout: TSSegmentWriter.Layout = singleFile
            ? .singleFile(path: segmentPath(target, rendition, 0) ?? label) : .filePerSegment
        // Live: smaller batches and buffer, so a channel holds less input and memory (64 units
        // are under a second of a 30 fps programme; 256 KiB is a dozen writes per 6 s segment).
        let writer = try TSSegmentWriter(label: label, input: input, grid: indexer.grid, layout: layout,
                                         bufferSize: isLive ? 1 << 18 : 1 << 20)
        writer.passthroughThreshold = passthroughThreshold
        writer.droppedPIDs = otherRenditions
        if isLive { writer.batch = 64 }
        setTables(writer)
        return Output(writer: writer, target: target)
    }

    private func setTables(_ writer: TSSegmentWriter) {
        writer.setTables(association: indexer.associationSection, programs: Array(indexer.programs.values))
    }

    private func end(_ out: Output, at ticks: Int64, isLast: Bool, primary: Output?) throws {
        guard let open = out.open else { return }
        out.open = nil
        guard open.units > 0 else {
            try out.writer.abandon()
            out.nextIndex -= 1
            return
        }
        let output = out.writer.file
        let written: TSWrittenSegment
        if out.writer.mirror != nil {
            // The primary's segment stands for this one if it began and ended with it, with the
            // same units (every unit goes to every open output: the counts tell).
            let same = primary?.closed.flatMap { c in
                c.openedBy == open.cut && c.closedBy == cuts && c.units == open.units ? c.written : nil
            }
            written = try out.writer.endMirroring(leader: same, leaderCounters: primary?.writer.lastCC)
        } else {
            written = try out.writer.end()
        }
        if out.target == .primary { out.closed = (open.cut, cuts, open.units, written) }
        // Live publishes the spool, or the bytes, as it does the libavformat muxer's; VOD's
        // segments are already in their files.
        let spooled = isLive ? output?.spool : nil
        finished.append(FinishedSegment(target: out.target, rendition: rendition, index: open.index, startTicks: open.startTicks,
                                        durationTicks: ticks - open.startTicks, bytes: isLive ? output?.bytes ?? Data() : Data(),
                                        fileSize: isLive && spooled == nil ? nil : Int(written.length), spool: spooled,
                                        written: isLive ? nil : written, initSegment: nil, isLast: isLast))
    }
}
