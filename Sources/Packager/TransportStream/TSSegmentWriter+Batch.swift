extension TSSegmentWriter {
    /// Writes the pending units' packets in input order: one walk over the input range they
    /// cover, taking each packet whose PID's current pending unit contains it.
    func flushPending() throws {
        guard !pending.isEmpty else { return }
        pending.sort { $0.firstPacket < $1.firstPacket || ($0.firstPacket == $1.firstPacket && $0.serial < $1.serial) }
        if nextOnPID.count < pending.count { nextOnPID = [Int32](repeating: -1, count: pending.count) }
        var tail = [Int: Int32]()
        var lo = Int64.max, hi = Int64.min
        for i in pending.indices.reversed() where pending[i].section == nil && pending[i].replacementPES == nil {
            let pid = pending[i].pid
            nextOnPID[i] = head[pid]
            head[pid] = Int32(i)
            tail[pid] = tail[pid] ?? Int32(i)
            lo = min(lo, pending[i].firstPacket)
            hi = max(hi, pending[i].lastPacket)
        }
        var nextSection = 0
        if lo <= hi {
            var offset = lo
            let grid = self.grid, input = self.input, head = self.head
            var cursor = grid.cursor(from: lo)
            while offset <= hi {
                while nextSection < pending.count, pending[nextSection].firstPacket <= offset {
                    try emitIfSection(nextSection)
                    nextSection += 1
                }
                let p = try input.packet(at: offset)
                let pid = TSPacketBytes.pid(p)
                let u = Int(head[pid])
                if u >= 0, pending[u].firstPacket <= offset {
                    try take(p, at: offset, unit: u)
                    if offset >= pending[u].lastPacket { head[pid] = nextOnPID[u] }
                } else if !droppedPCRPIDs.isEmpty, offset > lastDroppedPCR, TSPacketBytes.hasPCR(p), droppedPCRPIDs.contains(pid) {
                    // hasPCR first: a byte test, where the set's hashing of every packet a second
                    // rendition's writer walks past was 1.6 % of a two-rendition channel (perf).
                    lastDroppedPCR = offset
                    try emitPCR(pid: pid, at: offset)
                }
                offset = grid.step(from: offset, cursor: &cursor)
            }
        }
        while nextSection < pending.count {
            try emitIfSection(nextSection)
            nextSection += 1
        }
        for pid in tail.keys { head[pid] = -1 }
        pending.removeAll(keepingCapacity: true)
        // Without a file to pass runs through from (live input), a run gains nothing by waiting
        // for the next batch, and would keep the input window holding its bytes until then.
        if input.passthroughDescriptor == nil { try flushRun() }
    }

    private func emitIfSection(_ i: Int) throws {
        if let pes = pending[i].replacementPES { return try emitPES(pid: pending[i].pid, pes, pcr: pending[i].replacementPCR) }
        guard let section = pending[i].section else { return }
        switch pending[i].kind {
        case .scte35:
            try emitSection(pid: pending[i].pid, TSSpliceSectionRewrite.shifted(section, back: shift))
        case .programTable:
            try updateTable(pid: pending[i].pid, section)
        default: break
        }
    }

    /// A new PAT/PMT version mid-output: kept for later segment starts and sent at once.
    private func updateTable(pid: Int, _ section: [UInt8]) throws {
        if pid == 0, section.first == 0x00 {
            guard section != association else { return }
            association = section
            try emitSection(pid: 0, section)
        } else if let table = TSProgramTable(section: section, pid: pid) {
            let out = table.outputSection(dropping: droppedPIDs)
            droppedPCRPIDs = droppedPIDs.contains(table.pcrPID) ? [table.pcrPID] : []
            guard maps[pid] != out else { return }
            maps[pid] = out
            try emitSection(pid: pid, out)
        }
    }

    /// One input packet into the output: counter renumbered, timestamps shifted.
    private func take(_ p: UnsafeRawPointer, at offset: Int64, unit: Int) throws {
        let pid = TSPacketBytes.pid(p)
        let inCC = TSPacketBytes.continuity(p)
        let last = lastCC[pid]
        let outCC: UInt8
        if TSPacketBytes.hasPayload(p) {
            outCC = last == 0xFF ? inCC : (last &+ 1) & 0x0F
        } else {
            outCC = last == 0xFF ? inCC : last                 // no payload: the counter stays
        }
        lastCC[pid] = outCC
        packetsWritten += 1
        let retime = shift != 0 && (TSPacketBytes.hasPCR(p) || (TSPacketBytes.unitStart(p) && pending[unit].pts != nil))
        if outCC == inCC, !retime {
            if let r = run, r.start + Int64(r.count * TSPacketBytes.size) == offset {
                run = (r.start, r.count + 1)
            } else {
                try flushRun()
                run = (offset, 1)
            }
            return
        }
        try flushRun()
        let q = try reserve()
        // Fetched again: flushing the run may have reused the window's scratch packet (a packet
        // split across appended chunks) that `p` pointed at.
        q.copyMemory(from: try input.packet(at: offset), byteCount: TSPacketBytes.size)
        TSPacketBytes.setContinuity(q, outCC)
        guard retime else { return }
        if TSPacketBytes.hasPCR(q) {
            TSPacketBytes.setPCRBase(q, TSTimestampField.shifted(TSPacketBytes.pcrBase(q), back: shift))
        }
        if TSPacketBytes.unitStart(q), let payload = TSPacketBytes.payloadOffset(q),
           let fields = TSPESTimestamps(UnsafeRawPointer(q), payload: payload) {
            for field in [fields.ptsOffset, fields.dtsOffset].compactMap({ $0 }) {
                TSTimestampField.write(q, at: field, TSTimestampField.shifted(TSTimestampField.read(q, at: field), back: shift))
            }
        }
    }

    /// Room for one packet at the end of the buffer.
    private func reserve() throws -> UnsafeMutableRawPointer {
        if used + TSPacketBytes.size > bufferSize { try flushBuffer(whole: false) }
        defer { used += TSPacketBytes.size }
        return buffer + used
    }

    /// The unchanged stretch: through the kernel when long enough and the input is a file,
    /// else copied into the buffer.
    func flushRun() throws {
        guard let r = run else { return }
        run = nil
        let bytes = r.count * TSPacketBytes.size
        if bytes >= passthroughThreshold, let fd = input.passthroughDescriptor, let file, file.copiesRanges {
            try flushBuffer()
            if try file.copy(from: fd, at: r.start, count: bytes) {
                noteThrough(Int64(bytes))
                return
            }
        }
        // In as few copies as the input's pieces and the buffer allow (a copy per packet was a
        // tenth of the writer's instructions).
        var done = 0
        while done < r.count {
            if used + TSPacketBytes.size > bufferSize { try flushBuffer(whole: false) }
            let room = (bufferSize - used) / TSPacketBytes.size
            let (bytes, n) = try input.packets(at: r.start + Int64(done * TSPacketBytes.size), upTo: min(r.count - done, room))
            (buffer + used).copyMemory(from: bytes, byteCount: n * TSPacketBytes.size)
            used += n * TSPacketBytes.size
            done += n
        }
    }

    /// A PES built here (with a PTS at bytes 9–13, and a DTS at 14–18 when PTS_DTS_flags say so)
    /// as fresh packets on `pid`, its timestamps shifted; `pcr` (a raw 48-bit PCR field) goes into
    /// the first packet's adaptation field, shifted too; the last packet is filled out with
    /// adaptation-field stuffing.
    func emitPES(pid: Int, _ pes: [UInt8], pcr: UInt64? = nil) throws {
        try flushRun()
        var bytes = pes
        if shift != 0, bytes.count >= 14 {
            let hasDTS = bytes.count >= 19 && bytes[7] >> 6 == 0x3
            bytes.withUnsafeMutableBytes { b in
                guard let base = b.baseAddress else { return }
                for field in hasDTS ? [9, 14] : [9] {
                    TSTimestampField.write(base, at: field, TSTimestampField.shifted(TSTimestampField.read(base, at: field), back: shift))
                }
            }
        }
        var i = 0
        while i < bytes.count {
            let q = try reserve()
            let last = lastCC[pid]
            let cc: UInt8 = last == 0xFF ? 0 : (last &+ 1) & 0x0F
            lastCC[pid] = cc
            packetsWritten += 1
            let clock = i == 0 ? pcr : nil
            let take = min(184 - (clock == nil ? 0 : 8), bytes.count - i)
            let adaptation = 184 - take                     // adaptation field bytes, length byte included
            q.storeBytes(of: TSPacketBytes.sync, as: UInt8.self)
            q.storeBytes(of: (i == 0 ? 0x40 : 0x00) | UInt8(pid >> 8 & 0x1F), toByteOffset: 1, as: UInt8.self)
            q.storeBytes(of: UInt8(pid & 0xFF), toByteOffset: 2, as: UInt8.self)
            q.storeBytes(of: (adaptation > 0 ? 0x30 : 0x10) | cc, toByteOffset: 3, as: UInt8.self)
            if adaptation > 0 {
                q.storeBytes(of: UInt8(adaptation - 1), toByteOffset: 4, as: UInt8.self)
                if adaptation > 1 {
                    q.storeBytes(of: clock == nil ? 0 : 0x10, toByteOffset: 5, as: UInt8.self)
                    var filled = 6
                    if let clock {
                        for k in 0..<6 { q.storeBytes(of: UInt8(truncatingIfNeeded: clock >> (40 - 8 * k)), toByteOffset: 6 + k, as: UInt8.self) }
                        if shift != 0 { TSPacketBytes.setPCRBase(q, TSTimestampField.shifted(TSPacketBytes.pcrBase(q), back: shift)) }
                        filled = 12
                    }
                    (q + filled).initializeMemory(as: UInt8.self, repeating: 0xFF, count: 4 + adaptation - filled)
                }
            }
            bytes.withUnsafeBytes { src in
                if let base = src.baseAddress { (q + 4 + adaptation).copyMemory(from: base + i, byteCount: take) }
            }
            i += take
        }
    }

    /// The PCR of input packet `p` alone in a packet on its PID (adaptation field only, so its
    /// continuity counter stays as it was, ISO/IEC 13818-1 §2.4.3.3), shifted like the rest.
    private func emitPCR(pid: Int, at offset: Int64) throws {
        try flushRun()
        let q = try reserve()
        // Fetched after the flush, which may have reused the window's scratch packet.
        let p = try input.packet(at: offset)
        if lastCC[pid] == 0xFF { lastCC[pid] = 0 }
        packetsWritten += 1
        q.storeBytes(of: TSPacketBytes.sync, as: UInt8.self)
        q.storeBytes(of: UInt8(pid >> 8 & 0x1F), toByteOffset: 1, as: UInt8.self)
        q.storeBytes(of: UInt8(pid & 0xFF), toByteOffset: 2, as: UInt8.self)
        q.storeBytes(of: 0x20 | lastCC[pid], toByteOffset: 3, as: UInt8.self)
        q.storeBytes(of: UInt8(183), toByteOffset: 4, as: UInt8.self)
        q.storeBytes(of: UInt8(0x10), toByteOffset: 5, as: UInt8.self)
        (q + 6).copyMemory(from: p + 6, byteCount: 6)
        (q + 12).initializeMemory(as: UInt8.self, repeating: 0xFF, count: TSPacketBytes.size - 12)
        if shift != 0 { TSPacketBytes.setPCRBase(q, TSTimestampField.shifted(TSPacketBytes.pcrBase(q), back: shift)) }
    }

    /// A PSI or SCTE-35 section as fresh packets on `pid` (pointer_field 0, 0xFF stuffing).
    func emitSection(pid: Int, _ section: [UInt8]) throws {
        try flushRun()
        var i = 0
        repeat {
            let q = try reserve()
            let last = lastCC[pid]
            let cc: UInt8 = last == 0xFF ? 0 : (last &+ 1) & 0x0F
            lastCC[pid] = cc
            packetsWritten += 1
            i += TSPacketBytes.writeSectionPacket(q, pid: pid, cc: cc, section: section, from: i)
        } while i < section.count
    }
}
