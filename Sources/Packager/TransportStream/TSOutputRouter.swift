import Foundation

/// Drives `TSSegmentWriter`s from the indexer's units the way the FFmpeg path's `Segmenter`
/// drives its muxers, so both cut the same segments: video decides (cuts at keyframes near the
/// target duration, forced at span edges), audio waits in a hold queue until the video's decode
/// time has passed it so each PES lands on the side of a cut its PTS says, and a strip span
/// leaves the primary, which is shifted back to stay continuous.
///
/// It stands in for the pipeline's cut planner and segment assembler in the tests and the
/// engine benchmark; the pipeline may drive the writers itself.
public final class TSOutputRouter {
    final class Output {
        let writer: TSSegmentWriter
        let target: OutputTarget
        /// An overlay asset whose segments are the primary's own during the span.
        var sharesPrimary = false
        var open: (index: Int, startTicks: Int64, units: Int)?
        var nextIndex = 0
        init(writer: TSSegmentWriter, target: OutputTarget) {
            self.writer = writer
            self.target = target
        }
    }

    struct PendingCut {
        var action: CutAction
        var at: Int64
        /// Units that belong after the cut, in arrival order (isVideo: routed like video).
        var after: [(unit: TSAccessUnit, isVideo: Bool)] = []
        var audioReached: Set<Int> = []
    }

    enum CutAction { case regular, startSpan(Int), endSpan(Int), assetRegular(Int) }

    let input: TSInputWindow
    let indexer: TSIndexer
    let targetTicks: Int64
    let segmentPath: (OutputTarget, Int) -> String
    let primary: Output
    var assets: [Int: Output] = [:]
    public internal(set) var spans: [Int: TSCutSpan] = [:]
    var active: Int?
    public internal(set) var shift: Int64 = 0
    var held: [TSAccessUnit] = []
    var positional: [TSAccessUnit] = []
    var stillHeld: [TSAccessUnit] = []
    var pending: PendingCut?
    /// How far video may run past a pending cut before it is applied without audio.
    let maxAudioLag: Int64 = 90_000
    public private(set) var videoPID: Int?
    var audioPIDs: Set<Int> = []
    var started = false
    public internal(set) var firstVideoPTS: Int64?
    public internal(set) var lastVideoEnd: Int64?
    public internal(set) var segments: [TSRoutedSegment] = []
    var lastCutOut: (serial: Int, ticks: Int64)?

    public enum Layout: Equatable, Sendable {
        case filePerSegment
        /// One file per output (`segmentPath(target, 0)`); segments are byte ranges of it.
        case singleFile
    }

    let layout: Layout
    /// Overlay: the span's asset segments are the primary's segments during the span (the
    /// primary is cut at the same points and holds the same units), so nothing is written twice;
    /// the caller links or references them. Off: each asset is written on its own.
    public var shareOverlayAssets = true
    /// Unchanged input stretches at least this long are copied by copy_file_range (every writer).
    public var passthroughThreshold = 256 * 1024 {
        didSet {
            primary.writer.passthroughThreshold = passthroughThreshold
            for a in assets.values { a.writer.passthroughThreshold = passthroughThreshold }
        }
    }
    var finishing = false

    /// - Parameter segmentPath: (output, segment index) → file path.
    public init(input: TSInputWindow, indexer: TSIndexer, targetTicks: Int64, spans: [TSCutSpan],
                layout: Layout = .filePerSegment, segmentPath: @escaping (OutputTarget, Int) -> String) throws {
        self.input = input
        self.indexer = indexer
        self.targetTicks = targetTicks
        self.segmentPath = segmentPath
        self.layout = layout
        primary = Output(writer: try Self.writer(for: .primary, input: input, indexer: indexer, layout: layout,
                                                 path: segmentPath), target: .primary)
        for span in spans { self.spans[span.serial] = span }
    }

    static func writer(for target: OutputTarget, input: TSInputWindow, indexer: TSIndexer, layout: Layout,
                       path: (OutputTarget, Int) -> String) throws -> TSSegmentWriter {
        let label: String
        switch target {
        case .primary: label = "primary"
        case .asset(let serial): label = "asset of span \(serial)"
        }
        let writerLayout: TSSegmentWriter.Layout = layout == .singleFile ? .singleFile(path: path(target, 0)) : .filePerSegment
        let writer = try TSSegmentWriter(label: label, input: input, grid: indexer.grid, layout: writerLayout)
        writer.setTables(association: indexer.associationSection, programs: Array(indexer.programs.values))
        return writer
    }

