import Foundation

/// Where one segment of an output went: its file and byte range (the whole file, or a range
/// of the output's single file for `EXT-X-BYTERANGE`).
public struct TSWrittenSegment: Equatable, Sendable {
    public var path: String
    public var offset: Int64
    public var length: Int64
    public var packets: Int
    /// Bytes that went input → output inside the kernel (copy_file_range), of `length`.
    public var passedThrough: Int64
}

/// Writes the segments of one output (the primary, or one asset) from access units, with no
/// demux or remux: every segment starts with the PAT and each PMT (the input's, keeping every
/// ES; SCTE-35 gets its program-level `CUEI` registration), then the units' own TS packets in
/// input order, continuity counters renumbered so each PID runs on across the output's
/// segments, PTS/DTS/PCR moved back by the segment's shift in place, and SCTE-35 sections
/// re-sent with pts_adjustment moved by the same shift.
///
/// Usage: `begin(path:shift:)`, `append(_:)` for each unit of the segment (in any order close to
/// the input's; they are re-interleaved by input position in batches), `end()`.
public final class TSSegmentWriter {
    public enum Layout: Equatable, Sendable {
        /// `begin(path:)` opens a new file per segment.
        case filePerSegment
        /// Every segment is appended to this file; segments are byte ranges of it.
        case singleFile(path: String)
    }

    public let label: String
    let input: TSInputWindow
    let grid: TSPacketGrid
    private let layout: Layout
    var file: TSOutputFile?
    private var segmentStart: Int64 = 0
    private var segmentPackets = 0
    private var segmentPassedThrough: Int64 = 0
    // The per-packet state below is touched for every packet written, from one thread; the
    // runtime's exclusivity checks on it cost about 4 % of a `pkgctl vod` run, so they are off.
    @exclusivity(unchecked) var shift: Int64 = 0
    /// Last continuity_counter written per PID (0xFF: none yet).
    let lastCC: UnsafeMutablePointer<UInt8>
    var association: [UInt8]?
    var maps: [Int: [UInt8]] = [:]                       // PMT PID → output section
    @exclusivity(unchecked) var pending: [TSAccessUnit] = []
    /// Per batch: the first pending unit of each PID, and each unit's successor on its PID.
    let head: UnsafeMutablePointer<Int32>
    var nextOnPID: [Int32] = []
    let buffer: UnsafeMutableRawPointer
    /// Bytes collected before a write(): 1 MiB by default; a live channel keeps one writer per
    /// open output for hours, and passes less.
    let bufferSize: Int
    @exclusivity(unchecked) var used = 0
    /// Counters of the table PIDs before a segment's start tables, for `abandon()`.
    private var tableCounters: [(Int, UInt8)] = []
    /// A stretch of input packets taken unchanged, not yet copied: (first offset, count).
    @exclusivity(unchecked) var run: (start: Int64, count: Int)?
    /// Runs at least this long go through copy_file_range when the input is a file.
    public var passthroughThreshold = 256 * 1024
    /// Units re-interleaved at a time. Live writes smaller batches: the window holds the input
    /// of every unit not yet written, and 384 units are about 5 s of a 30 fps programme.
    var batch = 384
    /// Live, near a segment's expected end (`writeSmall()`): units go out this many at a time.
    static let smallBatch = 8
    private(set) var writesSmall = false
    @exclusivity(unchecked) public internal(set) var packetsWritten = 0

    public init(label: String, input: TSInputWindow, grid: TSPacketGrid, layout: Layout = .filePerSegment,
                bufferSize: Int = 1 << 20) throws {
        self.bufferSize = max(bufferSize, 4 * TSPacketBytes.size)
        self.label = label
        self.input = input
        self.grid = grid
        self.layout = layout
        lastCC = .allocate(capacity: 8192)
        lastCC.initialize(repeating: 0xFF, count: 8192)
        head = .allocate(capacity: 8192)
        head.initialize(repeating: -1, count: 8192)
        // Page-aligned: a spool written with O_DIRECT takes whole blocks from aligned memory.
        buffer = .allocate(byteCount: self.bufferSize, alignment: SegmentSpool.directBlock)
        if case .singleFile(let path) = layout { file = try TSOutputFile(path: path) }
    }

