import CueDetect

/// What CueDetect's `TSSectionScanner` finds — the first video PID's PES timestamps, each
/// splice_info_section with the last PCR of its programme, new PMTs — taken from the indexer's own
/// walk over the packets instead of a second walk by the scanner (that was 5 % of a `pkgctl vod`
/// run of a TS file: every packet's header read twice). The same rules as the scanner's: the
/// video PID is the first PMT's first video stream, SCTE-35 PIDs are `ProgramMap.scte35PIDs`, and
/// the events come in packet order.
struct TSCueScan {
    private(set) var events: [TSScanEvent] = []
    /// SCTE-35 PID → the programme map that named it.
    private var programs: [Int: ProgramMap] = [:]
    /// PCR PID → its last PCR base.
    private var lastPCR: [Int: UInt64] = [:]
    private(set) var videoPID: Int?

    mutating func take() -> [TSScanEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// A new PMT version; returns the PCR PID whose PCRs to report from now on.
    mutating func programMap(_ section: [UInt8], pid: Int) -> Int? {
        guard let map = ProgramMap.parse(section, pid: pid) else { return nil }
        for scte in map.scte35PIDs { programs[scte] = map }
        if videoPID == nil { videoPID = map.videoPID }
        events.append(.programMap(map))
        return map.pcrPID
    }

    mutating func pcr(_ base: UInt64, pid: Int) { lastPCR[pid] = base }

    mutating func videoPTS(_ pts: UInt64, at offset: Int64, packet: Int64) {
        events.append(.videoPTS(pts: pts, byteOffset: offset, packetIndex: packet))
    }

    mutating func section(_ bytes: [UInt8], pid: Int, at offset: Int64, packet: Int64) {
        let program = programs[pid]
        events.append(.section(ScannedSection(pid: pid, bytes: bytes, byteOffset: offset, packetIndex: packet,
                                              lastPCR: program.flatMap { lastPCR[$0.pcrPID] },
                                              libavformatExposes: program?.libavformatExposesSCTE35(pid: pid) ?? false)))
    }
}