    /// A span learnt while reading (a cue arrived): cut from its start onwards.
    public func update(_ span: TSCutSpan) {
        if var existing = spans[span.serial] {
            existing.endTicks = span.endTicks
            spans[span.serial] = existing
        } else {
            spans[span.serial] = span
        }
    }

    /// The earliest input offset some unit not yet written starts at (release the window
    /// before it).
    public var oldestNeededOffset: Int64? {
        var oldest = primary.writer.oldestPendingOffset
        for a in assets.values { if let o = a.writer.oldestPendingOffset { oldest = min(oldest ?? o, o) } }
        for u in held + positional { oldest = min(oldest ?? u.firstPacket, u.firstPacket) }
        for u in pending?.after ?? [] { oldest = min(oldest ?? u.unit.firstPacket, u.unit.firstPacket) }
        return oldest
    }

    public func consume(_ unit: TSAccessUnit) throws {
        switch unit.kind {
        case .video where videoPID == nil || unit.pid == videoPID:
            try consumeVideo(unit)
        case .audio:
            audioPIDs.insert(unit.pid)
            if started { held.append(unit) }
        case .other where unit.pts != nil:
            if started { held.append(unit) }
        case .programTable:
            primary.writer.setTables(association: indexer.associationSection, programs: Array(indexer.programs.values))
            for a in assets.values {
                a.writer.setTables(association: indexer.associationSection, programs: Array(indexer.programs.values))
            }
        default:
            // Sections and PES without timestamps go where their position in the input says:
            // they wait for the first video unit that starts after them (units complete out of
            // input order: a section before a keyframe's first packet completes before it).
            if started { positional.append(unit) }
        }
    }

    private func releasePositional(before offset: Int64) throws {
        guard let first = positional.first, first.firstPacket < offset else { return }
        let ready = positional.prefix { $0.firstPacket < offset }
        positional.removeFirst(ready.count)
        for unit in ready { try route(unit, isVideo: true) }
    }

    private func consumeVideo(_ unit: TSAccessUnit) throws {
        guard let pts = unit.pts, let dts = unit.decodeTicks else { return }
        try releasePositional(before: unit.firstPacket)
        if !started {
            guard unit.keyframe else { return }
            started = true
            videoPID = unit.pid
            firstVideoPTS = pts
            held.removeAll { ($0.pts ?? 0) < pts }
            try begin(primary, at: pts)
        }
        if let p = pending, unit.keyframe || pts >= p.at + maxAudioLag { try applyPending() }
        if unit.keyframe, pending == nil, let action = decideCut(at: pts) {
            pending = PendingCut(action: action, at: pts)
        }
        try route(unit, isVideo: true)
        let end = pts + max(unit.duration, 0)
        lastVideoEnd = max(lastVideoEnd ?? end, end)
        try release(before: dts)
    }

    /// Held units whose PTS is before the video's decode time can no longer fall after a cut
    /// decided later (cuts are at keyframes, whose PTS ≥ DTS).
    private func release(before ticks: Int64) throws {
        guard !held.isEmpty else { return }
        stillHeld.removeAll(keepingCapacity: true)
        for unit in held {
            // Whole PES: released once its last frame is before the video's decode time.
            if let pts = unit.pts, pts + max(unit.duration, 0) <= ticks || (unit.duration <= 0 && pts < ticks) {
                try route(unit, isVideo: false)
            } else {
                stillHeld.append(unit)
            }
        }
        swap(&held, &stillHeld)
        if let p = pending, !audioPIDs.isEmpty, p.audioReached.isSuperset(of: audioPIDs) { try applyPending() }
    }

    func route(_ unit: TSAccessUnit, isVideo: Bool) throws {
        if let at = pending?.at, !isVideo, unit.kind == .audio, let pts = unit.pts, pts < at, pts + unit.duration > at,
           let (before, after) = try TSAudioPESSplit.split(unit, at: at, input: input, grid: indexer.grid) {
            try write(before)
            pending?.after.append((after, false))
            pending?.audioReached.insert(unit.pid)
            return
        }
        if let at = pending?.at, isVideo || (unit.pts ?? at) >= at {
            pending?.after.append((unit, isVideo))
            if !isVideo, unit.kind == .audio { pending?.audioReached.insert(unit.pid) }
            return
        }
        try write(unit)
    }

    func write(_ unit: TSAccessUnit) throws {
        if let serial = active, let asset = assets[serial] {
            if !asset.sharesPrimary { try asset.writer.append(unit) }
            asset.open?.units += 1
            guard spans[serial]?.placement == .overlay else { return }
        }
        try primary.writer.append(unit)
        primary.open?.units += 1
    }
}