    deinit {
        lastCC.deallocate()
        head.deallocate()
        buffer.deallocate()
    }

    /// Video PIDs of the input's other renditions: left out of this output's PMTs (the assembler
    /// never hands their units over).
    var droppedPIDs: Set<Int> = [] {
        didSet { droppedPCRPIDs = [] }
    }
    /// PCR PIDs among `droppedPIDs`: their packets are not written, but each PCR they carry is,
    /// in a packet of its own (adaptation field only), so the output keeps the programme clock.
    @exclusivity(unchecked) var droppedPCRPIDs: Set<Int> = []
    /// Input offset of the last PCR sent that way (batches' ranges may overlap).
    @exclusivity(unchecked) var lastDroppedPCR: Int64 = -1

    /// The tables to send at each segment start, as the indexer holds them (for an output that
    /// starts after they went by, e.g. an asset).
    public func setTables(association pat: [UInt8]?, programs: [TSProgramTable]) {
        association = pat
        maps = Dictionary(uniqueKeysWithValues: programs.map { ($0.pmtPID, $0.outputSection(dropping: droppedPIDs)) })
        droppedPCRPIDs = Set(programs.map(\.pcrPID)).intersection(droppedPIDs)
    }

    /// Starts a segment; `shift` ticks are taken off every PTS/DTS/PCR/pts_adjustment in it.
    public func begin(path: String?, shift: Int64) throws {
        if case .filePerSegment = layout {
            file = try TSOutputFile(path: path ?? label)
        }
        try start(shift: shift)
    }

    /// Starts a segment written into `spool` (live into a directory), or into memory when nil.
    func begin(spool: SegmentSpool?, shift: Int64) throws {
        file = spool.map(TSOutputFile.init(spool:)) ?? TSOutputFile(memoryLabel: label)
        try start(shift: shift)
    }

    private func start(shift: Int64) throws {
        guard let file else { throw TSEngineError.notStarted(output: label) }
        self.shift = shift
        writesSmall = false
        segmentStart = file.offset + Int64(used)
        segmentPackets = packetsWritten
        segmentPassedThrough = 0
        tableCounters = ([0] + maps.keys).map { ($0, lastCC[$0]) }
        if let association { try emitSection(pid: 0, association) }
        for (pid, section) in maps.sorted(by: { $0.key < $1.key }) { try emitSection(pid: pid, section) }
    }

    /// Drops a segment nothing was appended to: its file (one file per segment), or the tables
    /// written at its start (single file), as if it had never begun.
    public func abandon() throws {
        if mirror != nil {                  // nothing was appended (the caller counts)
            mirror = nil
            pending.removeAll(keepingCapacity: true)
            return
        }
        guard let file else { return }
        guard pending.isEmpty, run == nil, file.offset <= segmentStart else {
            _ = try end()
            return
        }
        used = Int(segmentStart - file.offset)
        packetsWritten = segmentPackets
        for (pid, cc) in tableCounters { lastCC[pid] = cc }
        if case .filePerSegment = layout {
            file.remove()
            self.file = nil
        }
    }

    public func append(_ unit: TSAccessUnit) throws {
        if mirror != nil { return pending.append(unit) }
        guard file != nil else { throw TSEngineError.notStarted(output: label) }
        pending.append(unit)
        guard pending.count >= (writesSmall ? Self.smallBatch : batch) else { return }
        try flushPending()
        if writesSmall { try flushBuffer(whole: false) }
    }

    /// For the rest of this segment, units go out a few at a time and straight on to the file,
    /// whose spool (if it syncs) syncs every 128 KiB: when the segment ends, only its last few
    /// units are left to write and sync before it can be published. Live calls it in the last
    /// half second before a segment's expected end; writing small all along costs CPU
    /// (docs/performance.md, "TS: tried and not kept"). It does so into memory and unsynced
    /// spools too, where it gains little (0.3 ms of p50 with `--durability process`), so that a
    /// segment's bytes never depend on the sink: how PIDs interleave follows the batches.
    func writeSmall() {
        guard !writesSmall else { return }
        writesSmall = true
        file?.spool?.syncSooner(every: 128 * 1024)
    }

