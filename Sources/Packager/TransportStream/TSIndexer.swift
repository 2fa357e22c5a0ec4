import CueDetect

/// Streaming index of an MPEG transport stream: bytes in, in chunks of any size (no whole-file
/// requirement), access units out — PES packets with PTS/DTS, keyframe flag and duration,
/// SCTE-35 sections, and PAT/PMT changes — each naming the packet range it came from.
///
/// Per packet it does a table look-up and a few header reads; only payload_unit_start packets
/// parse a PES header, and only video PES scan into the payload (up to their first slice).
/// Nothing is allocated per packet; a unit is a small value. Junk and truncated packets are
/// skipped by resyncing on the 0x47 sync byte (a sync byte counts only if another follows
/// 188 bytes later, where that can be seen).
public final class TSIndexer {
    enum Role: UInt8 { case unknown, ignored, psi, scte35, pes }

    struct PIDState {
        var role: Role = .unknown
        var kind: TSAccessUnit.Kind = .other
        var syntax: TSNALSyntax?
        var open = false
        var first: Int64 = 0
        var last: Int64 = 0
        var count = 0
        var pts: Int64?
        var dts: Int64?
        var keyframe = false
        var probe = TSKeyframeProbe()
        /// PES bytes still expected (from PES_packet_length); nil when unbounded (video).
        var remaining: Int?
        var previousDecode: Int64?
        var lastCC: UInt8 = 0xFF
        var clock = TimestampUnwrapper()
        var lastDuration: Int64 = 0
        /// Its PCRs go to the cue scan (the programme's PCR PID).
        var carriesScannedPCR = false
    }

    public let grid = TSPacketGrid()
    public internal(set) var stats = TSIndexerStats()
    /// The last PAT and the PMTs it points to, as received.
    public private(set) var programs: [Int: TSProgramTable] = [:]
    private var association: TSProgramAssociation?
    /// The last PAT as received.
    public var associationSection: [UInt8]? { association?.section }
    let states = TSPIDTable(initial: PIDState())
    private var collectors: [Int: TSSectionCollector] = [:]
    private var completed: [TSSectionCollector.Section] = []
    private var carry: [UInt8] = []
    private var lastAccepted: Int64 = -1
    /// PIDs that have started a unit (a handful): where `oldestOpenOffset` looks.
    var startedPIDs: [Int] = []
    private var serial = 0
    /// The cue scan's events from this walk, when on (`TSCueScan`).
    var cueScan: TSCueScan?

    public init() {
        states[0].role = .psi
        states[TSPacketBytes.nullPID].role = .ignored
    }

    /// Indexes the next bytes of the stream; completed units are appended to `units` in the
    /// order they complete (a unit completes at its PES length or at its PID's next start).
    public func feed(_ data: UnsafeRawBufferPointer, into units: inout [TSAccessUnit]) {
        guard let base = data.baseAddress, data.count > 0 else { return }
        let start = stats.bytes
        stats.bytes += Int64(data.count)
        var i = 0
        if !carry.isEmpty {
            let need = TSPacketBytes.size - carry.count
            let take = min(need, data.count)
            carry.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            guard carry.count == TSPacketBytes.size else { return }
            let offset = start - Int64(TSPacketBytes.size - take)
            let nextIsSync = take >= data.count || base.load(fromByteOffset: take, as: UInt8.self) == TSPacketBytes.sync
            if carry[0] == TSPacketBytes.sync, nextIsSync {
                carry.withUnsafeBytes { if let b = $0.baseAddress { process(b, at: offset, into: &units) } }
                i = take
            } else {
                stats.syncLosses += 1
                i = resync(base, count: data.count, from: 0)
            }
            carry.removeAll(keepingCapacity: true)
        }
        let size = TSPacketBytes.size
        while i + size <= data.count {
            let p = base + i
            if p.load(as: UInt8.self) != TSPacketBytes.sync
                    || (i + size < data.count && p.load(fromByteOffset: size, as: UInt8.self) != TSPacketBytes.sync) {
                stats.syncLosses += 1
                i = resync(base, count: data.count, from: i + 1)
                continue
            }
            process(p, at: start + Int64(i), into: &units)
            i += size
        }
        if i < data.count {
            carry.append(contentsOf: UnsafeRawBufferPointer(start: base + i, count: data.count - i))
        }
    }

    public func feed(_ bytes: [UInt8]) -> [TSAccessUnit] {
        var units: [TSAccessUnit] = []
        bytes.withUnsafeBytes { feed($0, into: &units) }
        return units
    }

    /// The first packet of the earliest unit or section not complete yet: a window of appended
    /// input must keep everything from there (the unit is emitted later, naming its packets).
    public var oldestOpenOffset: Int64? {
        var oldest: Int64?
        for pid in startedPIDs where states[pid].open { oldest = min(oldest ?? states[pid].first, states[pid].first) }
        for collector in collectors.values { if let s = collector.pendingStart { oldest = min(oldest ?? s, s) } }
        return oldest
    }

