/// Finds SCTE-35 sections, PCRs and video PES timestamps in raw MPEG-TS bytes.
///
/// It exists because FFmpeg 5.1 only exposes an SCTE-35 PID when the `CUEI` registration
/// sits in the PMT's program loop; many encoders put it in the ES loop or omit it. The
/// scanner is fed the same bytes the demuxer reads (one read of the input) and follows
/// PAT/PMT itself, so PIDs added by a later PMT version are picked up too.
///
/// Only a handful of PIDs need work; every other packet costs a table look-up.
public struct TSSectionScanner {
    private struct Role: OptionSet {
        let rawValue: UInt8
        static let psi = Role(rawValue: 1)
        static let scte35 = Role(rawValue: 2)
        static let video = Role(rawValue: 4)
        static let pcr = Role(rawValue: 8)
    }

    private var roles = [Role](repeating: [], count: 8192)
    private var assemblers: [Int: PSISectionAssembler] = [:]
    private var pmtPIDs: [Int: Int] = [:]            // PMT PID → program number
    private var maps: [Int: ProgramMap] = [:]         // PMT PID → current map
    private var scteProgram: [Int: ProgramMap] = [:]  // SCTE PID → its program
    private var lastPCR: [Int: UInt64] = [:]          // PCR PID → last PCR base
    private var videoPID: Int?
    private var carry: [UInt8] = []
    private var completed: [PSISectionAssembler.Completed] = []
    public private(set) var stats = TSScanStats()

    public init() {
        roles[0] = .psi
    }


    public mutating func feed(_ bytes: [UInt8], into events: inout [TSScanEvent]) {
        bytes.withUnsafeBytes { feed($0, into: &events) }
    }

    public mutating func feed(_ data: UnsafeRawBufferPointer, into events: inout [TSScanEvent]) {
        var i = 0
        if !carry.isEmpty {
            let need = TSPacket.size - carry.count
            carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: data[0..<min(need, data.count)]))
            i = min(need, data.count)
            guard carry.count == TSPacket.size else { return }
            let packet = carry
            carry.removeAll(keepingCapacity: true)
            if packet[0] == TSPacket.syncByte {
                packet.withUnsafeBytes { process($0, at: 0, events: &events) }
            } else {
                stats.syncLosses += 1
                i = 0                                  // resync within the new data
            }
        }
        while i + TSPacket.size <= data.count {
            if data[i] != TSPacket.syncByte {
                stats.syncLosses += 1
                i = resync(data, from: i + 1)
                continue
            }
            process(data, at: i, events: &events)
            i += TSPacket.size
        }
        if i < data.count {
            carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: data[i..<data.count]))
        }
    }

    /// Next offset that looks like a packet start (a sync byte followed by another 188 later,
    /// or a sync byte too near the end to check).
    private func resync(_ data: UnsafeRawBufferPointer, from start: Int) -> Int {
        var j = start
        while j < data.count {
            if data[j] == TSPacket.syncByte,
               j + TSPacket.size >= data.count || data[j + TSPacket.size] == TSPacket.syncByte {
                return j
            }
            j += 1
        }
        return data.count
    }

    private mutating func process(_ p: UnsafeRawBufferPointer, at o: Int, events: inout [TSScanEvent]) {
        let offset = stats.bytes
        let index = stats.packets
        stats.bytes += Int64(TSPacket.size)
        stats.packets += 1
        let pid = (Int(p[o + 1] & 0x1F) << 8) | Int(p[o + 2])
        let role = roles[pid]
        if role.isEmpty { return }
        // Most packets are the video PID's: only a PES start (its PTS) or a PCR matters there, so
        // the rest are told apart by the header bytes before any parsing.
        if role.contains(.video), role.isSubset(of: [.video, .pcr]), p[o + 1] & 0x40 == 0,
           p[o + 3] & 0x20 == 0 || p[o + 4] == 0 || p[o + 5] & 0x10 == 0 {
            return
        }
        let packet = TSPacket(p, at: o)
        if role.contains(.pcr), let pcr = packet.pcrBase { lastPCR[pid] = pcr }
        guard packet.hasPayload, let payloadStart = packet.payloadOffset else { return }
        let start = o + payloadStart, end = o + TSPacket.size
        if role.contains(.video) {
            if packet.payloadUnitStart, let pts = PESHeader.pts(p, from: start, to: end) {
                events.append(.videoPTS(pts: pts, byteOffset: offset, packetIndex: index))
            }
            return
        }
        completed.removeAll(keepingCapacity: true)
        assemblers[pid, default: PSISectionAssembler()].push(
            payload: p, from: start, to: end, unitStart: packet.payloadUnitStart,
            cc: packet.continuityCounter, byteOffset: offset, packetIndex: index, into: &completed)
        for section in completed {
            handleSection(section, pid: pid, role: role, events: &events)
        }
    }

    private mutating func handleSection(_ s: PSISectionAssembler.Completed, pid: Int, role: Role,
                                        events: inout [TSScanEvent]) {
        guard let tableID = s.bytes.first else { return }
        if role.contains(.scte35), tableID == 0xFC {
            stats.sections += 1
            let program = scteProgram[pid]
            let pcr = program.flatMap { lastPCR[$0.pcrPID] }
            events.append(.section(ScannedSection(
                pid: pid, bytes: s.bytes, byteOffset: s.byteOffset, packetIndex: s.packetIndex, lastPCR: pcr,
                libavformatExposes: program?.libavformatExposesSCTE35(pid: pid) ?? false)))
        } else if pid == 0, tableID == 0x00, let pat = ProgramAssociation.parse(s.bytes) {
            for (program, pmt) in pat where pmtPIDs[pmt] == nil {
                pmtPIDs[pmt] = program
                roles[pmt].insert(.psi)
            }
        } else if tableID == 0x02, pmtPIDs[pid] != nil, let map = ProgramMap.parse(s.bytes, pid: pid) {
            if maps[pid] != map {
                apply(map)
                events.append(.programMap(map))
            }
        }
    }

    private mutating func apply(_ map: ProgramMap) {
        maps[map.pmtPID] = map
        for pid in map.scte35PIDs {
            roles[pid].insert(.scte35)
            scteProgram[pid] = map
        }
        roles[map.pcrPID].insert(.pcr)
        if videoPID == nil, let v = map.videoPID {
            videoPID = v
            roles[v].insert(.video)
        }
        stats.continuityErrors = assemblers.values.reduce(0) { $0 + $1.continuityErrors }
    }
}