    // MARK: mirroring

    /// A segment that is to hold the same packets as the segment `leader` begins at the same
    /// time (an overlay asset and the primary around it): its units are kept, not written, and
    /// `endMirroring` then lets the leader's file stand for it.
    private(set) var mirror: (path: String, shift: Int64)?

    /// Starts such a segment at `path`, from the leader's counters as they were before the
    /// leader began its own (so the tables both send first are the same bytes).
    func beginMirroring(path: String, shift: Int64, counters: [UInt8]) {
        adoptCounters(counters)
        mirror = (path, shift)
    }

    /// Every PID's last continuity counter from now on (0xFF: none yet).
    func adoptCounters(_ counters: [UInt8]) {
        counters.withUnsafeBufferPointer { if let base = $0.baseAddress { lastCC.update(from: base, count: min($0.count, 8192)) } }
    }

    /// Whether this writer's counters are `counters` (it has written what another has).
    func hasCounters(_ counters: [UInt8]) -> Bool {
        counters.count == 8192 && counters.withUnsafeBufferPointer { b in b.baseAddress.map { memcmp($0, lastCC, 8192) == 0 } ?? false }
    }

    /// Ends a mirrored segment: when `leader` is the segment the leader wrote from the same units
    /// (the caller knows), a hard link to its file (a copy where links are refused) and the
    /// leader's counters from then on; otherwise the held units are written as any segment's.
    func endMirroring(leader: TSWrittenSegment?, leaderCounters: UnsafePointer<UInt8>?) throws -> TSWrittenSegment {
        guard let (path, shift) = mirror else { return try end() }
        mirror = nil
        if let leader, let leaderCounters, leader.offset == 0 {
            unlink(path)
            if link(leader.path, path) == 0 || TSOutputFile.copyWhole(leader.path, to: path) {
                pending.removeAll(keepingCapacity: true)
                lastCC.update(from: leaderCounters, count: 8192)
                packetsWritten += leader.packets
                return TSWrittenSegment(path: path, offset: 0, length: leader.length, packets: leader.packets, passedThrough: 0)
            }
        }
        let held = pending
        pending.removeAll(keepingCapacity: true)
        try begin(path: path, shift: shift)
        for unit in held { try append(unit) }
        return try end()
    }

    /// The earliest input offset this writer still has to read: its pending units, and the
    /// stretch of packets taken but not copied yet (a run outlives the batch that began it).
    public var oldestPendingOffset: Int64? {
        let units = pending.lazy.map(\.firstPacket).min()
        guard let r = run else { return units }
        return min(units ?? r.start, r.start)
    }

    public func end() throws -> TSWrittenSegment {
        guard let file else { throw TSEngineError.notStarted(output: label) }
        try flushPending()
        try flushRun()
        try flushBuffer()
        let segment = TSWrittenSegment(path: file.path, offset: segmentStart, length: file.offset - segmentStart,
                                       packets: packetsWritten - segmentPackets, passedThrough: segmentPassedThrough)
        if case .filePerSegment = layout { self.file = nil }
        return segment
    }

    /// Writes the buffer out. `whole: false` (the buffer is full, more follows) writes whole
    /// multiples of the file's write alignment only and moves the rest, less than one block, to
    /// the buffer's start.
    func flushBuffer(whole: Bool = true) throws {
        guard used > 0, let file else { return }
        let count = whole ? used : used - used % file.writeAlignment
        guard count > 0 else { return }
        try file.write(buffer, count: count)
        if count < used { buffer.copyMemory(from: buffer + count, byteCount: used - count) }
        used -= count
    }

    func noteThrough(_ bytes: Int64) { segmentPassedThrough += bytes }
}
