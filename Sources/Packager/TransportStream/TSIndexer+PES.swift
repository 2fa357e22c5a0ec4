import CueDetect

extension TSIndexer {
    /// A packet of an elementary stream (or of a PID no PMT has named yet).
    func pes(_ p: UnsafeRawPointer, pid: Int, state: UnsafeMutablePointer<PIDState>, at offset: Int64, into units: inout [TSAccessUnit]) {
        let hasPayload = TSPacketBytes.hasPayload(p)
        if hasPayload {
            let cc = TSPacketBytes.continuity(p)
            let last = state.pointee.lastCC
            if last != 0xFF, cc != (last &+ 1) & 0x0F, cc != last, !TSPacketBytes.discontinuity(p) {
                stats.continuityErrors += 1
            }
            state.pointee.lastCC = cc
        }
        if hasPayload, TSPacketBytes.unitStart(p), let payload = TSPacketBytes.payloadOffset(p) {
            start(p, pid: pid, state: state, payload: payload, at: offset, into: &units)
            return
        }
        guard state.pointee.open else { return }            // before the first unit start: not ours
        state.pointee.last = offset
        state.pointee.count += 1
        guard hasPayload, let payload = TSPacketBytes.payloadOffset(p) else { return }
        if !state.pointee.probe.done { state.pointee.probe.scan(p, from: payload, to: TSPacketBytes.size) }
        if let left = state.pointee.remaining {
            state.pointee.remaining = left - (TSPacketBytes.size - payload)
            if left - (TSPacketBytes.size - payload) <= 0 { close(pid, nextDecode: nil, into: &units) }
        }
    }

    /// A payload_unit_start packet: the PID's previous unit ends, a new one begins.
    private func start(_ p: UnsafeRawPointer, pid: Int, state: UnsafeMutablePointer<PIDState>, payload: Int, at offset: Int64, into units: inout [TSAccessUnit]) {
        var pts: Int64?, dts: Int64?
        var headerEnd = payload
        var remaining: Int?
        if state.pointee.role == .pes, let fields = TSPESTimestamps(p, payload: payload) {
            let rawDTS = fields.dtsOffset.map { TSTimestampField.read(p, at: $0) }
            let rawPTS = fields.ptsOffset.map { TSTimestampField.read(p, at: $0) }
            if let raw = rawPTS, cueScan != nil, pid == cueScan?.videoPID {
                cueScan?.videoPTS(UInt64(raw), at: offset, packet: offset / Int64(TSPacketBytes.size))
            }
            if let decode = rawDTS ?? rawPTS {
                let d = state.pointee.clock.unwrap(decode)
                dts = rawDTS == nil ? nil : d
                pts = rawPTS.map { ProgramClock.unwrap($0, near: d) }
            }
            headerEnd = payload + 9 + Int(p.load(fromByteOffset: payload + 8, as: UInt8.self))
            let length = Int(p.load(fromByteOffset: payload + 4, as: UInt8.self)) << 8
                | Int(p.load(fromByteOffset: payload + 5, as: UInt8.self))
            if length > 0 { remaining = length + 6 - (TSPacketBytes.size - payload) }
        }
        if state.pointee.open { close(pid, nextDecode: dts ?? pts, into: &units) }
        if !state.pointee.open, !startedPIDs.contains(pid) { startedPIDs.append(pid) }
        state.pointee.open = true
        state.pointee.first = offset
        state.pointee.last = offset
        state.pointee.count = 1
        state.pointee.pts = pts
        state.pointee.dts = dts
        state.pointee.keyframe = TSPacketBytes.randomAccess(p)
        state.pointee.remaining = remaining
        if state.pointee.kind == .video, let syntax = state.pointee.syntax {
            state.pointee.probe.start(syntax)
            state.pointee.probe.scan(p, from: min(headerEnd, TSPacketBytes.size), to: TSPacketBytes.size)
        }
        if let decode = dts ?? pts {
            if let previous = state.pointee.previousDecode, decode > previous, decode - previous <= 180_000 { state.pointee.lastDuration = decode - previous }
            state.pointee.previousDecode = decode
        }
        if let left = remaining, left <= 0 { close(pid, nextDecode: nil, into: &units) }
    }

    /// Ends the PID's open unit; `nextDecode` (the next unit's decode time) gives its duration.
    func close(_ pid: Int, nextDecode: Int64?, into units: inout [TSAccessUnit]) {
        let s = states[pid]
        states[pid].open = false
        var duration = s.lastDuration
        // A step of over 2 s is a gap in the stream or a damaged timestamp, not this unit's
        // length: it keeps the previous one (a damaged next DTS made a live segment 6,506 s long).
        if let next = nextDecode, let this = s.dts ?? s.pts, next > this, next - this <= 180_000 { duration = next - this }
        let kind: TSAccessUnit.Kind = s.role == .pes ? s.kind : .other
        let key = kind == .video && (s.keyframe || (s.probe.keyframe && s.syntax != nil))
        emit(TSAccessUnit(pid: pid, kind: kind, serial: 0, firstPacket: s.first, lastPacket: s.last,
                          packetCount: s.count, pts: s.pts, dts: s.dts, keyframe: key, duration: duration,
                          section: nil), into: &units)
    }
}