    /// Closes every open unit (the end of the input).
    public func finish(into units: inout [TSAccessUnit]) {
        stats.truncatedBytes = carry.count
        carry.removeAll()
        for pid in states.knownPIDs where states[pid].open {
            close(pid, nextDecode: nil, into: &units)
        }
    }

    private func resync(_ base: UnsafeRawPointer, count: Int, from start: Int) -> Int {
        var j = start
        while j < count {
            if base.load(fromByteOffset: j, as: UInt8.self) == TSPacketBytes.sync,
               j + TSPacketBytes.size >= count
                || base.load(fromByteOffset: j + TSPacketBytes.size, as: UInt8.self) == TSPacketBytes.sync {
                return j
            }
            j += 1
        }
        return count
    }

    private func process(_ p: UnsafeRawPointer, at offset: Int64, into units: inout [TSAccessUnit]) {
        if lastAccepted >= 0, offset != lastAccepted + Int64(TSPacketBytes.size) {
            grid.recordGap(after: lastAccepted, next: offset)
        }
        lastAccepted = offset
        stats.packets += 1
        if TSPacketBytes.transportError(p) { stats.transportErrors += 1 }
        let pid = TSPacketBytes.pid(p)
        let state = states.state(pid)
        if state.pointee.carriesScannedPCR, TSPacketBytes.hasPCR(p) { cueScan?.pcr(TSPacketBytes.pcrBase(p), pid: pid) }
        switch state.pointee.role {
        case .ignored: return
        case .pes, .unknown: pes(p, pid: pid, state: state, at: offset, into: &units)
        case .psi, .scte35: section(p, pid: pid, at: offset, into: &units)
        }
    }

    // MARK: sections

    private func section(_ p: UnsafeRawPointer, pid: Int, at offset: Int64, into units: inout [TSAccessUnit]) {
        guard let start = TSPacketBytes.payloadOffset(p) else { return }
        completed.removeAll(keepingCapacity: true)
        collectors[pid, default: TSSectionCollector()].push(p, payload: start, at: offset, into: &completed)
        for s in completed { handle(s, pid: pid, into: &units) }
    }

    private func handle(_ s: TSSectionCollector.Section, pid: Int, into units: inout [TSAccessUnit]) {
        guard let table = s.bytes.first else { return }
        if states[pid].role == .scte35 {
            guard table == 0xFC else { return }
            cueScan?.section(s.bytes, pid: pid, at: s.firstPacket, packet: s.firstPacket / Int64(TSPacketBytes.size))
            emit(TSAccessUnit(pid: pid, kind: .scte35, serial: 0, firstPacket: s.firstPacket, lastPacket: s.lastPacket,
                              packetCount: 0, pts: nil, dts: nil, keyframe: false, duration: 0, section: s.bytes),
                 into: &units)
        } else if association?.section == s.bytes || programs[pid]?.section == s.bytes {
            // The tables repeat every 100 ms or so; a section equal to the one in force parses to
            // it (both are a function of the bytes), so it changes nothing.
            return
        } else if pid == 0, table == 0x00, let pat = TSProgramAssociation(section: s.bytes), pat != association {
            association = pat
            for pmt in pat.pmtPIDs.values where states[pmt].role != .psi {
                closeIfOpen(pmt, into: &units)
                states[pmt].role = .psi
            }
            emitTable(s, pid: pid, into: &units)
        } else if table == 0x02, association?.pmtPIDs.values.contains(pid) == true,
                  let pmt = TSProgramTable(section: s.bytes, pid: pid), programs[pid] != pmt {
            programs[pid] = pmt
            if let pcrPID = cueScan?.programMap(s.bytes, pid: pid), (0..<8192).contains(pcrPID) {
                states[pcrPID].carriesScannedPCR = true
            }
            for stream in pmt.streams where stream.pid != 0 && stream.pid != TSPacketBytes.nullPID {
                let role: Role = stream.kind == .scte35 ? .scte35 : .pes
                if states[stream.pid].role != role || states[stream.pid].kind != stream.kind {
                    closeIfOpen(stream.pid, into: &units)
                }
                states[stream.pid].role = role
                states[stream.pid].kind = stream.kind
                states[stream.pid].syntax = stream.nalSyntax
            }
            emitTable(s, pid: pid, into: &units)
        }
    }

    private func emitTable(_ s: TSSectionCollector.Section, pid: Int, into units: inout [TSAccessUnit]) {
        emit(TSAccessUnit(pid: pid, kind: .programTable, serial: 0, firstPacket: s.firstPacket, lastPacket: s.lastPacket,
                          packetCount: 0, pts: nil, dts: nil, keyframe: false, duration: 0, section: s.bytes),
             into: &units)
    }

    func closeIfOpen(_ pid: Int, into units: inout [TSAccessUnit]) {
        if states[pid].open { close(pid, nextDecode: nil, into: &units) }
    }

    @inline(__always) func emit(_ unit: TSAccessUnit, into units: inout [TSAccessUnit]) {
        var u = unit
        u.serial = serial
        serial += 1
        stats.units += 1
        units.append(u)
    }
}
